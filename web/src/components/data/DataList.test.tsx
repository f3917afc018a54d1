// DataList on a phone: cards, each with its selection checkbox when the list has a selection.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PagedList } from '@/firebase/dataApi';
import { renderWithApp } from '@/test/render';
import { useRowSelection } from './useRowSelection';

vi.mock('@mui/material/useMediaQuery', () => ({ default: () => true }));

const { DataList } = await import('./DataList');

interface Person {
  name: string;
}

const list: PagedList<Person> = {
  status: 'success',
  rows: [
    { id: 'p1', name: 'Ana Reyes' },
    { id: 'p2', name: 'Luis Mejía' },
  ],
  error: null,
  total: { value: 2, more: false },
  page: 0,
  pageSize: 25,
  hasNext: false,
  hasPrevious: false,
  next: vi.fn(),
  previous: vi.fn(),
};

const render = (props: Partial<Parameters<typeof DataList<Person>>[0]> = {}) =>
  renderWithApp(
    <DataList
      list={list}
      columns={[{ field: 'name', headerName: 'Nombre' }]}
      label="Contactos"
      renderCard={(row) => row.name}
      empty="Nada"
      {...props}
    />,
  );

describe('DataList on a phone', () => {
  it('cards have no checkbox without a selection', async () => {
    await render({ onRowClick: vi.fn() });
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });

  it("each card's checkbox toggles its row without opening it", async () => {
    const onRowClick = vi.fn();
    function Selectable() {
      const selection = useRowSelection<{ id: string; name: string }>((row) => row.name);
      return (
        <DataList
          list={list}
          columns={[{ field: 'name', headerName: 'Nombre' }]}
          label="Contactos"
          renderCard={(row) => row.name}
          empty="Nada"
          onRowClick={onRowClick}
          selection={selection}
        />
      );
    }
    await renderWithApp(<Selectable />);
    const [ana, luis] = screen.getAllByRole('listitem');
    const anaBox = within(ana!).getByRole<HTMLInputElement>('checkbox', { name: 'Seleccionar Ana Reyes' });
    const luisBox = within(luis!).getByRole<HTMLInputElement>('checkbox', { name: 'Seleccionar Luis Mejía' });
    expect(anaBox.checked).toBe(false);
    fireEvent.click(anaBox);
    expect(anaBox.checked).toBe(true);
    expect(luisBox.checked).toBe(false);
    fireEvent.click(anaBox.closest('label')!);
    expect(anaBox.checked).toBe(false);
    expect(onRowClick).not.toHaveBeenCalled();
    fireEvent.click(within(ana!).getByRole('button'));
    expect(onRowClick).toHaveBeenCalledWith(list.rows[0]);
  });
});
