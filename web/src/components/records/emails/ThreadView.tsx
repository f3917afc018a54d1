import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import ExpandLessRoundedIcon from '@mui/icons-material/ExpandLessRounded';
import ExpandMoreRoundedIcon from '@mui/icons-material/ExpandMoreRounded';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import ReplyRoundedIcon from '@mui/icons-material/ReplyRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EmailMessage, MailParty, WithId } from '@trato/model';
import { LoadingBlock, QueryState } from '@/components/data/QueryState';
import { Pager } from '@/components/data/Pager';
import {
  orgRecordPath,
  orgRequest,
  useDatePreferences,
  useDocument,
  useMembership,
  useOrgId,
  usePagedList,
  type PagedList,
} from '@/firebase/dataApi';
import { formatDateTime, millisOf } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { Attachments } from './Attachments';
import { BodyFrame } from './BodyFrame';
import { DirectionMark, otherParticipants } from './ConversationList';
import type { NameOf } from './EmailsView';
import { partyLabel, partyName } from './emailUtils';
import { useEmailBody, type BodyState } from './useEmailBody';

/** Messages per page of a conversation (oldest first). */
export const MESSAGES_PAGE_SIZE = 50;

interface ThreadProps {
  threadKey: string;
  /** A message to open and bring into view (a link from the timeline or the bell). */
  focusKey: string | null;
  nameOf: NameOf;
  /** The member has a connected mailbox: 'Responder' on what their own mailbox received. */
  canReply: boolean;
  onReply: (message: WithId<EmailMessage>, from: string, subject: string) => void;
  onBack: () => void;
}

/** One conversation: its subject, whose mailbox, and its messages oldest first, the last one open. */
export function ThreadView({ threadKey, focusKey, nameOf, canReply, onReply, onBack }: ThreadProps) {
  const { t } = useTranslation('emails');
  const organizationId = useOrgId();
  const thread = useDocument(orgRecordPath(organizationId, 'emailThreads', threadKey));
  const messages = usePagedList(
    orgRequest(organizationId, 'emailMessages.byThread', { threadKey }),
    MESSAGES_PAGE_SIZE,
  );
  const data = thread.data;
  const owner = data ? nameOf(data.ownerUid) : '';
  const lastId = messages.hasNext ? null : (messages.rows[messages.rows.length - 1]?.id ?? null);

  return (
    <Box component="section" aria-labelledby="email-thread-title">
      <Button size="small" startIcon={<ArrowBackRoundedIcon />} onClick={onBack} sx={{ mb: 1, ml: -1 }}>
        {t('thread.back')}
      </Button>
      <QueryState state={thread} errorTitle={t('thread.loadFailed')}>
        {data === null ? (
          <Alert severity="info">{t('thread.notFound')}</Alert>
        ) : (
          data && (
            <>
              <Typography
                id="email-thread-title"
                variant="h2"
                sx={{ fontSize: { xs: '1.2rem', sm: '1.4rem' }, fontWeight: 700, overflowWrap: 'anywhere' }}
              >
                {data.subject === null
                  ? t('privateThread', { name: owner })
                  : data.subject || t('thread.noSubject')}
              </Typography>
              <Typography
                variant="body2"
                sx={{ color: 'text.secondary', mt: 0.5, mb: 2, overflowWrap: 'anywhere' }}
              >
                {[t('mailboxOf', { name: owner }), otherParticipants(data).join(', ')]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
              <QueryState state={messages} errorTitle={t('thread.loadFailed')}>
                <Box component="ol" aria-label={t('thread.messages')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
                  {messages.rows.map((message) => (
                    <MessageCard
                      key={message.id}
                      message={message}
                      open={message.id === lastId || message.id === focusKey}
                      focus={message.id === focusKey}
                      nameOf={nameOf}
                      canReply={canReply}
                      onReply={onReply}
                    />
                  ))}
                </Box>
                {(messages.hasNext || messages.hasPrevious) && (
                  <Pager list={messages as PagedList<unknown>} />
                )}
              </QueryState>
            </>
          )
        )}
      </QueryState>
    </Box>
  );
}

const parties = (list: MailParty[] | null | undefined) => (list ?? []).map(partyLabel).join(', ');

/** One message: who, when and its first words; opened, its recipients, content and attachments. */
function MessageCard({
  message,
  open: initiallyOpen,
  focus,
  nameOf,
  canReply,
  onReply,
}: {
  message: WithId<EmailMessage>;
  open: boolean;
  focus: boolean;
  nameOf: NameOf;
  canReply: boolean;
  onReply: ThreadProps['onReply'];
}) {
  const { t } = useTranslation('emails');
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const datePreferences = useDatePreferences();
  const { uid } = useMembership();
  const [open, setOpen] = useState(initiallyOpen);
  const item = useRef<HTMLLIElement>(null);
  const body = useEmailBody(message, open);
  // A private mailbox's owner reads the headers in the body.
  const headers = body.status === 'ready' && message.from === null ? body.body : message;
  const subject = headers.subject ?? '';
  const date = millisOf(message.date);
  const own = message.ownerUid === uid;
  const sender = headers.from
    ? partyName(headers.from)
    : t('privateMessage', { name: nameOf(message.ownerUid) });

  useEffect(() => {
    if (focus) item.current?.scrollIntoView?.({ block: 'start' });
  }, [focus]);

  const detail = (label: string, value: string) =>
    value && (
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {label}:{' '}
        </Box>
        {value}
      </Typography>
    );

  return (
    <Box
      component="li"
      ref={item}
      data-testid="email-message"
      sx={{
        mb: 1.5,
        border: 1,
        borderColor: focus ? 'primary.main' : 'divider',
        borderRadius: 2,
        bgcolor: 'background.paper',
        overflow: 'hidden',
      }}
    >
      <ButtonBase
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        sx={{
          display: 'flex',
          width: '100%',
          alignItems: 'flex-start',
          gap: 1,
          textAlign: 'left',
          px: { xs: 1.5, sm: 2 },
          py: 1.25,
          '&:hover, &.Mui-focusVisible': { bgcolor: 'action.hover' },
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
            {!headers.from && <LockOutlinedIcon sx={{ fontSize: 16, color: 'text.secondary' }} />}
            <Typography component="span" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {sender}
            </Typography>
            <DirectionMark direction={message.direction} />
          </Box>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {date === null ? tc('common.loading') : formatDateTime(date, language, datePreferences)}
          </Typography>
          {!open && message.snippet && (
            <Typography variant="body2" noWrap sx={{ mt: 0.25 }}>
              {message.snippet}
            </Typography>
          )}
        </Box>
        {open ? (
          <ExpandLessRoundedIcon aria-hidden="true" sx={{ color: 'text.secondary' }} />
        ) : (
          <ExpandMoreRoundedIcon aria-hidden="true" sx={{ color: 'text.secondary' }} />
        )}
      </ButtonBase>
      {open && (
        <Box sx={{ px: { xs: 1.5, sm: 2 }, pb: 2 }}>
          <Box sx={{ mb: 1.5 }}>
            {detail(t('thread.from'), partyLabel(headers.from))}
            {detail(t('thread.to'), parties(headers.to))}
            {detail(t('thread.cc'), parties(headers.cc))}
            {detail(t('thread.subject'), subject)}
          </Box>
          {message.isBounce && (
            <Alert severity="warning" sx={{ mb: 1.5 }}>
              {t('thread.bounce')}
            </Alert>
          )}
          <MessageContent state={body} subject={subject} />
          <Attachments
            messageKey={message.id}
            attachments={(body.status === 'ready' ? body.body.attachments : message.attachments) ?? []}
            downloadable={body.status === 'ready'}
          />
          {canReply && own && message.direction === 'in' && headers.from && (
            <Button
              variant="outlined"
              startIcon={<ReplyRoundedIcon />}
              onClick={() => onReply(message, headers.from!.address, subject)}
              sx={{ mt: 2 }}
            >
              {t('thread.reply')}
            </Button>
          )}
        </Box>
      )}
    </Box>
  );
}

/** The content as far as the member may read it: the HTML framed, or the text, or why not. */
export function MessageContent({ state, subject }: { state: BodyState; subject: string }) {
  const { t } = useTranslation('emails');
  if (state.status === 'loading') return <LoadingBlock label={t('thread.bodyLoading')} />;
  if (state.status === 'failed') return <Alert severity="error">{t('thread.bodyFailed')}</Alert>;
  if (state.status !== 'ready')
    return (
      <Box
        data-testid="email-body-withheld"
        sx={{ display: 'flex', gap: 1, alignItems: 'center', color: 'text.secondary', py: 1 }}
      >
        <LockOutlinedIcon fontSize="small" aria-hidden="true" />
        <Typography variant="body2">
          {t(state.status === 'private' ? 'thread.private' : 'thread.metadataOnly')}
        </Typography>
      </Box>
    );
  const { html, text, truncated } = state.body;
  return (
    <>
      {html ? (
        <BodyFrame html={html} title={t('thread.frameTitle', { subject })} />
      ) : (
        <Typography data-testid="email-body-text" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {text || t('thread.empty')}
        </Typography>
      )}
      {truncated && (
        <Alert severity="info" sx={{ mt: 1.5 }}>
          {t('thread.truncated')}
        </Alert>
      )}
    </>
  );
}
