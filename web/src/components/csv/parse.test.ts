import { describe, expect, it } from 'vitest';
import { decodeCsv } from './decode';
import { parseCsvText } from './parse';
import { fixture, generatedContactsCsv } from './testFiles';

const parseFixture = (name: string) => parseCsvText(decodeCsv(fixture(name)).text);

describe('parseCsvText', () => {
  it('detects the semicolon of Excel in Spanish and keeps a quoted semicolon', () => {
    const { headers, rows, delimiter } = parseFixture('excel-es-semicolon-cp1252.csv');
    expect(delimiter).toBe(';');
    expect(headers).toEqual([
      'Nombre',
      'Correo',
      'Teléfono',
      'Empresa',
      'Cargo',
      'Ciudad',
      'País',
      'Etapa',
      'Es cliente',
    ]);
    expect(rows).toHaveLength(5);
    expect(rows[2]![4]).toBe('Jefe de logística; bodega');
    expect(rows[2]![3]).toBe('Exportadora Ceiba, S.A.');
  });

  it('detects commas and keeps quoted fields with line breaks, quotes and CRLF', () => {
    const { headers, rows, delimiter } = parseFixture('companies-multiline-notes.csv');
    expect(delimiter).toBe(',');
    expect(headers[0]).toBe('Company Name');
    expect(rows).toHaveLength(4);
    expect(rows[0]![5]).toBe(
      'Cooperativa de 40 socios.\r\nExporta a Alemania y Japón; cosecha de noviembre a marzo.',
    );
    expect(rows[1]![0]).toBe('Ferretería "El Niño"');
    expect(rows[1]![5]).toBe('Pide crédito a 30 días,\r\npago contra entrega.\r\n\r\nContacto: María Peña');
    expect(rows[3]![5]).toContain('Multi-line "quoted" note\r\nwith a comma, and a tab\tinside');
  });

  it('detects tabs', () => {
    const { delimiter, headers, rows } = parseFixture('duplicates-bad-emails.tsv');
    expect(delimiter).toBe('\t');
    expect(headers).toEqual(['name', 'email', 'phone', 'company', 'lifecycle stage']);
    expect(rows).toHaveLength(8);
  });

  it('pads short rows, so every row is as wide as the header', () => {
    const { rows } = parseCsvText('a,b,c\n1\n1,2,3,4\n');
    expect(rows).toEqual([
      ['1', '', ''],
      ['1', '2', '3'],
    ]);
  });

  it('an empty file has no header and no rows; a header-only file no rows', () => {
    expect(parseFixture('empty.csv')).toMatchObject({ headers: [], rows: [] });
    expect(parseFixture('headers-only.csv')).toMatchObject({
      headers: ['Nombre', 'Email', 'Teléfono', 'Empresa'],
      rows: [],
    });
  });

  it('parses a 10 MB file generated here (not committed) in a few seconds', () => {
    const { text, rows: expected } = generatedContactsCsv(10 * 1024 * 1024);
    const started = performance.now();
    const { rows, delimiter } = parseCsvText(decodeCsv(new TextEncoder().encode(text)).text);
    const ms = performance.now() - started;
    expect(delimiter).toBe(';');
    expect(rows).toHaveLength(expected);
    expect(rows[7]![6]).toBe('Llamar el lunes;\r\nenviar "cotización"');
    expect(ms).toBeLessThan(15_000);
  });
});
