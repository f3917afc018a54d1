// The inbox's filters and the declared queries behind them; ticks and failures as the model says.
import { describe, expect, it, vi } from 'vitest';
import { WA_FAILURE_REASONS, WA_MESSAGE_STATUSES } from '@trato/model';

vi.mock('@/firebase/dataApi', () => ({
  orgRequest: (orgId: string, id: string, values?: unknown) => ({ orgId, id, values }),
}));

const { failureReason, filterFromAddress, filterToAddress, inboxRequest, INBOX_FILTERS, initials, ticksOf } =
  await import('./inbox');

describe('inbox filters', () => {
  it('runs the declared query of each filter', () => {
    expect(inboxRequest('o1', 'all', 'u1')).toEqual({ orgId: 'o1', id: 'waConversations.recent' });
    expect(inboxRequest('o1', 'mine', 'u1')).toEqual({
      orgId: 'o1',
      id: 'waConversations.byAssignee',
      values: { assigneeId: 'u1' },
    });
    expect(inboxRequest('o1', 'unassigned', 'u1')).toEqual({
      orgId: 'o1',
      id: 'waConversations.byAssignee',
      values: { assigneeId: null },
    });
    expect(inboxRequest('o1', 'unread', 'u1')).toEqual({
      orgId: 'o1',
      id: 'waConversations.unread',
      values: { unreadCount: 0 },
    });
    // 'Mías' waits for the member to be known.
    expect(inboxRequest('o1', 'mine', null)).toBeNull();
  });

  it('keeps the filter in the address in Spanish, and reads anything else as Todas', () => {
    for (const filter of INBOX_FILTERS)
      expect(filterFromAddress(filterToAddress(filter) || null)).toBe(filter);
    expect(filterToAddress('unread')).toBe('no-leidas');
    expect(filterToAddress('all')).toBe('');
    expect(filterFromAddress('nope')).toBe('all');
    expect(filterFromAddress(null)).toBe('all');
  });
});

describe('ticks and failures', () => {
  it('gives every outbound status its ticks and none to a received message', () => {
    expect(WA_MESSAGE_STATUSES.map((status) => [status, ticksOf(status)])).toEqual([
      ['pending', 'clock'],
      ['sent', 'one'],
      ['delivered', 'two'],
      ['read', 'two-read'],
      ['failed', 'failed'],
      ['received', null],
    ]);
  });
  it('reads an unknown failure as unknown', () => {
    for (const reason of WA_FAILURE_REASONS) expect(failureReason(reason)).toBe(reason);
    expect(failureReason('something-new')).toBe('unknown');
    expect(failureReason(null)).toBe('unknown');
  });
  it('makes initials of a name', () => {
    expect(initials('Ana López')).toBe('AL');
    expect(initials('marta')).toBe('M');
    expect(initials('  Luis  Alberto Díaz ')).toBe('LD');
  });
});
