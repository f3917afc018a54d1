/**
 * Schema validation: every rule on every field has an accepted and a refused case (creates by
 * the admin of organization A, whose rights are not in question), plus the shape (required and
 * unknown keys), the audit fields, and what an update may change.
 */
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { deleteField, doc, serverTimestamp, setDoc, updateDoc, type Firestore } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { FIELD_CONTRACTS, uniformPermissions, type ContractCollection } from '@trato/model';

import { as } from '../src/callers.js';
import { createEnv } from '../src/env.js';
import { FIELD_CASES, LONG_LIST_ID, missingCases, show, type Value } from '../src/validation.js';
import {
  createAudit,
  crmBody,
  crmCollectionPath,
  DAY,
  freshId,
  NOW,
  seedWorld,
  storedAudit,
  tokensPatch,
  TOPIC,
  ts,
  VICTIM,
  writeAll,
  type Doc,
} from '../src/world.js';

let env: RulesTestEnvironment;
let admin: Firestore;
const seeds: Array<[string, Doc]> = [];

const OMIT = Symbol('omit');
const resolve = (v: Value, self: string) =>
  typeof v === 'function' ? (v as (id: string) => unknown)(self) : v;

/** Plans a create of a valid document of `c` with `changes` applied (OMIT removes a key). */
function planCreate(c: ContractCollection, changes: Record<string, unknown> = {}) {
  const id = freshId(c);
  if (c === 'enrollments')
    seeds.push([
      `${crmCollectionPath('contacts')}/${id}`,
      { ...crmBody('contacts', 'adminA', id), ...storedAudit() },
    ]);
  const data: Doc = { ...crmBody(c, 'adminA', id), ...createAudit('adminA') };
  for (const [k, v] of Object.entries(changes)) {
    if (v === OMIT) delete data[k];
    else data[k] = resolve(v as Value, id);
  }
  // searchIndex must mirror searchTokens: a case about the tokens changes both.
  if ('searchTokens' in changes && changes.searchTokens !== OMIT && !('searchIndex' in changes))
    Object.assign(data, tokensPatch(data.searchTokens));
  return () => setDoc(doc(admin, `${crmCollectionPath(c)}/${id}`), data);
}

/** Plans an update of a fresh copy of the seeded document (the cases run concurrently). */
function update(c: ContractCollection, patch: Doc) {
  const id = freshId(`upd_${c}`);
  if (c === 'enrollments')
    seeds.push([
      `${crmCollectionPath('contacts')}/${id}`,
      { ...crmBody('contacts', 'adminA', id), ...storedAudit() },
    ]);
  seeds.push([`${crmCollectionPath(c)}/${id}`, { ...crmBody(c, 'adminA', id), ...storedAudit() }]);
  return () => updateDoc(doc(admin, `${crmCollectionPath(c)}/${id}`), patch);
}
const now = () => serverTimestamp();

const collections = Object.keys(FIELD_CONTRACTS) as ContractCollection[];

/** The first required field of each collection that is a plain text (for update cases). */
const TEXT_FIELD: Record<ContractCollection, string> = {
  companies: 'name',
  contacts: 'name',
  notes: 'content',
  deals: 'title',
  tasks: 'title',
  meetings: 'title',
  tickets: 'ticketName',
  folders: 'name',
  documents: 'fileName',
  sequences: 'name',
  steps: 'subject',
  enrollments: 'status',
  lists: 'name',
  campaigns: 'name',
  forms: 'name',
  topics: 'name',
};

// Plan every case first (creates need some seeds), run them after seeding.
type Case = { name: string; allow: boolean; run: () => Promise<unknown> };
const groups = new Map<string, Case[]>();
const add = (group: string, name: string, allow: boolean, run: () => Promise<unknown>) => {
  if (!groups.has(group)) groups.set(group, []);
  groups.get(group)!.push({ name, allow, run });
};

for (const c of collections) {
  const contract = FIELD_CONTRACTS[c];
  const group = `${c}: fields on create`;
  for (const [field, cases] of Object.entries(FIELD_CASES[c])) {
    for (const v of cases.ok)
      add(group, `${field} = ${show(v)} is accepted`, true, planCreate(c, { [field]: v }));
    for (const v of cases.bad)
      add(group, `${field} = ${show(v)} is refused`, false, planCreate(c, { [field]: v }));
  }

  const shape = `${c}: shape and audit on create`;
  add(shape, 'the valid document is accepted', true, planCreate(c));
  const optionalOff = Object.fromEntries(contract.optional.map((k) => [k, OMIT]));
  add(shape, 'without any optional key is accepted', true, planCreate(c, optionalOff));
  for (const k of contract.required)
    add(shape, `without required ${k} is refused`, false, planCreate(c, { [k]: OMIT }));
  add(shape, 'an unknown key (organizationId) is refused', false, planCreate(c, { organizationId: 'orgA' }));
  add(shape, 'createdAt in the past is refused', false, planCreate(c, { createdAt: ts(NOW - DAY) }));
  add(shape, 'updatedAt not the request time is refused', false, planCreate(c, { updatedAt: ts(NOW + DAY) }));
  add(shape, "createdBy someone else's uid is refused", false, planCreate(c, { createdBy: 'sellerA' }));
  add(shape, 'createdBy missing is refused', false, planCreate(c, { createdBy: OMIT }));

  const upd = `${c}: update`;
  const f = TEXT_FIELD[c];
  const good = c === 'enrollments' ? 'paused' : 'Actualizado';
  add(
    upd,
    `${f} changed with updatedAt = request time is accepted`,
    true,
    update(c, { [f]: good, updatedAt: now() }),
  );
  add(
    upd,
    `${f} made invalid is refused`,
    false,
    update(c, { [f]: c === 'enrollments' ? 'done' : '', updatedAt: now() }),
  );
  add(upd, 'without touching updatedAt is refused', false, update(c, { [f]: good }));
  add(upd, 'updatedAt in the past is refused', false, update(c, { [f]: good, updatedAt: ts(NOW - DAY) }));
  add(upd, 'changing createdAt is refused', false, update(c, { createdAt: now(), updatedAt: now() }));
  add(upd, 'changing createdBy is refused', false, update(c, { createdBy: 'sellerA', updatedAt: now() }));
  add(upd, 'removing createdBy is refused', false, update(c, { createdBy: deleteField(), updatedAt: now() }));
  add(upd, 'adding an unknown key is refused', false, update(c, { orgId: 'orgB', updatedAt: now() }));
}

// A campaign's list exists (the seeded list1, and one whose id has 128 characters).
seeds.push([
  `${crmCollectionPath('lists')}/${LONG_LIST_ID}`,
  { ...crmBody('lists', 'adminA', LONG_LIST_ID), ...storedAudit() },
]);

// Collection-specific update rules.
seeds.push([
  `${crmCollectionPath('folders')}/folder2`,
  { ...crmBody('folders', 'adminA', 'folder2'), ...storedAudit() },
]);
add(
  'documents: update',
  'moving to another folder is accepted',
  true,
  update('documents', { folderId: 'folder2', updatedAt: now() }),
);
add(
  'documents: update',
  'changing storagePath is refused',
  false,
  update('documents', { storagePath: 'organizations/orgA/documents/other/x.pdf', updatedAt: now() }),
);
add(
  'documents: update',
  'changing size is refused',
  false,
  update('documents', { size: 1, updatedAt: now() }),
);
add(
  'documents: update',
  'changing mimeType is refused',
  false,
  update('documents', { mimeType: 'text/html', updatedAt: now() }),
);
add(
  'enrollments: update',
  'resuming (active) is accepted',
  true,
  update('enrollments', { status: 'active', updatedAt: now() }),
);
add(
  'enrollments: update',
  'stopping is accepted',
  true,
  update('enrollments', { status: 'stopped', updatedAt: now() }),
);
add(
  'enrollments: update',
  'completing (scheduler only) is refused',
  false,
  update('enrollments', { status: 'completed', updatedAt: now() }),
);
add(
  'enrollments: update',
  'advancing currentStep is refused',
  false,
  update('enrollments', { currentStep: 3, updatedAt: now() }),
);
add(
  'enrollments: update',
  'moving nextSendAt is refused',
  false,
  update('enrollments', { nextSendAt: ts(NOW), updatedAt: now() }),
);
add(
  'sequences: update',
  'activating is accepted',
  true,
  update('sequences', { isActive: true, updatedAt: now() }),
);
add(
  'sequences: update',
  'isActive not a bool is refused',
  false,
  update('sequences', { isActive: 'yes', updatedAt: now() }),
);
add(
  'meetings: update',
  'moving the end before the start is refused',
  false,
  update('meetings', { endTime: ts(NOW - DAY), updatedAt: now() }),
);
add(
  'deals: update',
  'a board drop (stage only) is accepted',
  true,
  update('deals', { stage: 'proposal', updatedAt: now() }),
);
add(
  'forms: update',
  'publishing with a field asked and a follow-up is accepted',
  true,
  update('forms', {
    published: true,
    phoneField: 'required',
    listId: LONG_LIST_ID,
    listName: 'Boletín',
    notifyUid: 'sellerA',
    updatedAt: now(),
  }),
);
add(
  'forms: update',
  'a field mode made invalid is refused',
  false,
  update('forms', { emailField: 'always', updatedAt: now() }),
);
add(
  'forms: update',
  'notifying a member of another organization is refused',
  false,
  update('forms', { notifyUid: 'adminB', updatedAt: now() }),
);
// Topics (issue 31's preference centre): a campaign's topic is its draft's content, a sequence's
// its owner's; a topic's description is edited like its name.
add(
  'campaigns: update',
  "choosing a topic for the author's draft is accepted",
  true,
  update('campaigns', { topicId: TOPIC, topicName: 'Promociones', updatedAt: now() }),
);
add(
  'campaigns: update',
  'a topic name over 100 characters is refused',
  false,
  update('campaigns', { topicId: TOPIC, topicName: 'x'.repeat(101), updatedAt: now() }),
);
add(
  'campaigns: update',
  'a topic id that is a path is refused',
  false,
  update('campaigns', { topicId: 'topics/topic1', topicName: 'Promociones', updatedAt: now() }),
);
add(
  'sequences: update',
  'choosing a topic is accepted',
  true,
  update('sequences', { topicId: TOPIC, topicName: 'Promociones', updatedAt: now() }),
);
add(
  'sequences: update',
  'a topic id that is not a string is refused',
  false,
  update('sequences', { topicId: 7, updatedAt: now() }),
);
add(
  'topics: update',
  'a description of 300 characters is accepted',
  true,
  update('topics', { description: 'x'.repeat(300), updatedAt: now() }),
);
add(
  'topics: update',
  'a description over 300 characters is refused',
  false,
  update('topics', { description: 'x'.repeat(301), updatedAt: now() }),
);
// Sequence steps by type (issue 33): an e-mail has a subject and a body, a task a title (its
// subject; the body is its optional description), a WhatsApp step its template (its subject and
// body are ''), a wait nothing but its delay.
{
  const g = 'steps: by type';
  const step = (type: string, patch: Doc = {}) => ({ type, subject: '', body: '', ...patch });
  add(g, 'an e-mail with subject and body is accepted', true, planCreate('steps'));
  add(g, 'an e-mail with a blank subject is refused', false, planCreate('steps', { subject: '  ' }));
  add(g, 'an e-mail with an empty body is refused', false, planCreate('steps', { body: '' }));
  add(g, 'an e-mail with neither is refused', false, planCreate('steps', step('email')));
  add(
    g,
    'a task with its title and no description is accepted',
    true,
    planCreate('steps', step('task', { subject: 'Llamar a Ana' })),
  );
  add(
    g,
    'a task with title and description is accepted',
    true,
    planCreate('steps', step('task', { subject: 'Llamar a Ana', body: 'Preguntar por la propuesta' })),
  );
  add(
    g,
    'a task without a title is refused',
    false,
    planCreate('steps', step('task', { body: 'Preguntar por la propuesta' })),
  );
  add(
    g,
    'a task with a blank title is refused',
    false,
    planCreate('steps', step('task', { subject: ' \t' })),
  );
  add(
    g,
    'a WhatsApp step with its template and blank subject and body is accepted',
    true,
    planCreate('steps', step('whatsapp', { templateId: 'tpl1' })),
  );
  add(
    g,
    'a WhatsApp step with a template id of 128 characters is accepted',
    true,
    planCreate('steps', step('whatsapp', { templateId: 'x'.repeat(128) })),
  );
  add(
    g,
    'a WhatsApp step without a template is refused',
    false,
    planCreate('steps', step('whatsapp', { templateId: OMIT })),
  );
  for (const bad of [null, '', 'a/b', 'x'.repeat(129), 7, ['tpl1']])
    add(
      g,
      `a WhatsApp step with templateId ${show(bad)} is refused`,
      false,
      planCreate('steps', step('whatsapp', { templateId: bad })),
    );
  add(
    g,
    'a WhatsApp step with a subject over 300 characters is refused',
    false,
    planCreate('steps', step('whatsapp', { templateId: 'tpl1', subject: 'x'.repeat(301) })),
  );
  add(
    g,
    'a WhatsApp step with a subject that is not a string is refused',
    false,
    planCreate('steps', step('whatsapp', { templateId: 'tpl1', subject: null })),
  );
  add(g, 'a wait with blank subject and body is accepted', true, planCreate('steps', step('wait')));
  add(
    g,
    'a wait with templateId null is accepted',
    true,
    planCreate('steps', step('wait', { templateId: null })),
  );
  add(
    g,
    'a wait without its subject key is refused',
    false,
    planCreate('steps', step('wait', { subject: OMIT })),
  );
  for (const type of ['sms', 'WhatsApp', 'whatsApp ', 'call'])
    add(
      g,
      `an unknown type ${show(type)} is refused`,
      false,
      planCreate('steps', step(type, { subject: 'Hola', body: 'Texto', templateId: 'tpl1' })),
    );
  const stored = (patch: Doc) => {
    const id = freshId('upd_steps');
    const path = `${crmCollectionPath('steps')}/${id}`;
    seeds.push([path, { ...crmBody('steps', 'adminA', id), ...storedAudit(), ...patch }]);
    return (change: Doc) => () => updateDoc(doc(admin, path), { ...change, updatedAt: now() });
  };
  add(
    g,
    'an e-mail step turned into a WhatsApp step with its template is accepted',
    true,
    stored({})(step('whatsapp', { templateId: 'tpl1' })),
  );
  add(
    g,
    'an e-mail step turned into a WhatsApp step without a template is refused',
    false,
    stored({})(step('whatsapp')),
  );
  add(g, 'an e-mail step turned into a wait is accepted', true, stored({})(step('wait')));
  add(g, "an e-mail step's body emptied is refused", false, stored({})({ body: '' }));
  const whatsapp = { type: 'whatsapp', subject: '', body: '', templateId: 'tpl1' };
  add(
    g,
    'a WhatsApp step choosing another template is accepted',
    true,
    stored(whatsapp)({ templateId: 'tpl2' }),
  );
  add(
    g,
    'a WhatsApp step losing its template (deleteField) is refused',
    false,
    stored(whatsapp)({ templateId: deleteField() }),
  );
  add(
    g,
    'a WhatsApp step losing its template (null) is refused',
    false,
    stored(whatsapp)({ templateId: null }),
  );
  add(
    g,
    'a WhatsApp step turned into an e-mail without subject and body is refused',
    false,
    stored(whatsapp)({ type: 'email' }),
  );
  add(
    g,
    'a WhatsApp step turned into a task without a title is refused',
    false,
    stored(whatsapp)({ type: 'task' }),
  );
}

// The permission map's new resource (issue 33): the WhatsApp inbox.
add('members: admin updates another member', 'a conversations entry is accepted', true, () =>
  updateDoc(doc(admin, `organizations/orgA/members/${VICTIM}`), {
    permissions: { conversations: { view: true, create: true, edit: false, delete: false } },
  }),
);
add(
  'members: admin updates another member',
  'a conversations entry with an unknown action is refused',
  false,
  () =>
    updateDoc(doc(admin, `organizations/orgA/members/${VICTIM}`), {
      permissions: { conversations: { view: true, send: true } },
    }),
);
add(
  'members: admin updates another member',
  'a conversations entry that is not a map is refused',
  false,
  () =>
    updateDoc(doc(admin, `organizations/orgA/members/${VICTIM}`), {
      permissions: { conversations: 'all' },
    }),
);

add(
  'tasks: update',
  'completing from notifications is accepted',
  true,
  update('tasks', { status: 'completed', updatedAt: now() }),
);

// Settings documents.
const user = (patch: Doc) => () => updateDoc(doc(as(env, 'sellerA'), 'users/sellerA'), patch);
add('users: update own profile', 'fullName changed is accepted', true, user({ fullName: 'Ana María' }));
add(
  'users: update own profile',
  'fullName of 100 characters is accepted',
  true,
  user({ fullName: 'x'.repeat(100) }),
);
add('users: update own profile', 'empty fullName is refused', false, user({ fullName: ' ' }));
add(
  'users: update own profile',
  'fullName over 100 characters is refused',
  false,
  user({ fullName: 'x'.repeat(101) }),
);
add('users: update own profile', 'fullName not a string is refused', false, user({ fullName: 7 }));
add('users: update own profile', 'language en is accepted', true, user({ language: 'en' }));
add('users: update own profile', 'language fr is refused', false, user({ language: 'fr' }));
add('users: update own profile', 'changing email is refused', false, user({ email: 'x@y.z' }));
add('users: update own profile', 'changing username is refused', false, user({ username: 'root' }));
add(
  'users: update own profile',
  'changing organizationId is refused',
  false,
  user({ organizationId: 'orgB' }),
);
add('users: update own profile', 'adding a role field is refused', false, user({ role: 'admin' }));
// Preferences (issue 30): a time zone's shape, a clock, both nullable.
for (const zone of ['America/Tegucigalpa', 'UTC', 'America/Argentina/Buenos_Aires', 'Etc/GMT+6'])
  add('users: update own profile', `time zone ${zone} is accepted`, true, user({ timeZone: zone }));
add('users: update own profile', 'time zone null (the device) is accepted', true, user({ timeZone: null }));
for (const zone of [
  '',
  'tegucigalpa',
  'America/',
  'America/Tegucigalpa; DROP',
  '../etc',
  `America/${'x'.repeat(60)}`,
])
  add(
    'users: update own profile',
    `time zone ${JSON.stringify(zone)} is refused`,
    false,
    user({ timeZone: zone }),
  );
add('users: update own profile', 'time zone not a string is refused', false, user({ timeZone: 6 }));
add('users: update own profile', 'clock 12h is accepted', true, user({ timeFormat: '12h' }));
add(
  'users: update own profile',
  'clock 24h with zone and language is accepted',
  true,
  user({ timeFormat: '24h', timeZone: 'Europe/Madrid', language: 'en' }),
);
add('users: update own profile', 'clock null (the language) is accepted', true, user({ timeFormat: null }));
add('users: update own profile', 'clock 13h is refused', false, user({ timeFormat: '13h' }));
// Meeting preferences (issue 30).
add(
  'users: update own profile',
  'meeting preferences are accepted',
  true,
  user({ meetingMinutes: 45, workStart: '07:30', workEnd: '16:00', workDays: [1, 2, 3, 4, 5, 6] }),
);
add(
  'users: update own profile',
  'meeting preferences null are accepted',
  true,
  user({ meetingMinutes: null, workStart: null, workEnd: null, workDays: null }),
);
for (const minutes of [4, 481, 30.5, '30'])
  add(
    'users: update own profile',
    `meeting minutes ${JSON.stringify(minutes)} are refused`,
    false,
    user({ meetingMinutes: minutes }),
  );
for (const time of ['8:00', '24:00', '08:60', '08:00:00', 'ocho'])
  add('users: update own profile', `work start ${time} is refused`, false, user({ workStart: time }));
add(
  'users: update own profile',
  'work hours that end before they start are refused',
  false,
  user({ workStart: '18:00', workEnd: '09:00' }),
);
add(
  'users: update own profile',
  'work hours that end when they start are refused',
  false,
  user({ workStart: '09:00', workEnd: '09:00' }),
);
for (const days of [[], [0], [8], [1, 2, 3, 4, 5, 6, 7, 1], ['1'], 'lun'])
  add(
    'users: update own profile',
    `work days ${JSON.stringify(days)} are refused`,
    false,
    user({ workDays: days }),
  );
// Notification preferences (issue 30).
add(
  'users: update own profile',
  'notification preferences are accepted',
  true,
  user({ mutedNotifications: ['meetings'], emailNotifications: ['tasks', 'meetings'], digestHour: 6 }),
);
add(
  'users: update own profile',
  'notification preferences empty or null are accepted',
  true,
  user({ mutedNotifications: [], emailNotifications: null, digestHour: null }),
);
for (const kinds of [['sends'], ['tasks', 'meetings', 'tasks'], 'tasks', [1]])
  add(
    'users: update own profile',
    `digest kinds ${JSON.stringify(kinds)} are refused`,
    false,
    user({ emailNotifications: kinds }),
  );
add('users: update own profile', 'muted kind unknown is refused', false, user({ mutedNotifications: ['x'] }));
for (const hour of [-1, 24, 7.5, '7'])
  add(
    'users: update own profile',
    `digest hour ${JSON.stringify(hour)} is refused`,
    false,
    user({ digestHour: hour }),
  );
add(
  'users: update own profile',
  'a preference with an organization change is refused',
  false,
  user({ timeFormat: '12h', organizationId: 'orgB' }),
);

const org = (patch: Doc) => () => updateDoc(doc(admin, 'organizations/orgA'), patch);
add('organizations: update', 'name changed is accepted', true, org({ name: 'Acme S. de R.L.' }));
add(
  'organizations: update',
  'name changed with its search key is accepted',
  true,
  org({ name: 'Acme Ñandú', nameKey: 'acme ñandú' }),
);
add(
  'organizations: update',
  'a search key that is not the name lower-cased is refused',
  false,
  org({ name: 'Acme', nameKey: 'Acme' }),
);
add('organizations: update', 'empty name is refused', false, org({ name: '' }));
add('organizations: update', 'name over 200 characters is refused', false, org({ name: 'x'.repeat(201) }));
add('organizations: update', 'country HN is accepted', true, org({ country: 'HN' }));
add('organizations: update', 'country null is accepted', true, org({ country: null }));
add(
  'organizations: update',
  'country over 100 characters is refused',
  false,
  org({ country: 'x'.repeat(101) }),
);
add('organizations: update', 'rtn is accepted', true, org({ rtn: '08011999123456' }));
add('organizations: update', 'rtn over 50 characters is refused', false, org({ rtn: 'x'.repeat(51) }));
add('organizations: update', 'rtn not a string is refused', false, org({ rtn: 8011999 }));
add('organizations: update', 'changing createdBy is refused', false, org({ createdBy: 'adminB' }));
add('organizations: update', 'changing createdAt is refused', false, org({ createdAt: ts(NOW) }));
add('organizations: update', 'adding a field is refused', false, org({ plan: 'free' }));

const member = (patch: Doc) => () => updateDoc(doc(admin, `organizations/orgA/members/${VICTIM}`), patch);
add('members: admin updates another member', 'role seller is accepted', true, member({ role: 'seller' }));
add(
  'members: admin updates another member',
  'role superadmin is refused',
  false,
  member({ role: 'superadmin' }),
);
add('members: admin updates another member', 'role owner is refused', false, member({ role: 'owner' }));
add(
  'members: admin updates another member',
  'empty permissions are accepted',
  true,
  member({ permissions: {} }),
);
add(
  'members: admin updates another member',
  'a full permission map is accepted',
  true,
  member({ permissions: uniformPermissions(false) }),
);
add(
  'members: admin updates another member',
  'a partial entry is accepted',
  true,
  member({ permissions: { deals: { edit: true } } }),
);
add(
  'members: admin updates another member',
  'one switch by field path is accepted',
  true,
  member({ 'permissions.tasks.delete': true }),
);
add(
  'members: admin updates another member',
  'an unknown resource is refused',
  false,
  member({ permissions: { billing: { view: true } } }),
);
add(
  'members: admin updates another member',
  'an unknown action is refused',
  false,
  member({ permissions: { contacts: { admin: true } } }),
);
add(
  'members: admin updates another member',
  'a non-bool switch is refused',
  false,
  member({ permissions: { contacts: { view: 'yes' } } }),
);
add(
  'members: admin updates another member',
  'an entry that is not a map is refused',
  false,
  member({ permissions: { contacts: true } }),
);
add(
  'members: admin updates another member',
  'permissions that are not a map are refused',
  false,
  member({ permissions: 'all' }),
);
add(
  'members: admin updates another member',
  'changing fullName is refused',
  false,
  member({ fullName: 'X' }),
);
add('members: admin updates another member', 'changing email is refused', false, member({ email: 'x@y.z' }));
add(
  'members: admin updates another member',
  'changing joinedAt is refused',
  false,
  member({ joinedAt: ts(NOW) }),
);

beforeAll(async () => {
  env = await createEnv('validation');
  await seedWorld(env);
  await env.withSecurityRulesDisabled((ctx) => writeAll(ctx.firestore() as unknown as Firestore, seeds));
  admin = as(env, 'adminA');
});

afterAll(async () => {
  await env?.cleanup();
});

describe('the cases cover the field contract of model/src/fields.ts', () => {
  it('every field has cases', () => expect(missingCases()).toEqual([]));
});

for (const [group, cases] of groups) {
  describe.concurrent(group, () => {
    for (const c of cases)
      it(c.name, async () => {
        if (c.allow) await assertSucceeds(c.run());
        else await assertFails(c.run());
      });
  });
}
