/**
 * Drift guard: the enums and limits the rules hard-code (the rules language cannot import)
 * must be the model's. Each list is looked for verbatim as the rules write it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import {
  ACTIVE_GRACE_HOURS,
  AMOUNT_MAX,
  ASSIGNEES_MAX,
  EMAIL_PATTERN,
  FOLDER_MAX_DEPTH,
  ID_PATTERN,
  INLINE_CONTENT_TYPES,
  LIMITS,
  LIST_MEMBERSHIPS_MAX,
  PARTICIPANTS_MAX,
  SEARCH_MIN_CHARS,
  SEARCH_TOKEN_MAX_LENGTH,
  SEARCH_TOKEN_PATTERN,
  SEARCH_TOKENS_MAX,
  UPLOAD_MAX_BYTES,
  URL_PATTERN,
} from './constants.js';
import { FIELD_CONTRACTS, SETTINGS_REQUIRED, TIMELINE_ENTRY_KEYS } from './fields.js';
import { CLIENT_CAMPAIGN_MOVES, SEGMENT_KEYS } from './marketing.js';
import { SEARCH_FIELDS } from './search.js';
import { CLIENT_TIMELINE_KINDS } from './timeline.js';
import { CHANGE_KIND_OF, CHANGE_KINDS, TRACKED_FIELDS } from './changes.js';
import { ENROLLMENT_READS_EACH, ENROLLMENT_SHARED_READS } from './sequenceAccess.js';
import {
  PORTAL_ACCESS_STATUSES,
  PORTAL_FILE_NAME_MAX,
  PORTAL_SCOPES,
  PORTAL_UPLOAD_MAX_BYTES,
  PORTAL_UPLOAD_TYPES,
  PORTAL_UPLOAD_UNDO_MINUTES,
  PORTAL_UPLOADS_PER_MESSAGE,
  REPLY_VISIBILITIES,
  TICKET_CONVERSATION_STATES,
  TICKET_EMAIL_THREADS_MAX,
} from './portal.js';
import {
  CAMPAIGN_STATUSES,
  COMPANY_SIZES,
  CONTACT_STATUSES,
  DEAL_STAGES,
  ENROLLMENT_STATUSES,
  INDUSTRIES,
  LIFECYCLE_STAGES,
  LIST_KINDS,
  MEETING_STATUSES,
  RESOURCES,
  ROLES,
  SEQUENCE_STEP_TYPES,
  TASK_STATUSES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  TIMELINE_KIND_RESOURCE,
} from './enums.js';

const firestoreRules = readFileSync(new URL('../../firestore.rules', import.meta.url), 'utf8');
const storageRules = readFileSync(new URL('../../storage.rules', import.meta.url), 'utf8');
/** The rules source with line breaks and indentation collapsed. */
const flat = (s: string) => s.replace(/\s+/g, ' ').replace(/\[ /g, '[').replace(/ \]/g, ']');
const list = (values: readonly string[]) => `[${values.map((v) => `'${v}'`).join(', ')}]`;

describe('firestore.rules uses the model enums and limits', () => {
  const rules = flat(firestoreRules);
  const enums = {
    ROLES,
    RESOURCES,
    DEAL_STAGES,
    TASK_STATUSES,
    MEETING_STATUSES,
    CONTACT_STATUSES,
    LIFECYCLE_STAGES,
    TICKET_STATUSES,
    TICKET_PRIORITIES,
    INDUSTRIES,
    COMPANY_SIZES,
    SEQUENCE_STEP_TYPES,
    ENROLLMENT_STATUSES,
    CLIENT_TIMELINE_KINDS,
    LIST_KINDS,
    CAMPAIGN_STATUSES,
  };
  for (const [name, values] of Object.entries(enums)) it(name, () => expect(rules).toContain(list(values)));
  it('limits', () => {
    expect(rules).toContain(`d.size <= ${UPLOAD_MAX_BYTES}`);
    expect(rules).toContain(`d.amount <= ${AMOUNT_MAX}`);
    expect(rules).toContain(`idList(d.assigneeIds, ${ASSIGNEES_MAX})`);
    expect(rules).toContain(`idList(d.participantIds, ${PARTICIPANTS_MAX})`);
    expect(rules).toContain(`optIdList(d, 'listIds', ${LIST_MEMBERSHIPS_MAX})`);
    expect(rules).toContain(`duration.value(${ACTIVE_GRACE_HOURS}, 'h')`);
  });

  it('list elements and ids', () => {
    // The rules file spells a regex backslash as two (string escape).
    const tokenRe = `[\\\\p{L}\\\\p{N}]{${SEARCH_MIN_CHARS},${SEARCH_TOKEN_MAX_LENGTH}}`;
    expect(rules).toContain(`listOf(v, ${SEARCH_TOKENS_MAX}, '${tokenRe}', ' ')`);
    expect(SEARCH_TOKEN_PATTERN.source).toBe(`^${tokenRe.replace(/\\\\/g, '\\')}$`);
    expect(rules).toContain(`v.matches('[^/]{1,${LIMITS.id}}')`);
    expect(rules).toContain(`listOf(v, max, '[^/]{1,${LIMITS.id}}', '/')`);
    expect(ID_PATTERN.source).toBe(`^[^/]{1,${LIMITS.id}}$`);
  });

  it('searchable documents: searchIndex has exactly the searchTokens as keys, each true', () => {
    expect(rules).toContain(
      'function searchable(d) { return tokens(d.searchTokens) && d.searchIndex is map ' +
        '&& d.searchIndex.keys().toSet() == d.searchTokens.toSet() ' +
        '&& d.searchIndex.values().hasOnly([true]); }',
    );
    const searchableCollections = Object.values(FIELD_CONTRACTS).filter((c) =>
      (c.required as readonly string[]).includes('searchIndex'),
    );
    expect(searchableCollections.length).toBe(Object.keys(SEARCH_FIELDS).length);
    expect(rules.match(/&& searchable\(d\)/g)).toHaveLength(searchableCollections.length);
  });

  it('e-mail and URL patterns (RE2 \\s is [ \\t\\n\\f\\r])', () => {
    const re2 = (call: string) => {
      const m = new RegExp(`${call}\\('([^']+)'\\)`).exec(rules);
      expect(m).not.toBeNull();
      return `^${m![1]!
        .replace(/\\\\s/g, ' \\t\\n\\f\\r')
        .replace(/\\\\\./g, '\\.')
        .replace(/\//g, '\\/')}$`;
    };
    expect(re2('str\\(v, 254\\) && v\\.matches')).toBe(EMAIL_PATTERN.source);
    expect(re2('str\\(v, 2048\\) && v\\.matches')).toBe(URL_PATTERN.source);
  });

  it(`folders: the ancestor walk reads ${FOLDER_MAX_DEPTH - 1} levels`, () => {
    expect(rules.match(/function ancestors(Ok|\d)\(/g)).toHaveLength(FOLDER_MAX_DEPTH - 1);
  });

  it('timeline entries: the keys, and the resource of each kind', () => {
    expect(rules).toContain(list(TIMELINE_ENTRY_KEYS));
    for (const [kind, resource] of Object.entries(TIMELINE_KIND_RESOURCE))
      expect(rules).toContain(`(kind == '${kind}' && can(orgId, '${resource}', 'view'))`);
  });

  it('field edits (model/src/changes.ts): the kinds, their collections and the tracked fields by slot', () => {
    expect(rules).toContain(`(e.kind in ${list(CHANGE_KINDS)})`);
    expect(rules).toContain(
      "return kind == 'contactEdit' ? 'contacts' : (kind == 'companyEdit' ? 'companies' : 'deals');",
    );
    expect(CHANGE_KIND_OF).toEqual({ contacts: 'contactEdit', companies: 'companyEdit', deals: 'dealEdit' });
    for (const [collection, kind] of Object.entries(CHANGE_KIND_OF)) {
      const bySlot = new Map<string, string[]>();
      for (const [field, slot] of Object.entries(TRACKED_FIELDS[collection as keyof typeof TRACKED_FIELDS]))
        bySlot.set(slot, [...(bySlot.get(slot) ?? []), field]);
      const slots = [...bySlot].map(([slot, fields]) => `'${slot}': ${list(fields)}`).join(', ');
      expect(rules).toContain(`'${kind}': {${slots}}`);
    }
  });

  it(`enrollments: a create reads ${ENROLLMENT_SHARED_READS} shared documents and ${ENROLLMENT_READS_EACH} of its own (ENROLL_BATCH_SIZE)`, () => {
    const block = rules.slice(rules.indexOf('match /enrollments/{contactId}'));
    const from = block.slice(block.indexOf('allow create:'));
    const create = from.slice(0, from.indexOf(';'));
    // allowed() reads the member and the subscription; then the sequence and the contact.
    expect(create).toContain("allowed(orgId, 'marketing', 'create')");
    expect(create).toContain("existsAfterWrite(orgId, 'sequences', sequenceId)");
    expect(create).toContain("existsAfterWrite(orgId, 'contacts', contactId)");
    expect(
      create.match(/\b(get|getAfter|exists|existsAfter|existsAfterWrite|orgDoc|isMemberUid|me)\(/g),
    ).toEqual(['existsAfterWrite(', 'existsAfterWrite(']);
  });

  it("marketing lists: a segment's criteria keys", () => {
    expect(rules).toContain(`function segmentKeys() { return ${list(SEGMENT_KEYS)}; }`);
    for (const k of SEGMENT_KEYS) expect(rules).toContain(`d.get('${k}', null) == null`);
  });

  it('campaigns: the status moves a member may make (CLIENT_CAMPAIGN_MOVES)', () => {
    const from = rules.slice(rules.indexOf('function clientCampaignMove(from, to)'));
    const table = from.slice(0, from.indexOf(';'));
    const moves = Object.entries(CLIENT_CAMPAIGN_MOVES);
    for (const [status, to] of moves) expect(table).toContain(`(from == '${status}' && (to in ${list(to)}))`);
    expect(table.match(/from == '/g)).toHaveLength(moves.length);
  });

  it('the customer portal (issue 34): conversation fields, shares, who a portal user is', () => {
    expect(rules).toContain(`optIn(d, 'conversationState', ${list(TICKET_CONVERSATION_STATES)})`);
    expect(rules).toContain(`idList(d.emailThreadIds, ${TICKET_EMAIL_THREADS_MAX})`);
    expect(rules).toContain(`d.attachments.size() <= ${PORTAL_UPLOADS_PER_MESSAGE}`);
    expect(rules).toContain("(d.targetType in ['document', 'folder'])");
    // The statuses and scopes the rules name are the model's.
    expect(PORTAL_ACCESS_STATUSES).toContain('active');
    expect(rules).toContain("access.data.status == 'active'");
    expect(PORTAL_SCOPES).toContain('company');
    expect(rules).toContain("access.scope == 'company'");
    expect(REPLY_VISIBILITIES).toContain('public');
    expect(rules).toContain("resource.data.visibility == 'public'");
  });

  it('updates keep the required keys of settings documents', () => {
    for (const keys of Object.values(SETTINGS_REQUIRED)) expect(rules).toContain(list(keys));
  });
});

describe('storage.rules uses the model limits', () => {
  const rules = flat(storageRules);
  it('inline content types', () => expect(rules).toContain(list(INLINE_CONTENT_TYPES)));
  it('portal uploads: types, size, name, undo window (model/src/portal.ts)', () => {
    expect(rules).toContain(`(f.contentType in ${list(PORTAL_UPLOAD_TYPES)})`);
    expect(PORTAL_UPLOAD_MAX_BYTES).toBe(10 * 1024 * 1024);
    expect(rules).toContain('f.size > 0 && f.size <= 10 * 1024 * 1024');
    expect(rules).toContain(`fileName.size() <= ${PORTAL_FILE_NAME_MAX}`);
    expect(rules).toContain(`resource.timeCreated + duration.value(${PORTAL_UPLOAD_UNDO_MINUTES}, 'm')`);
  });
  it('upload size and grace', () => {
    expect(UPLOAD_MAX_BYTES).toBe(25 * 1024 * 1024);
    expect(rules).toContain('f.size <= 25 * 1024 * 1024');
    expect(rules).toContain(`duration.value(${ACTIVE_GRACE_HOURS}, 'h')`);
  });
});
