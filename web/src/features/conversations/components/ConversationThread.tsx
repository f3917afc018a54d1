import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import {
  composerMode,
  formatWaId,
  normalizePhone,
  windowClosesAt,
  type Contact,
  type WaConversation,
  type WithId,
} from '@trato/model';
import { sectionHref } from '@/app/sections';
import { LoadingBlock } from '@/components/data/QueryState';
import {
  orgRecordPath,
  orgRequest,
  useDatePreferences,
  useDocument,
  useMembership,
  useOrgId,
} from '@/firebase/dataApi';
import { useFeed } from '@/firebase/feed';
import { formatTime, millisOf } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { useMarkRead } from '../hooks/useMarkRead';
import { useNow } from '../hooks/useNow';
import { Assignment } from './Assignment';
import { Composer, type ComposerState } from './Composer';
import { MessageList } from './MessageList';
import { useMemberNames } from './names';

/** Messages per page of a conversation (newest first, older ones on demand). */
export const MESSAGES_PAGE_SIZE = 30;

/** 'Ventana abierta — cierra a las 14:32' (or 'mañana a las …'), or 'Ventana cerrada: solo plantillas aprobadas'. */
export function WindowState({ closesAtMs, nowMs }: { closesAtMs: number | null; nowMs: number }) {
  const { t } = useTranslation('conversations');
  const language = useLanguage();
  const preferences = useDatePreferences();
  const open = closesAtMs !== null;
  const sameDay = open && new Date(closesAtMs).toDateString() === new Date(nowMs).toDateString();
  return (
    <Box
      component="p"
      data-testid="wa-window"
      sx={{
        m: 0,
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.75,
        fontSize: 14,
        fontWeight: 600,
        color: open ? 'success.dark' : 'text.secondary',
      }}
    >
      <Box
        component="span"
        aria-hidden="true"
        sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: open ? 'success.main' : 'text.disabled' }}
      />
      {open
        ? t(sameDay ? 'thread.windowOpen' : 'thread.windowOpenTomorrow', {
            time: formatTime(closesAtMs, language, preferences),
          })
        : t('thread.windowClosed')}
    </Box>
  );
}

/**
 * A contact's WhatsApp conversation: its header (the contact, the number, 'Asignar a', the 24-hour
 * window), the messages, and the composer. Opening it marks it read. In the inbox (`inbox`) the
 * contact's name is the heading, with 'Conversaciones' to go back on a phone (`backTo`) and the
 * focus on the heading when it opens there (`focusOnOpen`); on the contact's own page the page
 * names the contact.
 */
export function ConversationThread({
  contactId,
  variant,
  headingLevel = 'h2',
  backTo,
  focusOnOpen = false,
}: {
  contactId: string;
  variant: 'inbox' | 'contact';
  /** The contact's name in the inbox: the page's heading on a phone (h1), the pane's beside the list. */
  headingLevel?: 'h1' | 'h2';
  backTo?: string;
  focusOnOpen?: boolean;
}) {
  const { t } = useTranslation('conversations');
  const organizationId = useOrgId();
  const membership = useMembership();
  const { can, isAdmin, uid } = membership;
  const seesContacts = can('contacts', 'view');
  const conversation = useDocument(orgRecordPath(organizationId, 'waConversations', contactId));
  const contact = useDocument(seesContacts ? orgRecordPath(organizationId, 'contacts', contactId) : null);
  const channel = useDocument(orgRecordPath(organizationId, 'channels', 'whatsapp'));
  const messages = useFeed(
    orgRequest(organizationId, 'waMessages.byContact', { contactId }),
    MESSAGES_PAGE_SIZE,
  );
  const now = useNow();
  const { members, nameOf } = useMemberNames();
  useMarkRead(contactId, conversation.data?.unreadCount);
  const heading = useRef<HTMLHeadingElement>(null);

  const contactData: WithId<Contact> | null = seesContacts ? (contact.data ?? null) : null;
  const conversationData: WithId<WaConversation> | null = conversation.data ?? null;
  const loading =
    conversation.status === 'loading' ||
    channel.status === 'loading' ||
    (seesContacts && contact.status === 'loading');

  useEffect(() => {
    if (focusOnOpen && !loading) heading.current?.focus();
  }, [focusOnOpen, loading, contactId]);

  const back = backTo && (
    <Button
      component={RouterLink}
      to={backTo}
      state={{ from: contactId }}
      size="small"
      startIcon={<ArrowBackRoundedIcon />}
      sx={{ alignSelf: 'flex-start', ml: -0.5 }}
    >
      {t('thread.back')}
    </Button>
  );

  if (loading)
    return (
      <Box sx={{ p: 2 }}>
        {back}
        <LoadingBlock />
      </Box>
    );
  if (conversation.status === 'error' || channel.status === 'error')
    return (
      <Box sx={{ p: 2 }}>
        {back}
        <Alert severity="error">{t('thread.loadFailed')}</Alert>
      </Box>
    );
  if (!conversationData && !contactData)
    return (
      <Box sx={{ p: 2 }}>
        {back}
        <Alert severity="info">{t('thread.notFound')}</Alert>
      </Box>
    );

  const name = contactData?.name ?? conversationData?.contactName ?? '';
  const channelData = channel.data;
  const waId = conversationData?.waId ?? normalizePhone(contactData?.phone, channelData?.callingCode);
  const lastInboundAtMs = millisOf(conversationData?.lastInboundAt);
  const consent = contactData?.whatsappConsent;
  const mode = composerMode({
    connected: channelData?.status === 'connected',
    consent,
    lastInboundAtMs,
    nowMs: now,
  });
  const state: ComposerState =
    !waId && mode.mode !== 'not-connected' && mode.mode !== 'opted-out' ? { mode: 'no-phone' } : mode;

  return (
    <Box
      component="section"
      aria-label={t('thread.sectionLabel', { name })}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}
    >
      <Box
        sx={{
          display: 'flex',
          flexDirection: 'column',
          gap: 0.75,
          px: { xs: 1.5, sm: 2 },
          py: 1.25,
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        {back}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
          <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
            {variant === 'inbox' && (
              <Typography
                ref={heading}
                tabIndex={-1}
                component={headingLevel}
                variant="h2"
                sx={{ fontSize: '1.2rem', fontWeight: 700, overflowWrap: 'anywhere', outline: 'none' }}
              >
                {seesContacts && contactData ? (
                  <Link
                    component={RouterLink}
                    to={sectionHref('contacts', { id: contactId })}
                    underline="hover"
                  >
                    {name}
                  </Link>
                ) : (
                  name
                )}
              </Typography>
            )}
            <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="wa-number">
              {waId ? formatWaId(waId) : t('thread.noNumber')}
            </Typography>
          </Box>
          {conversationData && (
            <Assignment
              conversation={conversationData}
              members={members.data ?? []}
              nameOf={nameOf}
              canEdit={can('conversations', 'edit')}
            />
          )}
        </Box>
        <WindowState closesAtMs={windowClosesAt(lastInboundAtMs, now)} nowMs={now} />
      </Box>
      <MessageList
        feed={messages}
        contactName={name}
        nameOf={nameOf}
        uid={uid}
        label={t('thread.listLabel', { name })}
      />
      <Composer
        organizationId={organizationId}
        contactId={contactId}
        contactName={name}
        state={state}
        consentGranted={consent === 'granted'}
        channelStatus={channelData?.status ?? null}
        canSend={can('conversations', 'create')}
        isAdmin={isAdmin}
        templateValues={{
          fullName: name,
          company: contactData?.companyName ?? null,
          jobTitle: contactData?.jobTitle ?? null,
          city: contactData?.city ?? null,
          senderName: membership.member?.fullName ?? null,
        }}
      />
    </Box>
  );
}
