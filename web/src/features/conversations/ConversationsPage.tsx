import ForumRoundedIcon from '@mui/icons-material/ForumRounded';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { sectionHref } from '@/app/sections';
import { PageHeader } from '@/components/page/PageHeader';
import { ConversationThread } from './components/ConversationThread';
import { InboxList } from './components/InboxList';
import { useMemberNames } from './components/names';
import { FILTER_PARAM, filterFromAddress, filterToAddress, type InboxFilter } from './utils/inbox';

/** The inbox's height on a desktop: the window less the top bar, the page's padding and its title. */
const PANES_HEIGHT = 'calc(100dvh - 56px - 64px - 72px)';
/** An open conversation on a phone: the whole window below the top bar (over the page's padding). */
const PHONE_THREAD_HEIGHT = 'calc(100dvh - 56px)';
/** The page's padding (AppLayout's main), which the phone's list and conversation go over. */
const BLEED = { xs: -2, sm: -4 };

/**
 * /conversaciones and /conversaciones/{contactId} (issue 33): the WhatsApp inbox. On a desktop two
 * panes — the conversations (filtered, newest first, live) beside the open one; on a phone the
 * list, then the conversation alone with 'Conversaciones' to go back (the focus goes to its
 * heading, and back to its row). One page module for both routes, so the list stays as it was
 * while conversations open. The filter is kept in the address (?filtro=).
 */
export default function ConversationsPage() {
  const { t } = useTranslation('conversations');
  const { id } = useParams();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const { nameOf } = useMemberNames();
  const filter = filterFromAddress(params.get(FILTER_PARAM));
  const query = { [FILTER_PARAM]: filterToAddress(filter) };
  const hrefOf = (contactId: string) => sectionHref('conversations', { id: contactId, query });
  const listHref = sectionHref('conversations', { query });
  const cameFrom = (location.state as { from?: unknown } | null)?.from;

  const setFilter = (next: InboxFilter) =>
    setParams(
      (current) => {
        const value = filterToAddress(next);
        if (value) current.set(FILTER_PARAM, value);
        else current.delete(FILTER_PARAM);
        return current;
      },
      { replace: true },
    );

  const list = (
    <InboxList
      filter={filter}
      onFilter={setFilter}
      selectedId={id ?? null}
      hrefOf={hrefOf}
      nameOf={nameOf}
      focusId={!wide && !id && typeof cameFrom === 'string' ? cameFrom : null}
    />
  );

  if (!wide)
    return id ? (
      <Box
        sx={{
          height: PHONE_THREAD_HEIGHT,
          minHeight: 420,
          m: BLEED,
          bgcolor: 'background.paper',
        }}
      >
        <ConversationThread
          key={id}
          contactId={id}
          variant="inbox"
          headingLevel="h1"
          backTo={listHref}
          focusOnOpen
        />
      </Box>
    ) : (
      <>
        <PageHeader title={t('title')} />
        <Box
          sx={{
            mx: BLEED,
            borderTop: 1,
            borderBottom: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
          }}
        >
          {list}
        </Box>
      </>
    );

  return (
    <>
      <PageHeader title={t('title')} />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'minmax(300px, 360px) minmax(0, 1fr)',
          height: PANES_HEIGHT,
          minHeight: 480,
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
          overflow: 'hidden',
          bgcolor: 'background.paper',
        }}
      >
        <Box sx={{ borderRight: 1, borderColor: 'divider', minHeight: 0, overflow: 'hidden' }}>{list}</Box>
        <Box sx={{ minWidth: 0, minHeight: 0 }}>
          {id ? (
            <ConversationThread key={id} contactId={id} variant="inbox" headingLevel="h2" />
          ) : (
            <Box
              sx={{
                height: '100%',
                display: 'grid',
                placeItems: 'center',
                textAlign: 'center',
                p: 4,
                color: 'text.secondary',
              }}
            >
              <Box>
                <ForumRoundedIcon sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden="true" />
                <Typography sx={{ mt: 1 }}>{t('noneOpen')}</Typography>
              </Box>
            </Box>
          )}
        </Box>
      </Box>
    </>
  );
}
