// Sequence steps by type (issue 33): 'Agregar Paso' offers E-mail / Plantilla de WhatsApp / Tarea
// / Esperar with each type's fields, writes what firestore.rules' validStep takes for it, and the
// sequence's steps show their type with its icon and what they do.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';

const at = (iso: string) => ({ toMillis: () => new Date(iso).getTime() });
const template = (id: string, status: string, patch: Record<string, unknown> = {}) => ({
  id,
  name: id,
  language: 'es',
  category: 'marketing',
  header: null,
  body: 'Hola {{1}}, te escribe {{2}}.',
  footer: null,
  buttons: ['Sí, me interesa'],
  variables: [
    { source: 'firstName', fallback: '' },
    { source: 'senderName', fallback: '' },
  ],
  status,
  rejectedReason: null,
  graphId: 'g',
  createdAt: at('2026-11-20T15:00:00Z'),
  createdBy: 'u1',
  updatedAt: at('2026-11-20T15:00:00Z'),
  ...patch,
});

const state = vi.hoisted(() => ({
  createRecord: vi.fn(),
  templates: [] as unknown[],
  channel: { status: 'connected' } as unknown,
  steps: [] as unknown[],
  requests: [] as unknown[],
}));

vi.mock('@/firebase/dataApi', async () => {
  const { dataApiMock } = await import('@/test/dataApiMock');
  return {
    ...dataApiMock,
    createRecord: state.createRecord,
    orgRequest: (_orgId: string, id: string) => ({ id }),
    orgRecordPath: (orgId: string, c: string, id: string) => `organizations/${orgId}/${c}/${id}`,
    useLiveList: (request: { id: string } | null) => {
      state.requests.push(request);
      if (request?.id === 'waTemplates.list')
        return { status: 'success', data: state.templates, error: null };
      if (request?.id === 'steps.bySequence') return { status: 'success', data: state.steps, error: null };
      return { status: 'success', data: [], error: null };
    },
    useDocument: (path: string | null) => ({
      status: 'success',
      data: path?.endsWith('/channels/whatsapp') ? state.channel : path ? { status: 'connected' } : null,
      error: null,
    }),
    useCount: () => null,
    useMembership: () => ({
      ...dataApiMock.useMembership(),
      uid: 'u1',
      member: { role: 'admin', permissions: {} },
      profile: { fullName: 'Marta Díaz' },
    }),
  };
});

const { StepDialog } = await import('./StepDialog');

const open = (language: 'es' | 'en' = 'es') =>
  renderWithApp(
    <MemoryRouter>
      <StepDialog
        organizationId="org1"
        sequenceId="seq1"
        steps={[{ id: 'a', stepOrder: 1 } as never]}
        onClose={() => {}}
      />
    </MemoryRouter>,
    { language },
  );
const typeRadio = (name: string) => screen.getByRole('radio', { name });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Agregar' }));
const box = (name: RegExp) => screen.getByRole<HTMLInputElement>('textbox', { name });

beforeEach(() => {
  state.createRecord.mockReset().mockResolvedValue('new');
  state.templates = [
    template('bienvenida', 'approved'),
    template('recordatorio', 'pending'),
    template('vieja', 'rejected'),
    template('pausada', 'paused'),
  ];
  state.channel = { status: 'connected' };
  state.requests = [];
});

describe('StepDialog by type', { timeout: 40_000 }, () => {
  it('offers the four types, e-mail first, as today', async () => {
    await open();
    const group = screen.getByRole('group', { name: 'Tipo de paso' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['email', 'whatsapp', 'task', 'wait']);
    expect(typeRadio('Email')).toHaveProperty('checked', true);
    expect(box(/^Asunto/)).toBeTruthy();
    expect(screen.getByRole('spinbutton', { name: /^Días de espera/ })).toBeTruthy();
    save();
    expect(await screen.findAllByText(/obligatorio/)).toHaveLength(2);
    fireEvent.change(box(/^Asunto/), { target: { value: ' Hola ' } });
    fireEvent.change(box(/^Cuerpo/), { target: { value: 'Texto' } });
    save();
    await waitFor(() =>
      expect(state.createRecord).toHaveBeenCalledWith(
        { parentPath: 'organizations/org1/sequences/seq1', collection: 'steps' },
        { type: 'email', subject: 'Hola', body: 'Texto', delayDays: 0, stepOrder: 2 },
      ),
    );
  });

  it('a task: its title (required) and description, for the member who enrolled the contact', async () => {
    await open();
    fireEvent.click(typeRadio('Tarea'));
    expect(screen.getByText(/Crea una tarea para el miembro que inscribió al contacto/)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /^Asunto/ })).toBeNull();
    save();
    expect(await screen.findByText(/obligatorio/)).toBeTruthy();
    fireEvent.change(box(/^Título de la tarea/), { target: { value: 'Llamar a {{nombre}}' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: /^Días de espera/ }), { target: { value: '2' } });
    save();
    await waitFor(() =>
      expect(state.createRecord).toHaveBeenCalledWith(expect.anything(), {
        type: 'task',
        subject: 'Llamar a {{nombre}}',
        body: '',
        delayDays: 2,
        stepOrder: 2,
      }),
    );
  });

  it('a wait: only the delay', async () => {
    await open();
    fireEvent.click(typeRadio('Espera'));
    expect(screen.getByText(/No envía nada: solo espera/)).toBeTruthy();
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    fireEvent.change(screen.getByRole('spinbutton', { name: /^Días de espera/ }), { target: { value: '3' } });
    save();
    await waitFor(() =>
      expect(state.createRecord).toHaveBeenCalledWith(expect.anything(), {
        type: 'wait',
        subject: '',
        body: '',
        delayDays: 3,
        stepOrder: 2,
      }),
    );
  });

  it('WhatsApp: the approved and in-review templates, a warning for one in review, its text', async () => {
    await open();
    fireEvent.click(typeRadio('Plantilla de WhatsApp'));
    expect(state.requests).toContainEqual({ id: 'waTemplates.list' });
    save();
    expect(await screen.findByText(/obligatorio/)).toBeTruthy();
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: /^Plantilla de WhatsApp/ });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Elige una plantilla',
      'bienvenida (Español) · Aprobada',
      'recordatorio (Español) · En revisión',
    ]);
    // The error is tied to the select.
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(select.getAttribute('aria-describedby')!)!.textContent).toMatch(
      /obligatorio/,
    );
    fireEvent.change(select, { target: { value: 'recordatorio' } });
    expect(screen.getByTestId('step-template-pending').textContent).toContain(
      'Tiene que estar aprobada antes de que llegue el turno de este paso',
    );
    expect(screen.getByTestId('wa-template-preview').textContent).toContain(
      'Hola Ana, te escribe Marta Díaz.',
    );
    fireEvent.change(select, { target: { value: 'bienvenida' } });
    expect(screen.queryByTestId('step-template-pending')).toBeNull();
    save();
    await waitFor(() =>
      expect(state.createRecord).toHaveBeenCalledWith(expect.anything(), {
        type: 'whatsapp',
        subject: '',
        body: '',
        templateId: 'bienvenida',
        delayDays: 0,
        stepOrder: 2,
      }),
    );
  });

  it('WhatsApp without templates or a connected number says so', async () => {
    state.templates = [template('vieja', 'rejected')];
    state.channel = null;
    await open();
    fireEvent.click(typeRadio('Plantilla de WhatsApp'));
    expect(screen.getByTestId('step-no-templates').textContent).toContain(
      'No hay plantillas aprobadas ni en revisión.',
    );
    expect(screen.getByRole('link', { name: 'Crea una en Plantillas WhatsApp' }).getAttribute('href')).toBe(
      '/marketing/whatsapp',
    );
    expect(screen.getByTestId('step-whatsapp-channel').textContent).toContain(
      'No hay un número de WhatsApp conectado',
    );
  });

  it('in English', async () => {
    await open('en');
    expect(screen.getByRole('group', { name: 'Step type' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'WhatsApp template' }));
    expect(screen.getByText(/recorded WhatsApp consent/)).toBeTruthy();
  });
});

const { SequenceDetail } = await import('./SequenceDetail');

describe("the sequence's steps by type", { timeout: 40_000 }, () => {
  const stepRow = (id: string, stepOrder: number, patch: Record<string, unknown>) => ({
    id,
    stepOrder,
    subject: '',
    body: '',
    delayDays: 0,
    ...patch,
  });
  const show = (language: 'es' | 'en' = 'es') =>
    renderWithApp(
      <MemoryRouter>
        <SequenceDetail
          organizationId="org1"
          sequence={{ id: 'seq1', name: 'Bienvenida', isActive: true, createdBy: 'u1' } as never}
          onDeleted={() => {}}
          onDuplicated={() => {}}
        />
      </MemoryRouter>,
      { language },
    );

  it('each step with its type and what it does', async () => {
    state.steps = [
      stepRow('s1', 1, { type: 'email', subject: 'Hola {{nombre}}', body: 'Gracias por escribirnos' }),
      stepRow('s2', 2, { type: 'whatsapp', templateId: 'recordatorio', delayDays: 1 }),
      stepRow('s3', 3, {
        type: 'task',
        subject: 'Llamar a {{nombre}}',
        body: 'Ofrecer la demo',
        delayDays: 2,
      }),
      stepRow('s4', 4, { type: 'wait', delayDays: 3 }),
      stepRow('s5', 5, { type: 'whatsapp', templateId: 'borrada' }),
    ];
    await show();
    const items = within(screen.getByRole('list', { name: 'Pasos' })).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByTestId('step-type').textContent)).toEqual([
      'Email',
      'Plantilla de WhatsApp',
      'Tarea',
      'Espera',
      'Plantilla de WhatsApp',
    ]);
    expect(items[0]!.textContent).toContain('Hola {{nombre}}');
    expect(items[1]!.textContent).toContain('Plantilla: recordatorio');
    expect(items[1]!.textContent).toContain('En revisión');
    expect(items[1]!.textContent).toContain('Debe estar aprobada antes del turno de este paso');
    expect(items[1]!.textContent).toContain('1 día después del paso anterior');
    expect(items[2]!.textContent).toContain('Tarea: Llamar a {{nombre}}');
    expect(items[2]!.textContent).toContain('Ofrecer la demo');
    expect(items[3]!.textContent).toContain('Espera 3 días');
    expect(items[4]!.textContent).toContain('La plantilla de este paso ya no existe');
    // Deleting names the step by what it does.
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar el paso 2' }));
    expect((await screen.findByRole('dialog', { name: '¿Eliminar paso?' })).textContent).toContain(
      '«recordatorio»',
    );
  });

  it('in English', async () => {
    state.steps = [stepRow('s1', 1, { type: 'wait', delayDays: 1 })];
    await show('en');
    expect(screen.getByTestId('step-type').textContent).toBe('Wait');
    expect(screen.getByText('Wait 1 day')).toBeTruthy();
  });
});
