import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, Formik } from 'formik';
import { describe, expect, it, vi } from 'vitest';
import * as yup from 'yup';
import { ERR } from '@trato/model';
import { renderWithApp } from '@/test/render';
import { DateField, DateTimeField } from './DateTimeField';

/** What a field shows. */
const valueOf = (element: HTMLElement) => (element as HTMLInputElement).value;

const schema = yup.object({
  startTime: yup.date().typeError(ERR.date).nullable().default(null),
  closeDate: yup.date().typeError(ERR.date).nullable().default(null),
});

async function renderForm(
  initial: { startTime: Date | null; closeDate?: Date | null },
  language: 'es' | 'en' = 'es',
) {
  const submitted = vi.fn();
  const view = await renderWithApp(
    <Formik
      initialValues={{ closeDate: null, ...initial }}
      validationSchema={schema}
      onSubmit={(values) => submitted(values)}
    >
      <Form>
        <DateTimeField name="startTime" label="Inicio" />
        <DateField name="closeDate" label="Cierre" />
        <button type="submit">Guardar</button>
      </Form>
    </Formik>,
    { language },
  );
  return { submitted, view };
}

describe('DateTimeField', () => {
  it('shows the value in the language order and clock', async () => {
    await renderForm({ startTime: new Date(2024, 2, 15, 21, 5), closeDate: new Date(2024, 2, 20) });
    expect(valueOf(screen.getByRole('textbox', { name: 'Inicio' }))).toBe('15/03/2024 21:05');
    expect(valueOf(screen.getByRole('textbox', { name: 'Cierre' }))).toBe('20/03/2024');
  });

  it('shows a 12-hour clock in English', async () => {
    await renderForm({ startTime: new Date(2024, 2, 15, 21, 5) }, 'en');
    expect(valueOf(screen.getByRole('textbox', { name: 'Inicio' }))).toBe('03/15/2024 09:05 PM');
  });

  it('masks what is typed, one key at a time, and keeps the caret after the digits', async () => {
    await renderForm({ startTime: null });
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'Inicio' });
    let text = '';
    for (const key of '1/3/2024 9:05') {
      text = field.value + key;
      fireEvent.change(field, { target: { value: text, selectionStart: text.length } });
    }
    expect(valueOf(field)).toBe('01/03/2024 09:05');
    expect(field.selectionStart).toBe(field.value.length);
  });

  it('masks typed digits and submits the local date', async () => {
    const { submitted } = await renderForm({ startTime: null });
    const field = screen.getByRole('textbox', { name: 'Inicio' });
    fireEvent.change(field, { target: { value: '150320240930' } });
    expect(valueOf(field)).toBe('15/03/2024 09:30');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(submitted).toHaveBeenCalled());
    expect(submitted.mock.calls[0][0].startTime).toEqual(new Date(2024, 2, 15, 9, 30));
  });

  it('refuses an incomplete date with a message, and keeps what was typed', async () => {
    const { submitted } = await renderForm({ startTime: null });
    const field = screen.getByRole('textbox', { name: 'Inicio' });
    fireEvent.change(field, { target: { value: '3102202410' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Fecha u hora no válida')).toBeTruthy();
    expect(valueOf(field)).toBe('31/02/2024 10');
    expect(submitted).not.toHaveBeenCalled();
  });

  it('clears to empty (null)', async () => {
    const { submitted } = await renderForm({ startTime: new Date(2024, 2, 15, 9, 30) });
    fireEvent.change(screen.getByRole('textbox', { name: 'Inicio' }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(submitted).toHaveBeenCalled());
    expect(submitted.mock.calls[0][0].startTime).toBeNull();
  });

  it('takes what the browser picker chose', async () => {
    const { view } = await renderForm({ startTime: null });
    const native = view.container.querySelector<HTMLInputElement>('input[type="datetime-local"]')!;
    fireEvent.change(native, { target: { value: '2025-07-04T18:45' } });
    expect(valueOf(screen.getByRole('textbox', { name: 'Inicio' }))).toBe('04/07/2025 18:45');
    expect(screen.getByRole('button', { name: 'Elegir fecha y hora' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Elegir fecha' })).toBeTruthy();
  });
});
