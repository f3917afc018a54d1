import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import ButtonBase from '@mui/material/ButtonBase';
import InputAdornment from '@mui/material/InputAdornment';
import Modal from '@mui/material/Modal';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SEARCH_MIN_CHARS } from '@trato/model';
import { moveActive, type SearchHit } from './search';
import { useOnline } from '@/firebase/connectivity';
import { useGlobalSearch } from './useGlobalSearch';

/**
 * The command dialog of the top bar's search (Ctrl/Cmd+K): hits grouped Contactos, Empresas,
 * Deals, Documentos; arrow keys move through them, Enter opens one. Built on the Modal and
 * ButtonBase the shell already loads (MUI's Dialog and List would add ~4 KB to every page).
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

  // Offline, Firestore answers from this device's cache: say the results may be incomplete.
  const online = useOnline();
  let message: string | null = null;
  if (search.status === 'idle') message = t('app.search.hint', { count: SEARCH_MIN_CHARS });
  else if (search.status === 'error') message = t('app.search.error');
  else if (search.status === 'done' && hits.length === 0) message = t('app.search.empty');

  return (
    <Modal open onClose={onClose}>
      <Paper
        role="dialog"
        aria-modal="true"
        aria-label={t('app.search.label')}
        elevation={8}
        sx={{
          position: 'absolute',
          top: { xs: 0, sm: 80 },
          left: '50%',
          transform: 'translateX(-50%)',
          width: { xs: '100%', sm: 600 },
          maxWidth: '100%',
          height: { xs: '100%', sm: 'auto' },
          borderRadius: { xs: 0, sm: 3 },
          outline: 'none',
          display: 'flex',
          flexDirection: 'column',
        }}
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
          {/* The outlined input alone: TextField would bring Select and Menu (~8 KB) for nothing. */}
          <OutlinedInput
            autoFocus
            fullWidth
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
            placeholder={t('app.search.placeholder')}
            inputProps={{
              role: 'combobox',
              // The placeholder is the only label shown: the name says it too (WCAG 2.5.3).
              'aria-label': t('app.search.placeholder'),
              'aria-expanded': hits.length > 0,
              'aria-controls': 'search-hits',
              'aria-activedescendant': current >= 0 ? optionId(current) : undefined,
              'aria-autocomplete': 'list',
            }}
            startAdornment={
              <InputAdornment position="start">
                <SearchRoundedIcon />
              </InputAdornment>
            }
            endAdornment={
              search.status === 'loading' ? (
                <InputAdornment position="end">
                  <CircularProgress size={18} aria-label={t('common.loading')} />
                </InputAdornment>
              ) : undefined
            }
          />
          {phone && <Button onClick={onClose}>{t('common.actions.cancel')}</Button>}
        </Box>
        <Box sx={{ maxHeight: { sm: '60vh' }, flex: { xs: 1, sm: 'none' }, overflowY: 'auto', pb: 1 }}>
          {!online && (
            <Typography role="note" variant="body2" sx={{ color: 'text.secondary', px: 2, pt: 1.5 }}>
              {t('app.search.offline')}
            </Typography>
          )}
          {message && (
            <Typography role="status" sx={{ color: 'text.secondary', textAlign: 'center', py: 4, px: 2 }}>
              {message}
            </Typography>
          )}
          {hits.length > 0 && (
            <Box
              component="ul"
              id="search-hits"
              role="listbox"
              aria-label={t('app.search.label')}
              sx={{ m: 0, p: 0 }}
            >
              {hits.map((hit, i) => (
                <Box
                  component="li"
                  key={`${hit.group}-${hit.id}`}
                  sx={{ listStyle: 'none' }}
                  role="presentation"
                >
                  {hit.group !== hits[i - 1]?.group && (
                    <Typography
                      role="presentation"
                      variant="body2"
                      sx={{ px: 2, pt: 1.5, pb: 0.5, fontWeight: 700, color: 'text.secondary' }}
                    >
                      {t(`app.search.groups.${hit.group}`)}
                    </Typography>
                  )}
                  <ButtonBase
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === current}
                    onClick={() => open(hit)}
                    onMouseMove={() => current !== i && setActive(i)}
                    sx={{
                      display: 'block',
                      width: '100%',
                      textAlign: 'left',
                      px: 2,
                      py: 0.75,
                      bgcolor: i === current ? 'action.selected' : undefined,
                    }}
                  >
                    <Typography variant="body2">{hit.primary}</Typography>
                    {hit.secondary && (
                      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                        {hit.secondary}
                      </Typography>
                    )}
                  </ButtonBase>
                </Box>
              ))}
            </Box>
          )}
        </Box>
      </Paper>
    </Modal>
  );
}
