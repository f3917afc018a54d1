import { describe, expect, it } from 'vitest';
import type * as yup from 'yup';

import { FIELD_TYPES, fieldSamples, type ContractCollection } from './fields.js';
import { withDerivedFields } from './write.js';
import {
  campaignSchema,
  companySchema,
  contactSchema,
  dealSchema,
  documentSchemas,
  folderSchema,
  meetingSchema,
  noteSchema,
  sequenceSchema,
  stepSchema,
  taskSchema,
  ticketSchema,
  topicSchema,
  usernameSchema,
} from './schemas.js';

describe('form schemas', () => {
  it('contact: name required, e-mail checked, blanks become null', async () => {
    await expect(contactSchema.validate({ name: '' })).rejects.toThrow('errors.required');
    await expect(contactSchema.validate({ name: 'Ana', email: 'nope' })).rejects.toThrow('errors.email');
    const ok = await contactSchema.validate({ name: ' Ana ', email: '', phone: '  ' });
    expect(ok).toMatchObject({
      name: 'Ana',
      email: null,
      phone: null,
      status: 'active',
      lifecycleStage: 'lead',
    });
  });

  it('deal: amount numeric or null, probability 0-100', async () => {
    expect((await dealSchema.validate({ title: 'X', amount: '' })).amount).toBeNull();
    expect((await dealSchema.validate({ title: 'X', amount: '1500' })).amount).toBe(1500);
    await expect(dealSchema.validate({ title: 'X', probability: 101 })).rejects.toThrow('errors.max');
    await expect(dealSchema.validate({ title: '   ' })).rejects.toThrow('errors.required');
  });

  it('meeting: end after start', async () => {
    const start = new Date('2026-01-01T10:00:00Z');
    await expect(meetingSchema.validate({ title: 'M', startTime: start, endTime: start })).rejects.toThrow(
      'errors.endBeforeStart',
    );
    await expect(
      meetingSchema.validate({ title: 'M', startTime: start, endTime: new Date('2026-01-01T11:00:00Z') }),
    ).resolves.toBeTruthy();
  });

  it('company enums and step delay', async () => {
    await expect(companySchema.validate({ name: 'A', industry: 'Tecnología' })).rejects.toThrow(
      'errors.oneOf',
    );
    expect((await companySchema.validate({ name: 'A', industry: 'technology', size: '1-10' })).size).toBe(
      '1-10',
    );
    expect((await stepSchema.validate({ subject: 's', body: 'b' })).delayDays).toBe(0);
    await expect(stepSchema.validate({ subject: 's', body: 'b', delayDays: -1 })).rejects.toThrow(
      'errors.min',
    );
    await expect(usernameSchema.validate('Ab')).rejects.toThrow('errors.username');
  });
});

describe('document schemas', () => {
  const ctx = { op: 'create' as const, uid: 'u1', orgId: 'o1', id: 'n1', authorName: 'Ana', isAdmin: false };
  const valid = (c: keyof typeof documentSchemas, body: object, context: object = ctx) =>
    documentSchemas[c].isValidSync(body, { strict: true, context });

  it('a note is signed with the caller’s member name', () => {
    expect(valid('notes', { content: 'Hola', authorName: 'Ana' })).toBe(true);
    expect(valid('notes', { content: 'Hola', authorName: 'Jefa' })).toBe(false);
    expect(valid('notes', { content: 'Hola' })).toBe(false);
    expect(valid('notes', { content: 'Hola', authorName: 'Ana', createdBy: 'u1' })).toBe(false);
  });

  it('list elements are checked', () => {
    const task = { title: 'T', status: 'pending', dueDate: null, contactId: null, companyId: null };
    const none = { searchTokens: [], searchIndex: {} };
    expect(
      valid('tasks', { ...task, assigneeIds: ['u1', 'u2'], searchTokens: ['ab'], searchIndex: { ab: true } }),
    ).toBe(true);
    expect(valid('tasks', { ...task, assigneeIds: ['u1', 'u1'], ...none })).toBe(false);
    expect(valid('tasks', { ...task, assigneeIds: [5], ...none })).toBe(false);
    expect(valid('tasks', { ...task, assigneeIds: ['x'.repeat(129)], ...none })).toBe(false);
    const long = 'x'.repeat(21);
    expect(
      valid('tasks', { ...task, assigneeIds: [], searchTokens: [long], searchIndex: { [long]: true } }),
    ).toBe(false);
    expect(valid('tasks', { ...task, assigneeIds: [], searchTokens: [{}], searchIndex: {} })).toBe(false);
  });

  it("a contact's derived hasEmail says whether it has an address", () => {
    const base = {
      name: 'Ana',
      status: 'active',
      isCustomer: false,
      lifecycleStage: 'lead',
      companyId: null,
    };
    const contact = (fields: object) =>
      withDerivedFields('contacts', { ...base, ownerId: 'u1', ...fields }) as Record<string, unknown>;
    expect(contact({ email: 'ana@acme.hn' }).hasEmail).toBe(true);
    expect(contact({ email: null }).hasEmail).toBe(false);
    expect(contact({}).hasEmail).toBe(false);
    expect(valid('contacts', contact({ email: 'ana@acme.hn' }))).toBe(true);
    expect(valid('contacts', contact({ email: null }))).toBe(true);
    expect(valid('contacts', { ...contact({ email: 'ana@acme.hn' }), hasEmail: false })).toBe(false);
    expect(valid('contacts', { ...contact({ email: null }), hasEmail: true })).toBe(false);
    // Contacts written before it have none.
    const { hasEmail: _, ...older } = contact({ email: 'ana@acme.hn' });
    expect(valid('contacts', older)).toBe(true);
    // Only contacts derive it.
    expect(withDerivedFields('companies', { name: 'Acme' })).not.toHaveProperty('hasEmail');
  });

  it('searchIndex lists exactly the searchTokens, each true', () => {
    const task = {
      title: 'T',
      status: 'pending',
      dueDate: null,
      contactId: null,
      companyId: null,
      assigneeIds: [],
    };
    const tokens = ['ab', 'abc'];
    expect(valid('tasks', { ...task, searchTokens: tokens, searchIndex: { ab: true, abc: true } })).toBe(
      true,
    );
    expect(valid('tasks', { ...task, searchTokens: tokens, searchIndex: { ab: true } })).toBe(false);
    expect(
      valid('tasks', { ...task, searchTokens: tokens, searchIndex: { ab: true, abc: true, zz: true } }),
    ).toBe(false);
    expect(valid('tasks', { ...task, searchTokens: tokens, searchIndex: { ab: true, abc: false } })).toBe(
      false,
    );
    expect(valid('tasks', { ...task, searchTokens: tokens, searchIndex: tokens })).toBe(false);
    expect(valid('tasks', { ...task, searchTokens: tokens })).toBe(false);
  });

  it('the owner is the caller unless an admin names another member', () => {
    const contact = {
      name: 'Ana',
      status: 'active',
      isCustomer: false,
      lifecycleStage: 'lead',
      companyId: null,
      searchTokens: [],
      searchIndex: {},
    };
    expect(valid('contacts', { ...contact, ownerId: 'u1' })).toBe(true);
    expect(valid('contacts', { ...contact, ownerId: 'u2' })).toBe(false);
    expect(valid('contacts', { ...contact, ownerId: 'u2' }, { ...ctx, isAdmin: true })).toBe(true);
  });

  it('lengths count code points, as the rules do', () => {
    expect(valid('folders', { name: '😀'.repeat(100), parentId: null })).toBe(true);
    expect(valid('folders', { name: '😀'.repeat(101), parentId: null })).toBe(false);
    expect(valid('folders', { name: 'x', parentId: 'n1' })).toBe(false);
  });
});

/** The form schema of each collection that has one, with a valid set of form values. */
const FORMS = {
  companies: [companySchema, { name: 'Acme' }],
  contacts: [contactSchema, { name: 'Ana' }],
  deals: [dealSchema, { title: 'Licencias' }],
  tasks: [taskSchema, { title: 'Llamar' }],
  meetings: [
    meetingSchema,
    { title: 'Demo', startTime: new Date('2026-01-01T10:00:00Z'), endTime: new Date('2026-01-01T11:00:00Z') },
  ],
  tickets: [ticketSchema, { ticketName: 'No entra' }],
  notes: [noteSchema, { content: 'Hola' }],
  folders: [folderSchema, { name: 'Contratos' }],
  sequences: [sequenceSchema, { name: 'Bienvenida' }],
  campaigns: [campaignSchema, { name: 'Lanzamiento', listId: 'l1', subject: 'Hola', body: 'Texto' }],
  topics: [topicSchema, { name: 'Promociones' }],
  steps: [stepSchema, { subject: 'Hola', body: 'Texto' }],
} as const;

describe('form schemas never send what the document schema (= the rules) refuses', () => {
  const ctx = {
    uid: 'u1',
    orgId: 'o1',
    id: 'd1',
    authorName: 'Ana',
    otherMember: 'u2',
    folderId: 'f1',
    now: new Date('2026-01-01T09:00:00Z'),
  };
  for (const [c, [form, base]] of Object.entries(FORMS) as Array<
    [ContractCollection, (typeof FORMS)[keyof typeof FORMS]]
  >) {
    const shared = Object.keys(form.fields).filter((k) => k in FIELD_TYPES[c]);
    it(`${c}: ${shared.join(', ')}`, () => {
      const docFields = documentSchemas[c].fields as Record<string, yup.Schema>;
      for (const k of shared)
        for (const sample of [...fieldSamples(c, k, ctx), ' Acme ', '1500', '']) {
          const values = { ...base, [k]: sample };
          let cast: unknown;
          try {
            cast = (form.validateSync(values) as Record<string, unknown>)[k];
          } catch {
            continue; // the form refuses it
          }
          expect(
            docFields[k]!.isValidSync(cast, { strict: true }),
            `${c}.${k} = ${JSON.stringify(sample)} → ${JSON.stringify(cast)}`,
          ).toBe(true);
        }
    });
  }

  it('and accept what the rules accept (texts at the limit in any script, trimmed input)', async () => {
    expect(await companySchema.isValid({ name: '😀'.repeat(200), website: ' https://acme.hn ' })).toBe(true);
    expect(await contactSchema.isValid({ name: 'Ana', email: 'ana@acme' })).toBe(false);
    expect(await companySchema.isValid({ name: 'Acme', website: 'ftp://acme.hn' })).toBe(false);
    expect(await taskSchema.isValid({ title: 'T', assigneeIds: ['u1', 'u1'] })).toBe(false);
    expect(
      await taskSchema.isValid({ title: 'T', assigneeIds: Array.from({ length: 21 }, (_, i) => `u${i}`) }),
    ).toBe(false);
  });
});
