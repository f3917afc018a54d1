import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';

const minutesAgo = (n: number) => ({ toMillis: () => Date.now() - n * 60_000 });
const entry = (id: string, fields: Record<string, unknown>) => ({
  id,
  recordId: 'c1',
  detail: null,
  at: null,
  amount: null,
  contactId: 'c1',
  companyId: 'e1',
  createdAt: minutesAgo(5),
  createdBy: 'u1',
  ...fields,
});

/** The rows the query returns (newest first, as the server orders them). */
const state = vi.hoisted(() => ({ rows: [] as unknown[], requests: [] as unknown[] }));

vi.mock('@/firebase/dataApi', async () => {
  const { dataApiMock } = await import('@/test/dataApiMock');
  return {
    ...dataApiMock,
    orgRequest: (orgId: string, id: string, values: unknown) => ({ id, parentPath: orgId, values }),
    usePagedList: (request: unknown) => {
      state.requests.push(request);
      return { ...dataApiMock.usePagedList(), rows: state.rows };
    },
    useLiveList: () => ({
      status: 'success',
      error: null,
      data: [
        { id: 'u1', fullName: 'Ana López' },
        { id: 'u2', fullName: 'Bruno Díaz' },
      ],
    }),
  };
});

const { Timeline } = await import('./Timeline');

const show = (by: 'contact' | 'company', language: 'es' | 'en' = 'es') =>
  renderWithApp(
    <MemoryRouter>
      <Timeline by={by} id={by === 'contact' ? 'c1' : 'e1'} />
    </MemoryRouter>,
    { language },
  );

afterEach(() => {
  cleanup();
  state.rows = [];
  state.requests = [];
});

describe('field edits on the timeline', () => {
  it('two members changed the same field: two entries, newest first, with who and what', async () => {
    state.rows = [
      entry('contactEdit_c1_b', {
        kind: 'contactEdit',
        title: 'phone',
        detail: '+504 9999-8888',
        createdBy: 'u2',
        createdAt: minutesAgo(2),
      }),
      entry('contactEdit_c1_a', { kind: 'contactEdit', title: 'phone', detail: '+504 1111-1111' }),
    ];
    await show('contact');
    const lines = screen.getAllByText(/cambió Teléfono/).map((node) => node.textContent);
    expect(lines).toEqual([
      'Bruno Díaz cambió Teléfono a +504 9999-8888',
      'Ana López cambió Teléfono a +504 1111-1111',
    ]);
    expect(screen.getAllByText('Contacto editado')).toHaveLength(2);
    // The query asks for the edit kinds too.
    expect(state.requests.at(-1)).toMatchObject({
      id: 'timeline.byContact',
      values: { kind: expect.arrayContaining(['contactEdit', 'companyEdit', 'dealEdit']) },
    });
  });

  it('enum values by label, amounts as money, dates, booleans, cleared fields, links without a value', async () => {
    state.rows = [
      entry('1', { kind: 'dealEdit', recordId: 'd1', title: 'stage', detail: 'won' }),
      entry('2', { kind: 'dealEdit', recordId: 'd1', title: 'amount', amount: 2500 }),
      entry('3', {
        kind: 'dealEdit',
        recordId: 'd1',
        title: 'closeDate',
        at: { toMillis: () => Date.UTC(2027, 2, 15, 12) },
      }),
      entry('4', { kind: 'contactEdit', title: 'lifecycleStage', detail: 'customer' }),
      entry('5', { kind: 'contactEdit', title: 'isCustomer', detail: 'true' }),
      entry('6', { kind: 'contactEdit', title: 'jobTitle', detail: null }),
      entry('7', { kind: 'contactEdit', title: 'companyId', detail: 'e2' }),
      entry('8', { kind: 'contactEdit', title: 'ownerId', detail: 'u2' }),
      entry('9', { kind: 'deal', recordId: 'd1', title: 'Licencias 2027', detail: 'won' }),
      entry('10', { kind: 'dealEdit', recordId: 'd1', title: 'probability', amount: 75, createdBy: 'gone' }),
    ];
    await show('contact');
    for (const text of [
      'Ana López cambió Etapa a Ganado',
      /^Ana López cambió Monto a .*2[,.]?500/,
      /^Ana López cambió Fecha de cierre a .*2027/,
      'Ana López cambió Etapa del ciclo de vida a Cliente',
      'Ana López cambió Es cliente a Sí',
      'Ana López borró Profesión',
      'Ana López cambió Empresa',
      'Ana López cambió Propietario a Bruno Díaz',
      'un antiguo miembro cambió Probabilidad a 75 %',
    ])
      expect(screen.getByText(text)).toBeTruthy();
    // The deal's title from its own entry on the page.
    expect(screen.getAllByText('Deal editado · Licencias 2027')).toHaveLength(4);
  });

  it('in English; on a company page a contact’s edit links to the contact', async () => {
    state.rows = [
      entry('1', { kind: 'contactEdit', title: 'phone', detail: '+1 555' }),
      entry('2', {
        kind: 'companyEdit',
        recordId: 'e1',
        contactId: null,
        title: 'industry',
        detail: 'retail',
      }),
    ];
    await show('company', 'en');
    expect(screen.getByText('Ana López changed Phone to +1 555')).toBeTruthy();
    expect(screen.getByText('Ana López changed Industry to Retail')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact edited' }).getAttribute('href')).toBe('/contactos/c1');
  });
});
