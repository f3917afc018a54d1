import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PagedList } from '@/firebase/dataApi';
import { renderWithApp } from '@/test/render';
import { RowActions } from './RowActions';
import { cellText, gridTemplate, ListTable, type ListColumn } from './ListTable';
import { useRowSelection, type RowSelection } from './useRowSelection';

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

describe('ListTable selection', () => {
  type Row = (typeof rows)[number];
  /** The table with a live selection (useRowSelection), which the test reads through `seen`. */
  function Selectable({
    paged = list(),
    onRowClick,
    seen,
  }: {
    paged?: PagedList<Person>;
    onRowClick?: () => void;
    seen: { current: RowSelection<Row> | null };
  }) {
    const selection = useRowSelection<Row>((row) => row.name);
    seen.current = selection;
    return (
      <ListTable
        list={paged}
        columns={columns()}
        label="Contactos"
        onRowClick={onRowClick}
        selection={selection}
      />
    );
  }
  const box = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });

  it('is opt-in: no checkboxes without it', async () => {
    await renderWithApp(<ListTable list={list()} columns={columns()} label="Contactos" />);
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });

  it("adds a first column of named checkboxes: the page's in the header, each row's", async () => {
    const seen = { current: null as RowSelection<Row> | null };
    await renderWithApp(<Selectable seen={seen} />);
    const table = screen.getByRole('table', { name: 'Contactos' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['', 'Nombre', 'Email', 'Acciones']);
    expect(
      within(headers[0]!).getByRole('checkbox', { name: 'Seleccionar los de esta página' }),
    ).toBeTruthy();
    const row = within(table).getByRole('row', { name: /María José/ });
    expect(within(row).getAllByRole('cell')[0]!.querySelector('input')).toBe(
      box('Seleccionar María José Fernández'),
    );
    expect(box('Seleccionar Óscar Núñez').checked).toBe(false);
    // The selection column's 44 px come first in every row's tracks.
    expect(getComputedStyle(row).gridTemplateColumns.startsWith('44px ')).toBe(true);
  });

  it('toggles a row, and the page from the header (mixed while some are chosen)', async () => {
    const seen = { current: null as RowSelection<Row> | null };
    await renderWithApp(<Selectable seen={seen} />);
    const page = box('Seleccionar los de esta página');
    fireEvent.click(box('Seleccionar Óscar Núñez'));
    expect([...seen.current!.selected]).toEqual(['p2']);
    expect(box('Seleccionar Óscar Núñez').checked).toBe(true);
    expect(page.checked).toBe(false);
    expect(page.indeterminate).toBe(true);
    expect(screen.getByRole('row', { name: /Óscar Núñez/ }).classList.contains('Mui-selected')).toBe(true);

    fireEvent.click(page);
    expect([...seen.current!.selected].sort()).toEqual(['p1', 'p2']);
    expect(page.checked).toBe(true);
    expect(page.indeterminate).toBe(false);

    fireEvent.click(page);
    expect(seen.current!.selected.size).toBe(0);
    expect(page.checked).toBe(false);

    fireEvent.click(box('Seleccionar Óscar Núñez'));
    fireEvent.click(box('Seleccionar Óscar Núñez'));
    expect(seen.current!.selected.size).toBe(0);
  });

  it('keeps ids of other pages: the header counts only the rows on screen', async () => {
    const seen = { current: null as RowSelection<Row> | null };
    await renderWithApp(<Selectable seen={seen} />);
    act(() => seen.current!.reset(['elsewhere']));
    const page = box('Seleccionar los de esta página');
    expect(page.indeterminate).toBe(false);
    fireEvent.click(page);
    expect([...seen.current!.selected].sort()).toEqual(['elsewhere', 'p1', 'p2']);
    fireEvent.click(page);
    expect([...seen.current!.selected]).toEqual(['elsewhere']);
  });

  it('a click on a checkbox or around it in its cell does not open the row', async () => {
    const seen = { current: null as RowSelection<Row> | null };
    const onRowClick = vi.fn();
    await renderWithApp(<Selectable seen={seen} onRowClick={onRowClick} />);
    const checkbox = box('Seleccionar María José Fernández');
    fireEvent.click(checkbox);
    fireEvent.click(checkbox.closest('label')!);
    fireEvent.keyDown(checkbox, { key: ' ' });
    fireEvent.keyDown(checkbox, { key: 'Enter' });
    expect(onRowClick).not.toHaveBeenCalled();
    fireEvent.click(within(screen.getByRole('row', { name: /María José/ })).getAllByRole('cell')[1]!);
    expect(onRowClick).toHaveBeenCalledOnce();
  });

  it('an empty page: the header checkbox is off and disabled', async () => {
    const seen = { current: null as RowSelection<Row> | null };
    await renderWithApp(<Selectable seen={seen} paged={list({ rows: [] })} />);
    expect(box('Seleccionar los de esta página').disabled).toBe(true);
  });

  it('names the checkboxes in English', async () => {
    const seen = { current: null as RowSelection<Row> | null };
    await renderWithApp(<Selectable seen={seen} />, { language: 'en' });
    expect(box("Select this page's rows")).toBeTruthy();
    expect(box('Select Óscar Núñez')).toBeTruthy();
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
