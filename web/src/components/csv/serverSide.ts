// The import's conversations with the server (through src/firebase/csvData): the lookups the plan
// needs, and the writes of each batch as the signed-in member.
import { IMPORT_CONSENT_BATCH } from '@trato/model';
import { callFunction } from '@/firebase/callables';
import { companiesByNames, commitImportBatch, contactsByEmails, existingByIds } from '@/firebase/csvData';
import { orgTarget, type RecordWrite } from '@/firebase/dataApi';
import type { CsvEntity } from './fields';
import { lookupKeys, type Lookups } from './plan';
import type { ImportIo, ImportStep } from './runImport';
import type { ValidRow } from './validate';

/** What the server knows about the file's e-mails, company names and the import's own ids. */
export async function fetchLookups(
  orgId: string,
  entity: CsvEntity,
  rows: ValidRow[],
  fingerprint: string,
): Promise<Lookups> {
  const keys = lookupKeys(entity, rows, fingerprint);
  const [contactsByEmail, existingById, companiesByName, companiesById] = await Promise.all([
    entity === 'contacts' ? contactsByEmails(orgId, keys.emails) : new Map(),
    entity === 'contacts' ? existingByIds(orgId, 'contacts', keys.contactIds) : new Map(),
    companiesByNames(orgId, keys.companyNames),
    existingByIds(orgId, 'companies', keys.companyIds),
  ]);
  return { contactsByEmail, existingById, companiesByName, companiesById };
}

/** Record writes of a batch (contacts created by the import are owned by the member). */
export function recordWrites(orgId: string, uid: string, steps: ImportStep[]): RecordWrite[] {
  return steps.map((s) => {
    const target = orgTarget(orgId, s.collection);
    if (s.kind === 'update')
      return { kind: 'update', target, id: s.id, patch: s.data, current: s.current ?? {} };
    const data = s.collection === 'contacts' ? { ...s.data, ownerId: uid } : s.data;
    return { kind: 'create', target, id: s.id, data };
  });
}

export function importIo(orgId: string, uid: string): ImportIo {
  return {
    commit: (steps) => commitImportBatch(recordWrites(orgId, uid, steps)),
    async existing(creates) {
      const found = new Set<string>();
      for (const collection of ['contacts', 'companies'] as const) {
        const ids = creates.filter((s) => s.collection === collection).map((s) => s.id);
        if (ids.length) for (const id of (await existingByIds(orgId, collection, ids)).keys()) found.add(id);
      }
      return found;
    },
  };
}

/**
 * Records the consent the member stated for the import's contacts (`importId`: the file's
 * fingerprint, so importing the same file again records nothing twice), in calls of
 * IMPORT_CONSENT_BATCH; answers the totals.
 */
export async function recordImportConsent(
  orgId: string,
  importId: string,
  contactIds: string[],
  text: string,
): Promise<{ recorded: number; skipped: number }> {
  const total = { recorded: 0, skipped: 0 };
  for (let start = 0; start < contactIds.length; start += IMPORT_CONSENT_BATCH) {
    const { recorded, skipped } = await callFunction('recordImportConsent', {
      organizationId: orgId,
      importId,
      contactIds: contactIds.slice(start, start + IMPORT_CONSENT_BATCH),
      text: text.trim(),
    });
    total.recorded += recorded;
    total.skipped += skipped;
  }
  return total;
}
