import { describe, expect, it } from 'vitest';

import { uniformPermissions } from './permissions.js';
import {
  ENROLL_BATCH_SIZE,
  ENROLLMENT_READS_EACH,
  ENROLLMENT_SHARED_READS,
  enrollmentBatches,
  RULES_BATCH_READS,
  sequenceRights,
} from './sequenceAccess.js';

const admin = { role: 'admin' as const, permissions: {} };
const fullSeller = { role: 'seller' as const, permissions: uniformPermissions(true) };
const viewer = { role: 'seller' as const, permissions: {} };
const only = (action: 'create' | 'edit' | 'delete') => ({
  role: 'seller' as const,
  permissions: { marketing: { view: true, create: false, edit: false, delete: false, [action]: true } },
});
const ofAdmin = { createdBy: 'admin1' };
const ofSeller = { createdBy: 'seller1' };

describe('sequenceRights: a sequence speaks with its owner’s voice', () => {
  it('the owner with every marketing right does everything', () => {
    expect(sequenceRights(fullSeller, 'seller1', ofSeller)).toEqual({
      owner: true,
      addStep: true,
      editStep: true,
      deleteStep: true,
      rename: true,
      toggle: true,
      duplicate: true,
      delete: true,
    });
  });

  it("a seller with every marketing right only pauses, duplicates and views the admin's", () => {
    expect(sequenceRights(fullSeller, 'seller1', ofAdmin)).toEqual({
      owner: false,
      addStep: false,
      editStep: false,
      deleteStep: false,
      rename: false,
      toggle: true,
      duplicate: true,
      delete: false,
    });
  });

  it("an admin deletes, pauses and duplicates a seller's sequence, but never writes its steps", () => {
    expect(sequenceRights(admin, 'admin1', ofSeller)).toEqual({
      owner: false,
      addStep: false,
      editStep: false,
      deleteStep: false,
      rename: false,
      toggle: true,
      duplicate: true,
      delete: true,
    });
  });

  it('the owner still needs the right of each action', () => {
    expect(sequenceRights(only('create'), 'seller1', ofSeller)).toMatchObject({
      addStep: true,
      editStep: false,
      deleteStep: false,
      rename: false,
      toggle: false,
      duplicate: true,
      delete: false,
    });
    expect(sequenceRights(only('edit'), 'seller1', ofSeller)).toMatchObject({
      addStep: false,
      editStep: true,
      rename: true,
      toggle: true,
      delete: false,
    });
    expect(sequenceRights(only('delete'), 'seller1', ofSeller)).toMatchObject({
      deleteStep: true,
      delete: true,
      editStep: false,
    });
  });

  it('a viewer, or nobody signed in, may do nothing', () => {
    const nothing = {
      addStep: false,
      editStep: false,
      deleteStep: false,
      rename: false,
      toggle: false,
      duplicate: false,
      delete: false,
    };
    expect(sequenceRights(viewer, 'seller1', ofSeller)).toMatchObject({ owner: true, ...nothing });
    expect(sequenceRights(null, null, ofSeller)).toMatchObject({ owner: false, ...nothing });
    expect(sequenceRights(fullSeller, '', { createdBy: '' }).owner).toBe(false);
  });
});

describe('enrolment batches fit the rules’ 20 reads', () => {
  it('17 a batch: 3 shared reads + 1 per contact', () => {
    expect(ENROLL_BATCH_SIZE).toBe(17);
    expect(ENROLLMENT_SHARED_READS + ENROLL_BATCH_SIZE * ENROLLMENT_READS_EACH).toBeLessThanOrEqual(
      RULES_BATCH_READS,
    );
    expect(ENROLLMENT_SHARED_READS + (ENROLL_BATCH_SIZE + 1) * ENROLLMENT_READS_EACH).toBeGreaterThan(
      RULES_BATCH_READS,
    );
  });

  it('50 contacts: 17 + 17 + 16, in order; none: no batch', () => {
    const ids = Array.from({ length: 50 }, (_, i) => `c${i}`);
    const batches = enrollmentBatches(ids);
    expect(batches.map((b) => b.length)).toEqual([17, 17, 16]);
    expect(batches.flat()).toEqual(ids);
    expect(enrollmentBatches([])).toEqual([]);
  });
});
