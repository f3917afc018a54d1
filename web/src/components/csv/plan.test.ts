import { describe, expect, it } from 'vitest';
import { companyIdForName, contactIdForEmail, contactIdForRow } from './ids';
import { lookupKeys, planImport, planWrites, type Lookups, type PlanOptions } from './plan';
import type { ValidRow } from './validate';

const contact = (
  row: number,
  values: Record<string, unknown>,
  companyName: string | null = null,
): ValidRow => ({
  row,
  values: { status: 'active', isCustomer: false, lifecycleStage: 'lead', ...values },
  provided: Object.keys(values),
  companyName,
});
const noLookups = (): Lookups => ({
  contactsByEmail: new Map(),
  existingById: new Map(),
  companiesByName: new Map(),
  companiesById: new Map(),
});
const options: PlanOptions = {
  duplicates: 'skip',
  canUpdate: true,
  canCreateCompanies: true,
  fingerprint: 'f1',
};

describe('planImport', () => {
  const rows = [
    contact(2, { name: 'José Núñez', email: 'Jose@Montana.hn' }, 'Cafetalera Montaña Azul'),
    contact(
      3,
      { name: 'Begoña Muñoz', email: 'begona@montana.hn', jobTitle: 'Contadora' },
      'CAFETALERA MONTANA AZUL',
    ),
    contact(4, { name: 'Ramón Ávila' }, 'Ferretería El Niño'),
    contact(5, { name: 'Sin empresa', email: 'nadie@x.hn' }),
  ];

  it('asks the server for both spellings of each e-mail, each company name once, and row ids', () => {
    const keys = lookupKeys('contacts', rows, 'f1');
    expect(keys.emails).toEqual(['Jose@Montana.hn', 'jose@montana.hn', 'begona@montana.hn', 'nadie@x.hn']);
    expect([...keys.companyNames]).toEqual([
      ['cafetalera montana azul', 'Cafetalera Montaña Azul'],
      ['ferreteria el nino', 'Ferretería El Niño'],
    ]);
    expect(keys.contactIds).toEqual([contactIdForRow('f1', 4)]);
  });

  it('creates new contacts with deterministic ids, and each new company once', () => {
    const plan = planImport('contacts', rows, [], noLookups(), options);
    expect(plan.newCompanies).toEqual([
      { row: 0, id: companyIdForName('cafetalera montana azul'), data: { name: 'Cafetalera Montaña Azul' } },
      { row: 0, id: companyIdForName('ferreteria el nino'), data: { name: 'Ferretería El Niño' } },
    ]);
    expect(plan.creates.map((c) => c.id)).toEqual([
      contactIdForEmail('jose@montana.hn'),
      contactIdForEmail('begona@montana.hn'),
      contactIdForRow('f1', 4),
      contactIdForEmail('nadie@x.hn'),
    ]);
    expect(plan.creates[1]!.data).toMatchObject({
      companyId: companyIdForName('cafetalera montana azul'),
      companyName: 'Cafetalera Montaña Azul',
    });
    expect(plan.creates[3]!.data).toMatchObject({ companyId: null, companyName: null });
    expect(planWrites(plan)).toBe(6);
  });

  it('links existing companies by name whatever the case and accents', () => {
    const lookups = noLookups();
    lookups.companiesByName.set('cafetalera montana azul', {
      id: 'c9',
      data: { name: 'Cafetalera Montaña Azul' },
    });
    const plan = planImport('contacts', rows, [], lookups, { ...options, canCreateCompanies: false });
    expect(plan.companiesMatched).toBe(1);
    expect(plan.newCompanies).toEqual([]);
    expect(plan.companiesNotCreated).toEqual(['Ferretería El Niño']);
    expect(plan.creates.map((c) => c.data.companyId)).toEqual(['c9', 'c9', null, null]);
  });

  it('duplicates by e-mail are skipped, or updated with the file’s values only', () => {
    const lookups = noLookups();
    const current = {
      name: 'Begoña M.',
      email: 'begona@montana.hn',
      jobTitle: null,
      city: 'Marcala',
      status: 'active',
    };
    lookups.contactsByEmail.set('begona@montana.hn', { id: 'b1', data: current });
    lookups.existingById.set(contactIdForRow('f1', 4), {
      id: contactIdForRow('f1', 4),
      data: { name: 'Ramón Ávila' },
    });

    const skipped = planImport('contacts', rows, [], lookups, options);
    expect(skipped.duplicates).toEqual([
      { row: 3, id: 'b1' },
      { row: 4, id: contactIdForRow('f1', 4) },
    ]);
    expect(skipped.creates.map((c) => c.row)).toEqual([2, 5]);

    const updated = planImport('contacts', rows, [], lookups, { ...options, duplicates: 'update' });
    expect(updated.updates).toEqual([
      {
        row: 3,
        id: 'b1',
        patch: {
          name: 'Begoña Muñoz',
          email: 'begona@montana.hn',
          jobTitle: 'Contadora',
          companyId: companyIdForName('cafetalera montana azul'),
          companyName: 'Cafetalera Montaña Azul',
        },
        current,
      },
      {
        row: 4,
        id: contactIdForRow('f1', 4),
        patch: {
          name: 'Ramón Ávila',
          companyId: companyIdForName('ferreteria el nino'),
          companyName: 'Ferretería El Niño',
        },
        current: { name: 'Ramón Ávila' },
      },
    ]);
    // Without contacts.edit, duplicates are skipped whatever the choice.
    const noEdit = planImport('contacts', rows, [], lookups, {
      ...options,
      duplicates: 'update',
      canUpdate: false,
    });
    expect(noEdit.updates).toEqual([]);
    expect(noEdit.duplicates).toHaveLength(2);
  });

  it('an update that changes nothing is a duplicate left alone', () => {
    const lookups = noLookups();
    lookups.contactsByEmail.set('nadie@x.hn', {
      id: 'n1',
      data: { name: 'Sin empresa', email: 'nadie@x.hn' },
    });
    const plan = planImport('contacts', [rows[3]!], [], lookups, { ...options, duplicates: 'update' });
    expect(plan.updates).toEqual([]);
    expect(plan.duplicates).toEqual([{ row: 5, id: 'n1' }]);
  });

  it('companies: duplicates by name, new ones with deterministic ids', () => {
    const companies: ValidRow[] = [
      { row: 2, values: { name: 'Grupo Maya', city: 'SPS' }, provided: ['name', 'city'], companyName: null },
      { row: 3, values: { name: 'Ceiba' }, provided: ['name'], companyName: null },
    ];
    const lookups = noLookups();
    lookups.companiesByName.set('grupo maya', { id: 'g1', data: { name: 'GRUPO MAYA', city: 'SPS' } });
    const plan = planImport('companies', companies, [], lookups, { ...options, duplicates: 'update' });
    expect(plan.updates).toEqual([
      {
        row: 2,
        id: 'g1',
        patch: { name: 'Grupo Maya', city: 'SPS' },
        current: { name: 'GRUPO MAYA', city: 'SPS' },
      },
    ]);
    expect(plan.creates).toEqual([{ row: 3, id: companyIdForName('ceiba'), data: { name: 'Ceiba' } }]);
  });
});
