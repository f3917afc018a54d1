import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { writes } from '@/test/dataApiMock';
import { renderWithApp } from '@/test/render';

vi.mock('@/firebase/dataApi', async () => (await import('@/test/dataApiMock')).dataApiMock);

const { TaskDialog } = await import('@/components/records/TaskDialog');
const { DealDialog } = await import('@/components/records/DealDialog');
const { MeetingDialog } = await import('@/components/records/MeetingDialog');

const save = (label = 'Guardar') => fireEvent.click(screen.getByRole('button', { name: label }));
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false, selector: 'input,textarea' }), {
    target: { value },
  });

beforeEach(() => {
  Object.values(writes).forEach((fn) => fn.mockReset());
});

describe('entity dialogs of the contact page', () => {
  it("task: 'El título es requerido' under the field and as a toast", async () => {
    await renderWithApp(<TaskDialog links={{ contactId: 'c1', contactName: 'José' }} onClose={() => {}} />);
    save();
    expect((await screen.findByRole('alert', { hidden: true })).textContent).toContain(
      'El título es requerido',
    );
    expect(screen.getAllByText('El título es requerido')).toHaveLength(2);
    expect(writes.createRecord).not.toHaveBeenCalled();
  });

  it("board deal: a blank title toasts 'El título es requerido' and sends nothing", async () => {
    await renderWithApp(<DealDialog onClose={() => {}} />);
    type('Título', '   ');
    save();
    expect((await screen.findByRole('alert', { hidden: true })).textContent).toContain(
      'El título es requerido',
    );
    expect(writes.createRecord).not.toHaveBeenCalled();
  });

  it('task: created linked to the contact and assigned to its author', async () => {
    writes.createRecord.mockResolvedValue('t1');
    await renderWithApp(
      <TaskDialog
        links={{ contactId: 'c1', contactName: 'José', companyId: 'k1', companyName: 'Maya' }}
        onClose={() => {}}
      />,
    );
    type('Título', 'Llamar');
    save();
    await waitFor(() => expect(writes.createRecord).toHaveBeenCalled());
    expect(writes.createRecord.mock.calls[0][1]).toMatchObject({
      title: 'Llamar',
      status: 'pending',
      contactId: 'c1',
      companyId: 'k1',
      contactName: 'José',
      assigneeIds: ['u1'],
    });
  });

  it("opportunity: 'Título y cliente son obligatorios', probability 0–100", async () => {
    await renderWithApp(<DealDialog variant="opportunity" onClose={() => {}} />);
    type('Probabilidad (%)', '140');
    save();
    expect((await screen.findAllByText('Título y cliente son obligatorios')).length).toBeGreaterThan(0);
    expect(screen.getByText('El valor es mayor que el máximo permitido')).toBeTruthy();
    expect(writes.createRecord).not.toHaveBeenCalled();
  });

  it("meeting: 'Complete los campos requeridos' for the title; starts on the next hour for an hour", async () => {
    await renderWithApp(<MeetingDialog onClose={() => {}} />);
    save();
    expect(await screen.findByText('Complete los campos requeridos')).toBeTruthy();
    expect(writes.createRecord).not.toHaveBeenCalled();
  });

  it('meeting: a new start moves the proposed end by the default length; outside work hours warns', async () => {
    writes.createRecord.mockResolvedValue('m1');
    await renderWithApp(<MeetingDialog onClose={() => {}} />);
    const start = screen.getByRole<HTMLInputElement>('textbox', { name: /^Inicio/ });
    const end = screen.getByRole<HTMLInputElement>('textbox', { name: /^Fin/ });
    // Monday 15 March 2032, 10:00 (the default preferences: an hour, 08:00–17:00, Monday–Friday).
    fireEvent.change(start, { target: { value: '150320321000' } });
    await waitFor(() => expect(end.value).toBe('15/03/2032 11:00'));
    expect(screen.queryByText(/Fuera de tu/)).toBeNull();
    // An end typed by hand stays when the start moves.
    fireEvent.change(end, { target: { value: '150320321130' } });
    fireEvent.change(start, { target: { value: '150320320930' } });
    await waitFor(() => expect(start.value).toBe('15/03/2032 09:30'));
    expect(end.value).toBe('15/03/2032 11:30');
    // Sunday.
    fireEvent.change(start, { target: { value: '140320321000' } });
    fireEvent.change(end, { target: { value: '140320321100' } });
    expect(await screen.findByText('Fuera de tus días laborables (Ajustes → Perfil)')).toBeTruthy();
    // Monday at 19:00.
    fireEvent.change(start, { target: { value: '150320321900' } });
    fireEvent.change(end, { target: { value: '150320322000' } });
    expect(await screen.findByText('Fuera de tu horario laboral (Ajustes → Perfil)')).toBeTruthy();
    // A warning, not a refusal.
    type('Título', 'Visita tarde');
    save();
    await waitFor(() => expect(writes.createRecord).toHaveBeenCalled());
  });
});
