import { describe, expect, it } from 'vitest';
import { APP_QUERIES, searchValues } from '@trato/model';
import { meetingsRequest, meetingsWhen } from './meetingsQuery';

describe('meetings list query', () => {
  it('reads ?when=past, anything else is upcoming', () => {
    expect(meetingsWhen('past')).toBe('past');
    expect(meetingsWhen('')).toBe('upcoming');
    expect(meetingsWhen(null)).toBe('upcoming');
    expect(meetingsWhen('later')).toBe('upcoming');
  });

  it('picks a declared query with the line between upcoming and past as its start bound', () => {
    const now = Date.UTC(2026, 0, 15, 10);
    const cases = [
      ['upcoming', '', 'meetings.upcoming', '>=', 'asc'],
      ['upcoming', 'demo', 'meetings.upcoming+search', '>=', 'asc'],
      ['past', '', 'meetings.past', '<', 'desc'],
      ['past', 'demo', 'meetings.past+search', '<', 'desc'],
    ] as const;
    for (const [when, search, id, op, direction] of cases) {
      const request = meetingsRequest(when, search, now);
      expect(request.id).toBe(id);
      expect((request.values.startTime as Date).getTime()).toBe(now);
      const spec = APP_QUERIES.find((candidate) => candidate.id === id);
      expect(spec?.where.find((f) => f.field === 'startTime')?.op).toBe(op);
      expect(spec?.orderBy).toEqual([{ field: 'startTime', direction }]);
      expect(spec?.where.some((f) => f.field === 'searchTokens')).toBe(Boolean(search));
    }
  });

  it('with several words looks through every meeting, every word matched on the server', () => {
    const now = Date.UTC(2026, 0, 15, 10);
    for (const when of ['upcoming', 'past'] as const) {
      const request = meetingsRequest(when, 'demo ana', now);
      expect(request).toEqual({
        id: 'meetings.words',
        values: searchValues('demo ana'),
        everyMeeting: true,
      });
      const spec = APP_QUERIES.find((candidate) => candidate.id === request.id);
      expect(spec?.where).toEqual([{ field: 'searchIndex', op: 'words' }]);
    }
    expect(meetingsRequest('past', 'demo', now).everyMeeting).toBe(false);
  });
});
