import { describe, expect, it } from 'vitest';
import { DEFAULT_TICKET_PIPELINE, type Ticket, type WithId } from '@trato/model';
import { ticketFormSchema, ticketFormValues, ticketWrite } from './ticketForm';

const stored = {
  id: 't1',
  ticketName: 'Factura duplicada',
  pipeline: 'Facturación',
  status: 'Waiting',
  description: null,
  source: 'Email',
  ownerId: 'u2',
  priority: 'High',
  contactId: 'c1',
  contactName: 'María Hernández',
  companyId: null,
  companyName: null,
  searchTokens: [],
} as unknown as WithId<Ticket>;

describe('ticket form', () => {
  it('a new ticket: Support Pipeline, New, no priority, owned by its author, linked where it comes from', () => {
    const values = ticketFormValues(null, {
      ownerId: 'u1',
      links: { contactId: 'c1', contactName: 'María Hernández', companyId: 'e1', companyName: 'Café Copán' },
    });
    expect(DEFAULT_TICKET_PIPELINE).toBe('Support Pipeline');
    expect(values).toMatchObject({
      ticketName: '',
      pipeline: 'Support Pipeline',
      status: 'New',
      priority: null,
      ownerId: 'u1',
      contactId: 'c1',
      contactName: 'María Hernández',
      companyId: 'e1',
      companyName: 'Café Copán',
    });
    expect(ticketFormValues(null, { ownerId: null, links: {} })).toMatchObject({
      ownerId: '',
      contactId: '',
      contactName: '',
    });
  });

  it('an existing ticket: its own values, the links of the page ignored', () => {
    const values = ticketFormValues(stored, {
      ownerId: 'u1',
      links: { companyId: 'e9', companyName: 'Otra' },
    });
    expect(values).toMatchObject({
      ticketName: 'Factura duplicada',
      pipeline: 'Facturación',
      status: 'Waiting',
      priority: 'High',
      ownerId: 'u2',
      contactId: 'c1',
      contactName: 'María Hernández',
      companyId: '',
      companyName: '',
      description: '',
    });
  });

  it("requires the ticket's name with the form's own message", async () => {
    const values = ticketFormValues(null, { ownerId: 'u1', links: {} });
    await expect(ticketFormSchema.validateAt('ticketName', { ...values, ticketName: '   ' })).rejects.toThrow(
      'tickets:form.nameRequired',
    );
    await expect(
      ticketFormSchema.validate({ ...values, ticketName: 'Factura', priority: 'Urgent' }),
    ).rejects.toThrow('errors.oneOf');
    await expect(ticketFormSchema.validate({ ...values, ticketName: 'Factura' })).resolves.toBeTruthy();
  });

  it('writes trimmed texts, nothing for empty ones, and no name for a cleared picker', () => {
    const write = ticketWrite({
      ...ticketFormValues(stored, { ownerId: 'u1', links: {} }),
      ticketName: '  Factura duplicada de marzo ',
      source: '',
      priority: null,
      contactId: '',
    });
    expect(write).toMatchObject({
      ticketName: 'Factura duplicada de marzo',
      source: null,
      priority: null,
      contactId: null,
      contactName: null,
      companyId: null,
      companyName: null,
      ownerId: 'u2',
    });
  });
});
