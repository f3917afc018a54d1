import { describe, expect, it } from 'vitest';
import { ticketFilters } from './ticketsList';

describe('tickets list', () => {
  it('keeps the model statuses and priorities of the address, drops anything else', () => {
    expect(ticketFilters({ status: 'In Progress', priority: 'High' })).toEqual({
      status: 'In Progress',
      priority: 'High',
    });
    expect(ticketFilters({ status: 'in progress', priority: 'Urgent' })).toEqual({
      status: '',
      priority: '',
    });
    expect(ticketFilters({ status: '', priority: 'Low' })).toEqual({ status: '', priority: 'Low' });
  });
});
