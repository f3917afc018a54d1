/**
 * storage.rules: the role matrix for document files (get, list, create, delete — same roles as
 * the Firestore matrix, verdicts from the documents permission), then size, name, path and
 * subscription attacks.
 */
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import type { Firestore } from 'firebase/firestore';
import {
  deleteObject,
  getBytes,
  getMetadata,
  list,
  ref,
  uploadBytes,
  updateMetadata,
  type FirebaseStorage,
} from 'firebase/storage';
import { afterAll, beforeAll, describe, it } from 'vitest';

import { can, UPLOAD_MAX_BYTES, uploadMetadata, type Action } from '@trato/model';

import { storageFor } from '../src/callers.js';
import { createEnv } from '../src/env.js';
import { ORG_A, role, ROLES, type RoleDef } from '../src/roles.js';
import {
  activeSubscription,
  crmBody,
  DAY,
  memberDoc,
  NOW,
  seedWorld,
  ts,
  writeAll,
  type Doc,
} from '../src/world.js';

let env: RulesTestEnvironment;
const A = `organizations/${ORG_A}/documents`;
const SEEDED = `${A}/doc1/contrato.pdf`;
const pdf = (n = 1024) => new Uint8Array(n).fill(37);
const meta = { contentType: 'application/pdf' };

const OPS = ['get', 'list', 'create', 'delete'] as const;
type Op = (typeof OPS)[number];
const ACTION: Record<Op, Action> = { get: 'view', list: 'view', create: 'create', delete: 'delete' };

function expected(r: RoleDef, op: Op): boolean {
  return r.org === ORG_A && can({ role: r.role!, permissions: r.permissions ?? {} }, 'documents', ACTION[op]);
}

const slug = (r: RoleDef) => (r.uid ?? 'ghost').replace(/[^a-zA-Z0-9_]/g, '_');
const deletePath = (r: RoleDef) => `${A}/del_${slug(r)}/contrato.pdf`;

function run(storage: FirebaseStorage, r: RoleDef, op: Op): Promise<unknown> {
  switch (op) {
    case 'get':
      return getBytes(ref(storage, SEEDED));
    case 'list':
      return list(ref(storage, `${A}/doc1`));
    case 'create':
      return uploadBytes(ref(storage, `${A}/new_${slug(r)}/propuesta.pdf`), pdf(), meta);
    case 'delete':
      return deleteObject(ref(storage, deletePath(r)));
  }
}

/** Files no record points to (a failed upload's leftovers). */
const ORPHANS = A;

/** Organizations with a lapsed subscription, for the gate. */
const LAPSED = 'orgLapsed';

beforeAll(async () => {
  env = await createEnv('storage', true);
  await seedWorld(env);
  const docs: Array<[string, Doc]> = [
    [
      `organizations/${LAPSED}`,
      { name: 'Lapsed', country: null, rtn: null, createdAt: ts(NOW), createdBy: 'lapsed-admin' },
    ],
    [`organizations/${LAPSED}/members/lapsed-admin`, memberDoc('admin', {}, 'lapsed-admin')],
    [
      `organizations/${LAPSED}/billing/subscription`,
      { ...activeSubscription(), currentPeriodEnd: ts(NOW - 5 * DAY) },
    ],
  ];
  await env.withSecurityRulesDisabled(async (ctx) => {
    // The matrix deletes files that have their record: without one, documents.create suffices.
    const records: Array<[string, Doc]> = ROLES.map((r) => [
      `${A}/del_${slug(r)}`,
      crmBody('documents', 'adminA', `del_${slug(r)}`),
    ]);
    await writeAll(ctx.firestore() as unknown as Firestore, [...docs, ...records]);
    const owner = ctx.storage() as unknown as FirebaseStorage;
    await uploadBytes(ref(owner, SEEDED), pdf(), meta);
    await uploadBytes(ref(owner, `organizations/${LAPSED}/documents/doc1/a.pdf`), pdf(), meta);
    await uploadBytes(ref(owner, 'organizations/orgB/documents/doc1/b.pdf'), pdf(), meta);
    await Promise.all(ROLES.map((r) => uploadBytes(ref(owner, deletePath(r)), pdf(), meta)));
    await Promise.all(
      ['creator', 'viewer', 'other-org', 'lapsed'].map((who) =>
        uploadBytes(ref(owner, `${ORPHANS}/orphan_${who}/propuesta.pdf`), pdf(), meta),
      ),
    );
    await uploadBytes(
      ref(owner, `organizations/${LAPSED}/documents/orphan_lapsed/propuesta.pdf`),
      pdf(),
      meta,
    );
  });
});

afterAll(async () => {
  await env?.cleanup();
});

describe.concurrent('document files: role matrix', () => {
  for (const r of ROLES)
    for (const op of OPS) {
      const allow = expected(r, op);
      it(`${r.key} ${op} → ${allow ? 'allow' : 'deny'}`, async () => {
        const request = run(storageFor(env, r), r, op);
        if (allow) await assertSucceeds(request);
        else await assertFails(request);
      });
    }
});

const admin = () => storageFor(env, { uid: 'adminA' });
const denied = (name: string, fn: () => Promise<unknown>) =>
  it(name, () => assertFails(fn()).then(() => undefined));
const allowed = (name: string, fn: () => Promise<unknown>) =>
  it(name, () => assertSucceeds(fn()).then(() => undefined));

describe.concurrent('uploads: size, name and place', () => {
  allowed('exactly 25 MB is accepted', () =>
    uploadBytes(ref(admin(), `${A}/big-ok/exact.bin`), new Uint8Array(UPLOAD_MAX_BYTES)),
  );
  denied('25 MB + 1 byte is refused', () =>
    uploadBytes(ref(admin(), `${A}/big-no/over.bin`), new Uint8Array(UPLOAD_MAX_BYTES + 1)),
  );
  allowed('an empty file with a name is accepted', () =>
    uploadBytes(ref(admin(), `${A}/empty/empty.txt`), new Uint8Array(0)),
  );
  denied('a file name over 255 characters is refused', () =>
    uploadBytes(ref(admin(), `${A}/long/${'x'.repeat(256)}`), pdf()),
  );
  denied('a file directly in the documents folder (no document id) is refused', () =>
    uploadBytes(ref(admin(), `${A}/loose.pdf`), pdf()),
  );
  denied('a file nested below the document folder is refused', () =>
    uploadBytes(ref(admin(), `${A}/d9/sub/x.pdf`), pdf()),
  );
  denied("uploading into another organization's folder", () =>
    uploadBytes(ref(admin(), 'organizations/orgB/documents/d1/x.pdf'), pdf()),
  );
  denied('uploading outside the documents folder of the org', () =>
    uploadBytes(ref(admin(), `organizations/${ORG_A}/avatars/me.png`), pdf()),
  );
  denied('uploading at the bucket root', () => uploadBytes(ref(admin(), 'x.pdf'), pdf()));
  denied('uploading under users/', () => uploadBytes(ref(admin(), 'users/adminA/x.pdf'), pdf()));
  denied('overwriting an existing file', () => uploadBytes(ref(admin(), SEEDED), pdf(10)));
  denied('changing the metadata of a file', () =>
    updateMetadata(ref(admin(), SEEDED), { contentType: 'text/html' }),
  );
  denied("reading another organization's file", () =>
    getMetadata(ref(admin(), 'organizations/orgB/documents/doc1/b.pdf')),
  );
  denied("deleting another organization's file", () =>
    deleteObject(ref(admin(), 'organizations/orgB/documents/doc1/b.pdf')),
  );
  denied("listing another organization's documents", () =>
    list(ref(admin(), 'organizations/orgB/documents')),
  );
  denied('listing the whole bucket', () => list(ref(admin(), '')));
  allowed('listing the own documents folder', () => list(ref(admin(), A)));
  denied('the superadmin reads a file', () =>
    getBytes(ref(storageFor(env, { uid: 'root', superadmin: true }), SEEDED)),
  );
});

describe.concurrent('uploads: content type, disposition and custom metadata', () => {
  const up = (name: string, metadata: Record<string, unknown>) => () =>
    uploadBytes(ref(admin(), `${A}/${name}`), pdf(), metadata);
  const page = '<script>alert(document.cookie)</script>';
  denied('an HTML page served inline (stored XSS)', up('xss1/page.html', { contentType: 'text/html' }));
  denied(
    'HTML with a charset parameter, inline',
    up('xss2/page.html', { contentType: 'text/html; charset=utf-8' }),
  );
  denied('HTML in upper case, inline', up('xss3/page.html', { contentType: 'TEXT/HTML' }));
  denied(
    'an SVG image served inline (scripts run in SVG)',
    up('xss4/logo.svg', { contentType: 'image/svg+xml' }),
  );
  denied('XHTML served inline', up('xss5/page.xhtml', { contentType: 'application/xhtml+xml' }));
  denied('XML served inline (XSLT, XHTML namespaces)', up('xss6/data.xml', { contentType: 'text/xml' }));
  denied('JavaScript served inline', up('xss7/app.js', { contentType: 'text/javascript' }));
  denied('an unknown type served inline', up('xss8/x.bin', { contentType: 'application/x-whatever' }));
  denied(
    'HTML with an inline disposition',
    up('xss9/page.html', { contentType: 'text/html', contentDisposition: 'inline' }),
  );
  denied(
    'HTML with a disposition that only mentions attachment',
    up('xss10/page.html', {
      contentType: 'text/html',
      contentDisposition: 'inline; filename="attachment.html"',
    }),
  );
  denied(
    'custom metadata naming an uploader',
    up('meta1/a.pdf', { ...meta, customMetadata: { uploadedBy: 'sellerA' } }),
  );
  denied('custom metadata of any kind', up('meta2/a.pdf', { ...meta, customMetadata: { note: page } }));
  allowed(
    'HTML uploaded as an attachment (downloaded, never rendered)',
    up('ok1/page.html', {
      contentType: 'text/html',
      contentDisposition: `attachment; filename*=UTF-8''page.html`,
    }),
  );
  allowed(
    'a Word document as an attachment',
    up('ok2/a.docx', {
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      contentDisposition: 'attachment',
    }),
  );
  allowed('a PDF inline', up('ok3/a.pdf', meta));
  allowed('a PNG inline', up('ok4/a.png', { contentType: 'image/png' }));
  allowed('a JPEG inline', up('ok5/a.jpg', { contentType: 'image/jpeg' }));
  allowed('plain text inline', up('ok6/a.txt', { contentType: 'text/plain' }));
  allowed('CSV inline', up('ok7/a.csv', { contentType: 'text/csv' }));
  for (const file of [
    { name: 'página.html', type: 'text/html' },
    { name: 'logo (1).svg', type: 'image/svg+xml' },
    { name: 'sin-tipo', type: '' },
    { name: 'informe.pdf', type: 'application/pdf' },
  ])
    allowed(`uploadMetadata(${JSON.stringify(file)}) is accepted`, () =>
      uploadBytes(ref(admin(), `${A}/um_${file.name.length}/${file.name}`), pdf(), uploadMetadata(file)),
    );
  allowed(
    'bytes of unknown type (application/octet-stream)',
    up('ok8/a.bin', { contentType: 'application/octet-stream' }),
  );
});

describe.concurrent('subscription gate for files', () => {
  const lapsed = () => storageFor(env, { uid: 'lapsed-admin' });
  denied('a lapsed organization reads its file', () =>
    getBytes(ref(lapsed(), `organizations/${LAPSED}/documents/doc1/a.pdf`)),
  );
  denied('a lapsed organization uploads', () =>
    uploadBytes(ref(lapsed(), `organizations/${LAPSED}/documents/doc2/b.pdf`), pdf()),
  );
  denied('a lapsed organization deletes its file', () =>
    deleteObject(ref(lapsed(), `organizations/${LAPSED}/documents/doc1/a.pdf`)),
  );
});

describe.concurrent("a failed upload's file (no record points to it)", () => {
  const creator = () => storageFor(env, role('seller +documents.create'));
  allowed('whoever may upload removes it without documents.delete', () =>
    deleteObject(ref(creator(), `${ORPHANS}/orphan_creator/propuesta.pdf`)),
  );
  denied('a member who may not upload may not remove it', () =>
    deleteObject(ref(storageFor(env, role('seller (no entries)')), `${ORPHANS}/orphan_viewer/propuesta.pdf`)),
  );
  denied('a member of another organization may not remove it', () =>
    deleteObject(ref(storageFor(env, { uid: 'adminB' }), `${ORPHANS}/orphan_other-org/propuesta.pdf`)),
  );
  denied('without documents.delete, a file its record points to stays', () =>
    deleteObject(ref(creator(), deletePath(role('seller +documents.create')))),
  );
  denied('a lapsed organization may not remove it', () =>
    deleteObject(
      ref(
        storageFor(env, { uid: 'lapsed-admin' }),
        `organizations/${LAPSED}/documents/orphan_lapsed/propuesta.pdf`,
      ),
    ),
  );
});
