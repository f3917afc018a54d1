import Box from '@mui/material/Box';
import { useCallback, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListSelection } from './ListTable';

/**
 * Rows chosen in a list, by id, with the checkboxes DataList shows for them (its `selection`):
 * they stay chosen when the page or the filters change, so the count may include rows not on
 * screen. Apart from the table, so that lists without a selection carry none of this.
 */
export interface RowSelection<Row> extends ListSelection<Row> {
  /** Chooses a row, or unchooses it. */
  toggle: (id: string) => void;
  /** Chooses the page's rows, or unchooses them all when all were chosen. */
  togglePage: (ids: readonly string[]) => void;
  /** Keeps these ids alone (none: clears the selection). */
  reset: (ids?: readonly string[]) => void;
}

/**
 * The selection of a list whose rows are named by `rowLabel` (the name in each checkbox's
 * accessible name: 'Seleccionar Ana Reyes').
 */
export function useRowSelection<Row extends { id: string }>(
  rowLabel: (row: Row) => string,
): RowSelection<Row> {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback((id: string) => {
    setSelected((previous) => {
      const next = new Set(previous);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);
  const togglePage = useCallback((ids: readonly string[]) => {
    setSelected((previous) => {
      const next = new Set(previous);
      const all = ids.every((id) => previous.has(id));
      for (const id of ids) {
        if (all) next.delete(id);
        else next.add(id);
      }
      return next;
    });
  }, []);
  const reset = useCallback((ids: readonly string[] = []) => setSelected(new Set(ids)), []);

  return {
    selected,
    toggle,
    togglePage,
    reset,
    renderPage: (rows) => {
      const ids = rows.map((row) => row.id);
      const chosen = ids.filter((id) => selected.has(id)).length;
      return (
        <SelectBox
          label={t('common.list.selectPage')}
          checked={ids.length > 0 && chosen === ids.length}
          indeterminate={chosen > 0 && chosen < ids.length}
          disabled={ids.length === 0}
          onChange={() => togglePage(ids)}
        />
      );
    },
    renderRow: (row) => (
      <SelectBox
        label={t('common.list.select', { name: rowLabel(row) })}
        checked={selected.has(row.id)}
        onChange={() => toggle(row.id)}
      />
    ),
  };
}

/**
 * A selection checkbox: a native input in the theme's colour (MUI's Checkbox would be ~2.7 KB
 * more where no other part loads it), inside a label that makes the whole cell (or the card's
 * edge) its target — ListTable's rows ignore clicks on labels and inputs.
 */
function SelectBox({
  label,
  checked,
  indeterminate = false,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  disabled?: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <Box
      component="label"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        alignSelf: 'stretch',
        width: 44,
        flexShrink: 0,
        cursor: disabled ? 'default' : 'pointer',
      }}
    >
      <Box
        component="input"
        type="checkbox"
        aria-label={label}
        checked={checked}
        disabled={disabled}
        onChange={onChange}
        ref={(input: HTMLInputElement | null) => {
          if (input) input.indeterminate = indeterminate;
        }}
        sx={{
          width: 18,
          height: 18,
          m: 0,
          cursor: 'inherit',
          accentColor: (theme) => theme.palette.primary.main,
        }}
      />
    </Box>
  );
}
