import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import { useId, type ReactNode } from 'react';
import { OutlinedSelect } from '@/components/form/OutlinedSelect';
import { OutlinedTextField } from '@/components/form/OutlinedTextField';

/** The search box and filters above a list; filters wrap under the search on phones. */
export function ListToolbar({
  search,
  onSearch,
  searchLabel,
  children,
}: {
  search: string;
  onSearch: (text: string) => void;
  /** The placeholder and accessible name: 'Buscar contactos...'. */
  searchLabel: string;
  /** Filters. */
  children?: ReactNode;
}) {
  return (
    <Box
      role="search"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1.5,
        mb: 2,
        // Phones: one control per line; wider screens: the search grows, filters keep their width.
        '& > *': { flex: { xs: '1 1 100%', sm: '0 0 210px' } },
        '& > .list-search': { flex: { xs: '1 1 100%', sm: '1 1 280px' }, maxWidth: { sm: 440 } },
      }}
    >
      <OutlinedTextField
        type="search"
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        placeholder={searchLabel}
        size="small"
        className="list-search"
        slotProps={{
          htmlInput: { 'aria-label': searchLabel, maxLength: 100 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchRoundedIcon fontSize="small" aria-hidden="true" />
              </InputAdornment>
            ),
          },
        }}
      />
      {children}
    </Box>
  );
}

/** A filter select: 'Todas las etapas' (empty = no filter) and the options. */
export function FilterSelect({
  label,
  value,
  onChange,
  allLabel,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  allLabel: string;
  options: { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <OutlinedSelect
      id={id}
      size="small"
      label={label}
      value={value}
      onChange={onChange}
      displayEmpty
      emptyLabel={<>{allLabel}</>}
      options={options}
    />
  );
}
