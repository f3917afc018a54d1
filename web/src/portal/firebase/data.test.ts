import { describe, expect, it } from 'vitest';
import { APP_QUERIES } from '@trato/model';
import { PORTAL_QUERIES } from './data';

describe('the portal’s reads', () => {
  it('are queries the model declares (so their indexes exist and the rules’ tests run them)', () => {
    for (const [id, spec] of Object.entries(PORTAL_QUERIES)) {
      const declared = APP_QUERIES.find((q) => q.id === id);
      expect(declared, id).toBeDefined();
      expect(declared!.collection).toBe(spec.collection);
      expect(declared!.where).toEqual([{ field: spec.field, op: '==' }]);
      expect(declared!.orderBy).toEqual([{ field: spec.order[0], direction: spec.order[1] }]);
    }
  });
});
