import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PagedList } from '@/firebase/dataApi';
import { renderWithApp } from '@/test/render';
import { RowActions } from './RowActions';
import { cellText, gridTemplate, ListTable, type ListColumn } from './ListTable';

interface Person {
  name: string;
  email: string | null;
}

const rows = [
  { id: 'p1', name: 'María José Fernández', email: 'maria.jose@distribuidora.example.com' },
  { id: 'p2', name: 'Óscar Núñez', email: null },
];

const list = (overrides: Partial<PagedList<Person>> = {}): PagedList<Person> => ({
  status: 'success',
  rows,
  error: null,
  total: { value: 57, more: false },
  page: 0,
  pageSize: 25,
  hasNext: true,
  hasPrevious: false,
  next: vi.fn(),
  previous: vi.fn(),
  ...overrides,
});

const columns = (onMenu = vi.fn()): ListColumn<(typeof rows)[number]>[] => [
  { field: 'name', headerName: 'Nombre', flex: 1.3, minWidth: 130 },
  { field: 'email', headerName: 'Email', flex: 1, valueGetter: (v: string | null) => v || '-' },
  {
    field: 'actions',
    headerName: 'Acciones',
    width: 96,
    align: 'right',
    renderCell: ({ row }) => (
      <RowActions label={`Acciones de ${row.name}`} actions={[{ label: 'Editar', onClick: onMenu }]} />
    ),
  },
];

describe('ListTable', () => {
  it('is a named table with column headers, cells by field and whole values in titles', async () => {
    await renderWithApp(<ListTable list={list()} columns={columns()} label="Contactos" />);
    const table = screen.getByRole('table', { name: 'Contactos' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Nombre', 'Email', 'Acciones']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    const email = within(table).getByRole('cell', { name: 'maria.jose@distribuidora.example.com' });
    expect(email.getAttribute('data-field')).toBe('email');
    expect(email.querySelector('[title="maria.jose@distribuidora.example.com"]')).toBeTruthy();
    expect(within(table).getByRole('row', { name: /Óscar Núñez/ }).textContent).toContain('-');
    // Not clickable: no row takes the focus.
    expect(within(table).getAllByRole('row')[1]?.getAttribute('tabindex')).toBeNull();
  });

  it('opens a row on click, Enter and Space, but not from its menu', async () => {
    const onRowClick = vi.fn();
    const onMenu = vi.fn();
    await renderWithApp(
      <ListTable list={list()} columns={columns(onMenu)} label="Contactos" onRowClick={onRowClick} />,
    );
    const row = screen.getByRole('row', { name: /María José/ });
    expect(row.getAttribute('tabindex')).toBe('0');
    fireEvent.click(within(row).getAllByRole('cell')[0]!);
    expect(onRowClick).toHaveBeenLastCalledWith(rows[0]);
    fireEvent.keyDown(row, { key: 'Enter' });
    fireEvent.keyDown(row, { key: ' ' });
    fireEvent.keyDown(row, { key: 'a' });
    expect(onRowClick).toHaveBeenCalledTimes(3);

    const menuButton = within(row).getByRole('button', { name: 'Acciones de María José Fernández' });
    fireEvent.keyDown(menuButton, { key: 'Enter' });
    fireEvent.click(menuButton);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Editar' }));
    expect(onMenu).toHaveBeenCalledOnce();
    expect(onRowClick).toHaveBeenCalledTimes(3);
  });

  it('shows the range and moves between pages, with a bar while a page loads', async () => {
    const paged = list();
    const { rerender } = await renderWithApp(
      <ListTable list={paged} columns={columns()} label="Contactos" />,
    );
    expect(screen.getByText('1–2 de 57')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Página anterior' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Página siguiente' }));
    expect(paged.next).toHaveBeenCalledOnce();

    rerender(
      <ListTable list={list({ status: 'loading', total: null })} columns={columns()} label="Contactos" />,
    );
    expect(screen.getByRole('progressbar', { name: 'Cargando...' })).toBeTruthy();
    expect(screen.getByText('1–2 de más de 2')).toBeTruthy();
  });
});

describe('column widths and texts', () => {
  it('fixes widths in px and shares the rest by flex, no narrower than the minimum', () => {
    expect(gridTemplate([{ flex: 1.3, minWidth: 130 }, { flex: 1 }, { width: 96 }, {}])).toEqual({
      template: 'minmax(130px, 1.3fr) minmax(50px, 1fr) 96px 100px',
      minWidth: 376,
    });
  });

  it('takes the text from valueGetter, else the value', () => {
    const row = { id: 'p2', name: 'Óscar', email: null };
    expect(cellText({ field: 'name', headerName: '' }, row)).toBe('Óscar');
    expect(cellText({ field: 'email', headerName: '' }, row)).toBe('');
    expect(
      cellText({ field: 'email', headerName: '', valueGetter: (v: string | null) => v || '-' }, row),
    ).toBe('-');
    expect(cellText({ field: 'x', headerName: '', valueGetter: (_v, r: typeof row) => r.id }, row)).toBe(
      'p2',
    );
  });
});
