// Test helpers: the fixture files (read as bytes) and a spreadsheet-shaped generated file.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** A fixture's bytes (vitest runs in web/; import.meta.url is not a file URL under jsdom). */
export const fixture = (name: string): Uint8Array<ArrayBuffer> =>
  new Uint8Array(readFileSync(path.join(process.cwd(), 'src/components/csv/fixtures', name)));

const FIRST = ['José', 'María', 'Íñigo', 'Begoña', 'Ramón', 'Lucía', 'Sofía', 'Óscar', 'Nuria', 'Ángel'];
const LAST = ['Núñez', 'Peña', 'Ibáñez', 'Muñoz', 'Ávila', 'Castañeda', 'Zúñiga', 'Gómez', 'Díaz', 'López'];

/** A contacts CSV of about `bytes` bytes (semicolon, CRLF, some quoted multi-line notes). */
export function generatedContactsCsv(bytes: number): { text: string; rows: number } {
  const lines = ['Nombre;Correo;Teléfono;Empresa;Cargo;Ciudad;Notas'];
  let size = lines[0]!.length + 2;
  let i = 0;
  while (size < bytes) {
    const name = `${FIRST[i % 10]} ${LAST[Math.floor(i / 10) % 10]} ${i}`;
    const note = i % 7 === 0 ? '"Llamar el lunes;\r\nenviar ""cotización"""' : 'Cliente desde 2020';
    const line = `${name};contacto${i}@empresa${i % 500}.hn;+504 ${2200 + (i % 7000)}-${1000 + (i % 9000)};Empresa ${i % 500};Gerente;Tegucigalpa;${note}`;
    lines.push(line);
    size += new TextEncoder().encode(line).length + 2;
    i++;
  }
  return { text: lines.join('\r\n') + '\r\n', rows: i };
}
