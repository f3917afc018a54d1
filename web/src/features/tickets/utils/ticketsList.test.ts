import { describe, expect, it } from 'vitest';
import type { Ticket, WithId } from '@trato/model';
import { ticketFilters, visibleTickets } from './ticketsList';

const ticket = (id: string, fields: Partial<Ticket>): WithId<Ticket> =>
  ({
    id,
    ticketName: 'Ticket',
    pipeline: 'Support Pipeline',
    status: 'New',
    priority: null,
    ownerId: null,
    contactId: null,
    companyId: null,
    searchTokens: [],
    ...fields,
  }) as WithId<Ticket>;

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

  it('refines a search of several words on the page, accents and case aside', () => {
    const rows = [
      ticket('t1', { ticketName: 'Factura duplicada', contactName: 'María Hernández' }),
      ticket('t2', { ticketName: 'Factura vencida', companyName: 'Café Copán' }),
      ticket('t3', { ticketName: 'Acceso al portal', description: 'No puede entrar a la factura' }),
    ];
    expect(visibleTickets(rows, '').map((row) => row.id)).toEqual(['t1', 't2', 't3']);
    expect(visibleTickets(rows, 'factura maria').map((row) => row.id)).toEqual(['t1']);
    expect(visibleTickets(rows, 'FACT copan').map((row) => row.id)).toEqual(['t2']);
    expect(visibleTickets(rows, 'factura entrar').map((row) => row.id)).toEqual(['t3']);
  });
});
