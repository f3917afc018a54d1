import { describe, expect, it } from 'vitest';
import { decodeCsv, isValidUtf8 } from './decode';
import { fixture } from './testFiles';

const utf16le = (text: string) => {
  const out = new Uint8Array(2 + text.length * 2);
  out.set([0xff, 0xfe]);
  for (let i = 0; i < text.length; i++) {
    out[2 + i * 2] = text.charCodeAt(i) & 0xff;
    out[3 + i * 2] = text.charCodeAt(i) >> 8;
  }
  return out;
};

describe('decodeCsv', () => {
  it('reads an Excel (Spanish) file saved in Windows-1252 without losing accents', () => {
    const bytes = fixture('excel-es-semicolon-cp1252.csv');
    expect(isValidUtf8(bytes)).toBe(false);
    const { text, encoding } = decodeCsv(bytes);
    expect(encoding).toBe('windows-1252');
    expect(text).toContain('José Núñez');
    expect(text).toContain('Íñigo Ibáñez');
    expect(text.startsWith('Nombre;Correo;Teléfono')).toBe(true);
  });

  it('reads UTF-8 with a BOM and drops the BOM', () => {
    const { text, encoding } = decodeCsv(fixture('companies-multiline-notes.csv'));
    expect(encoding).toBe('utf-8');
    expect(text.startsWith('Company Name,')).toBe(true);
    expect(text).toContain('Cafetalera Montaña Azul');
  });

  it('reads UTF-8 without a BOM', () => {
    const { text, encoding } = decodeCsv(fixture('hubspot-contacts.csv'));
    expect(encoding).toBe('utf-8');
    expect(text).toContain('Sofía');
  });

  it('reads UTF-16 with its BOM (Excel "Unicode text")', () => {
    const { text, encoding } = decodeCsv(utf16le('Nombre\tEmail\r\nJosé Núñez\tjose@x.hn\r\n'));
    expect(encoding).toBe('utf-16le');
    expect(text).toBe('Nombre\tEmail\r\nJosé Núñez\tjose@x.hn\r\n');
  });

  it('follows the encoding the user chose', () => {
    const utf8 = new TextEncoder().encode('Núñez');
    expect(decodeCsv(utf8, 'windows-1252').text).toBe('NÃºÃ±ez');
    expect(decodeCsv(fixture('excel-es-semicolon-cp1252.csv'), 'utf-8').text).toContain('\uFFFD');
  });

  it('gives an empty text for an empty file', () => {
    expect(decodeCsv(new Uint8Array())).toEqual({ text: '', encoding: 'utf-8' });
  });
});
