import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WaMessage, WithId } from '@trato/model';
import { QueryState } from '@/components/data/QueryState';
import { visuallyHidden } from '@/components/visuallyHidden';
import { useDatePreferences } from '@/firebase/dataApi';
import type { Feed } from '@/firebase/feed';
import { formatDate, formatDateTime, formatTime, millisOf } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { MessageStatus } from './MessageStatus';
import type { NameOf } from './names';

/** The outbound bubble's green (WhatsApp's look, light enough for secondary text at AA). */
export const OUTBOUND_BUBBLE = '#e3f5e1';
/** How close to the end (px) still counts as reading the newest messages. */
const NEAR_BOTTOM = 48;

/**
 * A conversation's messages as chat bubbles, oldest at the top (the feed is newest first): the
 * contact's on the left, Trato's on the right with who sent them, the time and the ticks, a
 * template marked as such; a day's first message under its date. 'Cargar mensajes anteriores'
 * at the top keeps the place in the conversation; the newest stays in view while reading it.
 * A list for screen readers, each message saying who wrote it, when, and its state in words.
 */
export function MessageList({
  feed,
  contactName,
  nameOf,
  uid,
  label,
}: {
  feed: Feed<WaMessage>;
  contactName: string;
  nameOf: NameOf;
  uid: string | null;
  label: string;
}) {
  const { t } = useTranslation('conversations');
  const language = useLanguage();
  const preferences = useDatePreferences();
  const ordered = useMemo(() => [...feed.rows].reverse(), [feed.rows]);
  const scroller = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const olderFrom = useRef<{ height: number; top: number } | null>(null);
  const newest = ordered[ordered.length - 1];
  const newestKey = newest ? `${newest.id}:${newest.direction}` : '';
  const lastNewest = useRef('');

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (olderFrom.current) {
      // Older messages went in above: the ones in view stay where they were.
      const { height, top } = olderFrom.current;
      olderFrom.current = null;
      element.scrollTop = element.scrollHeight - height + top;
      return;
    }
    const newArrived = newestKey !== lastNewest.current;
    lastNewest.current = newestKey;
    // The end stays in view while reading it, and after one's own message.
    if (nearBottom.current || (newArrived && newest?.direction === 'out'))
      element.scrollTop = element.scrollHeight;
  }, [ordered, newestKey, newest?.direction]);

  // A message from the contact arriving while the conversation is open is announced.
  const newestInbound =
    feed.status === 'success' ? (feed.rows.find((row) => row.direction === 'in')?.id ?? '') : null;
  const seenInbound = useRef<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (newestInbound === null) return;
    if (seenInbound.current !== null && newestInbound && newestInbound !== seenInbound.current)
      setAnnouncement(t('message.newFrom', { name: contactName }));
    seenInbound.current = newestInbound;
  }, [newestInbound, contactName, t]);

  const loadOlder = () => {
    const element = scroller.current;
    if (element) olderFrom.current = { height: element.scrollHeight, top: element.scrollTop };
    feed.loadMore();
  };

  const sender = (message: WithId<WaMessage>) => {
    if (message.direction === 'in') return contactName;
    if (message.sentBy === 'sequence') return t('message.sequence');
    if (!message.sentBy) return t('message.trato');
    return message.sentBy === uid ? t('message.you') : nameOf(message.sentBy);
  };

  const bubble = (message: WithId<WaMessage>, index: number) => {
    const at = millisOf(message.at);
    const previousAt = index > 0 ? millisOf(ordered[index - 1]!.at) : null;
    const newDay =
      at !== null &&
      (previousAt === null || new Date(previousAt).toDateString() !== new Date(at).toDateString());
    const inbound = message.direction === 'in';
    const who = sender(message);
    const text = message.kind === 'unsupported' && !message.text ? t('message.unsupported') : message.text;
    return [
      newDay && (
        <Box
          component="li"
          key={`day-${message.id}`}
          aria-hidden="true"
          sx={{ alignSelf: 'center', my: 1, px: 1.5, py: 0.25, borderRadius: 2, bgcolor: 'action.hover' }}
        >
          <Typography variant="caption" sx={{ fontWeight: 600, color: 'text.secondary' }}>
            {formatDate(at, language, preferences)}
          </Typography>
        </Box>
      ),
      <Box
        component="li"
        key={message.id}
        data-testid="wa-message"
        data-direction={message.direction}
        sx={{
          alignSelf: inbound ? 'flex-start' : 'flex-end',
          maxWidth: { xs: '88%', sm: '75%' },
          px: 1.5,
          py: 1,
          borderRadius: 2,
          borderTopLeftRadius: inbound ? 4 : undefined,
          borderTopRightRadius: inbound ? undefined : 4,
          bgcolor: inbound ? 'background.paper' : OUTBOUND_BUBBLE,
          border: 1,
          borderColor: inbound ? 'divider' : 'transparent',
          boxShadow: '0 1px 1px rgba(16, 24, 40, 0.06)',
        }}
      >
        <Box component="span" sx={visuallyHidden}>
          {t(inbound ? 'message.srIn' : 'message.srOut', {
            name: who,
            when: at === null ? '' : formatDateTime(at, language, preferences),
          })}
        </Box>
        {!inbound && message.sentBy !== uid && (
          <Typography
            aria-hidden="true"
            variant="caption"
            sx={{ display: 'block', fontWeight: 700, color: 'text.secondary' }}
          >
            {who}
          </Typography>
        )}
        {message.kind === 'template' && (
          <Typography variant="caption" sx={{ display: 'block', fontWeight: 700, color: 'success.dark' }}>
            {message.templateName
              ? t('message.template', { name: message.templateName })
              : t('message.templateUnnamed')}
          </Typography>
        )}
        {message.kind === 'button' && (
          <Typography variant="caption" sx={{ display: 'block', fontWeight: 700, color: 'text.secondary' }}>
            {t('message.button')}
          </Typography>
        )}
        <Typography
          sx={{
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            fontStyle: message.kind === 'unsupported' ? 'italic' : undefined,
          }}
        >
          {text}
        </Typography>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            justifyContent: 'flex-end',
            alignItems: 'center',
            columnGap: 0.75,
            mt: 0.25,
            fontSize: 12,
            color: 'text.secondary',
          }}
        >
          <span aria-hidden="true">{at === null ? '' : formatTime(at, language, preferences)}</span>
          {!inbound && <MessageStatus message={message} />}
        </Box>
      </Box>,
    ];
  };

  return (
    <Box
      ref={scroller}
      onScroll={(event) => {
        const element = event.currentTarget;
        nearBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM;
      }}
      sx={{ flex: 1, minHeight: 0, overflowY: 'auto', px: { xs: 1, sm: 2 }, py: 1.5, bgcolor: '#f4f1ec' }}
    >
      <Box role="status" sx={visuallyHidden}>
        {announcement}
      </Box>
      <QueryState
        state={feed}
        errorTitle={t('thread.loadFailed')}
        isEmpty={feed.status === 'success' && feed.rows.length === 0}
        empty={
          <Typography sx={{ color: 'text.secondary', textAlign: 'center', py: 4 }}>
            {t('thread.empty')}
          </Typography>
        }
      >
        {feed.hasMore && (
          <Box sx={{ textAlign: 'center', mb: 1 }}>
            <Button size="small" onClick={loadOlder} disabled={feed.loadingMore} aria-busy={feed.loadingMore}>
              {feed.loadingMore ? t('thread.loadingOlder') : t('thread.loadOlder')}
            </Button>
          </Box>
        )}
        {feed.moreError && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {t('thread.olderFailed')}
          </Alert>
        )}
        <Box
          component="ol"
          aria-label={label}
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 0.75 }}
        >
          {ordered.flatMap(bubble)}
        </Box>
      </QueryState>
    </Box>
  );
}
