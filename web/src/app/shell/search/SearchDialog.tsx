import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SEARCH_MIN_CHARS } from '@trato/model';
import { moveActive, type SearchHit } from './search';
import { useGlobalSearch } from './useGlobalSearch';

/**
 * The command dialog of the top bar's search (Ctrl/Cmd+K): hits grouped Contactos, Empresas,
 * Deals, Documentos; arrow keys move through them, Enter opens one.
 */
export default function SearchDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [typed, setTyped] = useState('');
  const [active, setActive] = useState(-1);
  const search = useGlobalSearch(typed);
  const hits = search.hits;
  const current = active < hits.length ? active : -1;

  const open = (hit: SearchHit) => {
    onClose();
    navigate(hit.to);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive(moveActive(current, event.key === 'ArrowDown' ? 1 : -1, hits.length));
    } else if (event.key === 'Enter' && hits.length) {
      event.preventDefault();
      open(hits[current < 0 ? 0 : current]);
    }
  };
  const optionId = (i: number) => `search-hit-${i}`;

  let message: string | null = null;
  if (search.status === 'idle') message = t('app.search.hint', { count: SEARCH_MIN_CHARS });
  else if (search.status === 'error') message = t('app.search.error');
  else if (search.status === 'done' && hits.length === 0) message = t('app.search.empty');

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-label={t('app.search.label')}
      sx={{ '& .MuiDialog-container': { alignItems: 'flex-start' } }}
      slotProps={{ paper: { sx: { mt: { sm: 10 }, borderRadius: { sm: 3 } } } }}
    >
      <Box
        sx={{
          p: 1.5,
          borderBottom: 1,
          borderColor: 'divider',
          display: 'flex',
          gap: 1,
          alignItems: 'center',
        }}
      >
        <TextField
          autoFocus
          fullWidth
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          placeholder={t('app.search.placeholder')}
          slotProps={{
            htmlInput: {
              role: 'combobox',
              'aria-label': t('app.search.label'),
              'aria-expanded': hits.length > 0,
              'aria-controls': 'search-hits',
              'aria-activedescendant': current >= 0 ? optionId(current) : undefined,
              'aria-autocomplete': 'list',
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRoundedIcon />
                </InputAdornment>
              ),
              endAdornment:
                search.status === 'loading' ? (
                  <InputAdornment position="end">
                    <CircularProgress size={18} aria-label={t('common.loading')} />
                  </InputAdornment>
                ) : undefined,
            },
          }}
        />
        {phone && <Button onClick={onClose}>{t('common.actions.cancel')}</Button>}
      </Box>
      <Box sx={{ maxHeight: { sm: '60vh' }, overflowY: 'auto', pb: 1 }}>
        {message && (
          <Typography role="status" sx={{ color: 'text.secondary', textAlign: 'center', py: 4, px: 2 }}>
            {message}
          </Typography>
        )}
        {hits.length > 0 && (
          <List id="search-hits" role="listbox" aria-label={t('app.search.label')} dense>
            {hits.map((hit, i) => (
              <Box
                component="li"
                key={`${hit.group}-${hit.id}`}
                sx={{ listStyle: 'none' }}
                role="presentation"
              >
                {hit.group !== hits[i - 1]?.group && (
                  <ListSubheader
                    component="div"
                    role="presentation"
                    sx={{ lineHeight: '32px', fontWeight: 700 }}
                  >
                    {t(`app.search.groups.${hit.group}`)}
                  </ListSubheader>
                )}
                <ListItemButton
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === current}
                  selected={i === current}
                  onClick={() => open(hit)}
                  onMouseMove={() => current !== i && setActive(i)}
                >
                  <ListItemText primary={hit.primary} secondary={hit.secondary || undefined} />
                </ListItemButton>
              </Box>
            ))}
          </List>
        )}
      </Box>
    </Dialog>
  );
}
