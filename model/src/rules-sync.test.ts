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
  PARTICIPANTS_MAX,
  SEARCH_TOKENS_MAX,
  UPLOAD_MAX_BYTES,
} from './constants.js';
import {
  COMPANY_SIZES,
  CONTACT_STATUSES,
  DEAL_STAGES,
  ENROLLMENT_STATUSES,
  INDUSTRIES,
  LIFECYCLE_STAGES,
  MEETING_STATUSES,
  RESOURCES,
  ROLES,
  SEQUENCE_STEP_TYPES,
  TASK_STATUSES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
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
  };
  for (const [name, values] of Object.entries(enums)) it(name, () => expect(rules).toContain(list(values)));
  it('limits', () => {
    expect(rules).toContain(`v.size() <= ${SEARCH_TOKENS_MAX}`);
    expect(rules).toContain(`d.size <= ${UPLOAD_MAX_BYTES}`);
    expect(rules).toContain(`d.amount <= ${AMOUNT_MAX}`);
    expect(rules).toContain(`idList(d.assigneeIds, ${ASSIGNEES_MAX})`);
    expect(rules).toContain(`idList(d.participantIds, ${PARTICIPANTS_MAX})`);
    expect(rules).toContain(`duration.value(${ACTIVE_GRACE_HOURS}, 'h')`);
  });
});

describe('storage.rules uses the model limits', () => {
  const rules = flat(storageRules);
  it('upload size and grace', () => {
    expect(UPLOAD_MAX_BYTES).toBe(25 * 1024 * 1024);
    expect(rules).toContain('request.resource.size <= 25 * 1024 * 1024');
    expect(rules).toContain(`duration.value(${ACTIVE_GRACE_HOURS}, 'h')`);
  });
});
