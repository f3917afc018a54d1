import { describe, expect, it } from 'vitest';
import { suggestMapping } from './fields';
import { CsvSession } from './session';
import { fixture, generatedContactsCsv } from './testFiles';
import { validateRow } from './validate';

async function validated(name: string, entity: 'contacts' | 'companies' = 'contacts') {
  const session = new CsvSession();
  const summary = session.load(fixture(name), 'auto');
  const mapping = suggestMapping(entity, summary.headers);
  return { summary, ...(await session.validate(entity, mapping, () => undefined)) };
}

const reasons = (refused: { row: number; issues: { reason: string; field?: string; value?: string }[] }[]) =>
  refused.map((r) => [r.row, ...r.issues.map((i) => [i.reason, i.field ?? null, i.value ?? null])]);

describe('row validation', () => {
  it('an Excel-Spanish file: accents kept, stages and yes/no read, a bad e-mail refused by row', async () => {
    const { summary, valid, refused } = await validated('excel-es-semicolon-cp1252.csv');
    expect(summary).toMatchObject({ rowCount: 5, delimiter: ';', encoding: 'windows-1252' });
    expect(valid.map((v) => v.row)).toEqual([2, 3, 4, 6]);
    expect(valid[0]).toMatchObject({
      values: {
        name: 'José Núñez',
        email: 'jose.nunez@cafetaleramontana.hn',
        phone: '+504 2764-1200',
        jobTitle: 'Gerente de compras',
        city: 'Marcala',
        country: 'Honduras',
        lifecycleStage: 'customer',
        isCustomer: true,
        status: 'active',
      },
      companyName: 'Cafetalera Montaña Azul',
    });
    expect(valid[2]!.values).toMatchObject({
      name: 'Íñigo Ibáñez',
      lifecycleStage: 'lead',
      isCustomer: false,
    });
    expect(valid[2]!.provided).not.toContain('isCustomer');
    expect(reasons(refused)).toEqual([[5, ['email', 'email', null]]]);
    expect(refused[0]!.cells[0]).toBe('Begoña Muñoz');
  });

  it('a HubSpot export: names composed, HubSpot stages mapped, a formula kept as text', async () => {
    const { valid, refused } = await validated('hubspot-contacts.csv');
    expect(valid.map((v) => [v.row, v.values.name, v.values.lifecycleStage])).toEqual([
      [2, 'Sofía Hernández', 'customer'],
      [3, 'Daniel Castro', 'lead'],
      [4, 'Lucía', 'prospect'],
      [6, 'Pedro Zelaya', 'partner'],
    ]);
    expect(valid[2]!.values.phone).toBe('=2+5');
    expect(reasons(refused)).toEqual([[5, ['nameRequired', 'name', null]]]);
  });

  it('duplicates inside the file and bad values, each with its reason and row', async () => {
    const { valid, refused } = await validated('duplicates-bad-emails.tsv');
    expect(valid.map((v) => v.row)).toEqual([2, 8]);
    expect(reasons(refused)).toEqual([
      [3, ['duplicateInFile', null, '2']],
      [4, ['nameRequired', 'name', null]],
      [5, ['email', 'email', null]],
      [6, ['email', 'email', null]],
      [7, ['unknownValue', 'lifecycleStage', 'vip']],
      [9, ['duplicateInFile', null, '8']],
    ]);
  });

  it('companies with multi-line notes, employee counts and bare domains', async () => {
    const { valid, refused } = await validated('companies-multiline-notes.csv', 'companies');
    expect(reasons(refused)).toEqual([[2, ['unknownValue', 'industry', 'Agricultura']]]);
    expect(valid.map((v) => v.values)).toMatchObject([
      {
        name: 'Ferretería "El Niño"',
        industry: 'retail',
        size: '1-10',
        website: 'https://ferreteriaelnino.hn',
      },
      { name: 'Exportadora Ceiba', industry: 'manufacturing', size: '1000+', website: null },
      {
        name: 'Servicios Tecnológicos del Valle',
        industry: 'technology',
        size: '51-200',
        website: 'https://www.stv.hn',
      },
    ]);
    expect(valid[0]!.values.notes).toBe(
      'Pide crédito a 30 días,\r\npago contra entrega.\r\n\r\nContacto: María Peña',
    );
  });

  it('an empty file and a header-only file have nothing to validate', async () => {
    for (const name of ['empty.csv', 'headers-only.csv']) {
      const { summary, valid, refused } = await validated(name);
      expect(summary.rowCount).toBe(0);
      expect([valid, refused]).toEqual([[], []]);
    }
  });

  it('too long texts and bad URLs are refused with the field', () => {
    const verdict = validateRow(
      'contacts',
      ['x'.repeat(201), 'javascript:alert(1)'],
      ['name', 'linkedinUrl'],
      2,
    );
    expect(verdict.ok).toBe(false);
    if (!verdict.ok)
      expect(reasons([verdict.refused])).toEqual([
        [2, ['tooLong', 'name', null], ['url', 'linkedinUrl', null]],
      ]);
  });

  it('validates 50,000 rows in chunks, reporting progress', async () => {
    const { text, rows } = generatedContactsCsv(7 * 1024 * 1024);
    const session = new CsvSession();
    const summary = session.load(new TextEncoder().encode(text), 'auto');
    expect(rows).toBeGreaterThan(50_000);
    const progress: number[] = [];
    const result = await session.validate('contacts', suggestMapping('contacts', summary.headers), (done) => {
      progress.push(done);
    });
    expect(result.valid).toHaveLength(rows);
    expect(progress.length).toBeGreaterThan(20);
    expect(progress.at(-1)).toBe(rows);
  }, 60_000);
});
