import { describe, expect, it } from 'vitest';
import type { Company, Contact } from '@trato/model';
import en from '@/i18n/en.json';
import es from '@/i18n/es.json';
import enCsv from '@/i18n/locales/en/csv.json';
import esCsv from '@/i18n/locales/es/csv.json';
import { decodeCsv } from './decode';
import { csvCell, csvFileText, csvLine, exportCells, exportHeader, type ExportLabels } from './exportCsv';
import { suggestMapping } from './fields';
import { CsvSession } from './session';

const catalogues = { es: { core: es, csv: esCsv }, en: { core: en, csv: enCsv } };
function labels(language: 'es' | 'en'): ExportLabels {
  const { core, csv } = catalogues[language];
  return {
    header: (target) => (csv.columns as Record<string, string>)[target]!,
    enumLabel: (enumName, code) => (core.enums[enumName] as Record<string, string>)[code]!,
    yes: csv.yes,
    no: csv.no,
  };
}

const audit = {
  createdAt: null,
  updatedAt: null,
  createdBy: 'u1',
  searchTokens: [],
  searchIndex: {},
} as unknown as Pick<Contact, 'createdAt' | 'updatedAt' | 'createdBy' | 'searchTokens' | 'searchIndex'>;
const contacts: Contact[] = [
  {
    ...audit,
    name: 'José Núñez',
    email: 'jose@montana.hn',
    phone: '+504 2764-1200',
    companyId: 'c1',
    companyName: 'Cafetalera Montaña Azul, S.A.',
    jobTitle: '=Gerente "de compras"',
    city: 'Marcala',
    country: 'Honduras',
    rtn: '0801-1990-12345',
    status: 'inactive',
    isCustomer: true,
    lifecycleStage: 'customer',
    linkedinUrl: 'https://www.linkedin.com/in/josenunez',
    ownerId: 'u1',
  },
  {
    ...audit,
    name: '@Begoña\nMuñoz',
    email: null,
    companyId: null,
    companyName: 'stale name without a company',
    status: 'active',
    isCustomer: false,
    lifecycleStage: 'partner',
    ownerId: 'u1',
  },
];
const companies: Company[] = [
  {
    ...audit,
    name: 'Ferretería "El Niño"',
    website: 'https://ferreteriaelnino.hn',
    phone: '-99',
    industry: 'construction',
    size: '1000+',
    city: 'Tegucigalpa',
    address: 'Col. Palmira,\r\nCalle 3',
    notes: 'Línea 1\r\nLínea 2; "citas"\ty tab',
  },
  { ...audit, name: 'Sin datos' },
];

/** Export → the bytes a browser downloads → the import's parsing, mapping and validation. */
async function roundTrip(
  entity: 'contacts' | 'companies',
  records: (Contact | Company)[],
  language: 'es' | 'en',
) {
  const l = labels(language);
  const text = csvFileText([
    csvLine(exportHeader(entity, l)),
    ...records.map((r) => csvLine(exportCells(entity, r, l))),
  ]);
  const bytes = new TextEncoder().encode(text);
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(decodeCsv(bytes).text.includes('\uFEFF')).toBe(false);
  const session = new CsvSession();
  const summary = session.load(bytes, 'auto');
  const mapping = suggestMapping(entity, summary.headers);
  expect(mapping).not.toContain(null);
  return { text, ...(await session.validate(entity, mapping, () => undefined)) };
}

describe('export', () => {
  it('quotes and neutralises cells', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('@x,y')).toBe('"\'@x,y"');
    expect(csvCell('\tx')).toBe('"\'\tx"');
    expect(csvLine(['a', 'b\r\nc'])).toBe('a,"b\r\nc"');
  });

  for (const language of ['es', 'en'] as const) {
    it(`contacts re-import without loss (${language})`, async () => {
      const { text, valid, refused } = await roundTrip('contacts', contacts, language);
      expect(text.split('\r\n')[1]).toContain("'+504 2764-1200");
      expect(refused).toEqual([]);
      expect(valid[0]!.values).toEqual({
        name: 'José Núñez',
        email: 'jose@montana.hn',
        phone: '+504 2764-1200',
        jobTitle: '=Gerente "de compras"',
        city: 'Marcala',
        country: 'Honduras',
        rtn: '0801-1990-12345',
        status: 'inactive',
        isCustomer: true,
        lifecycleStage: 'customer',
        linkedinUrl: 'https://www.linkedin.com/in/josenunez',
        companyId: null,
      });
      expect(valid[0]!.companyName).toBe('Cafetalera Montaña Azul, S.A.');
      expect(valid[1]!.values).toMatchObject({
        name: '@Begoña\nMuñoz',
        email: null,
        lifecycleStage: 'partner',
      });
      expect(valid[1]!.companyName).toBeNull();
    });

    it(`companies re-import without loss (${language})`, async () => {
      const { valid, refused } = await roundTrip('companies', companies, language);
      expect(refused).toEqual([]);
      expect(valid[0]!.values).toEqual({
        name: 'Ferretería "El Niño"',
        website: 'https://ferreteriaelnino.hn',
        phone: '-99',
        linkedinUrl: null,
        industry: 'construction',
        size: '1000+',
        country: null,
        city: 'Tegucigalpa',
        address: 'Col. Palmira,\r\nCalle 3',
        notes: 'Línea 1\r\nLínea 2; "citas"\ty tab',
      });
      expect(valid[1]!.values).toMatchObject({ name: 'Sin datos', industry: null, size: null });
    });
  }
});
