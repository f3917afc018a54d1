import EditRoundedIcon from '@mui/icons-material/EditRounded';
import SyncRoundedIcon from '@mui/icons-material/SyncRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { Contact, EmailMessage, WithId } from '@trato/model';
import { LightTooltip } from '@/app/LightTooltip';
import { sectionHref } from '@/app/sections';
import { LoadingBlock } from '@/components/data/QueryState';
import { PageHeader } from '@/components/page/PageHeader';
import { BackLink } from '@/components/records/BackLink';
import { useToast } from '@/components/toast';
import { useMembers } from '@/components/useMembers';
import { orgRecordPath, useDocument, useOrgId } from '@/firebase/dataApi';
import { ConversationList } from './ConversationList';
import { ThreadView } from './ThreadView';
import { useEmailErrorText } from './emailErrors';
import { syncOutcome, useMailSync } from './useMailSync';
import { useOwnMailbox } from './useMailbox';

// The compose dialog (its fields and checks) comes when it is first opened.
const ComposeDialog = lazy(() => import('./ComposeDialog'));

/** The address of the conversation open on the page (?hilo=) and of a message to show in it (?mensaje=). */
export const THREAD_PARAM = 'hilo';
export const MESSAGE_PARAM = 'mensaje';

/** What 'Escribir email' or 'Responder' opened. */
export interface Composing {
  /** The contact it is kept under. */
  contactId: string;
  /** Prefilled 'Para'. */
  to: string[];
  replyTo?: WithId<EmailMessage>;
  /** The answered message's subject as the member reads it. */
  subject?: string;
}

/** Turns a member's uid into their name ('un antiguo miembro' when they left). */
export type NameOf = (uid: string) => string;

/**
 * A contact's or a company's e-mails (/contactos/{id}/emails, /empresas/{id}/emails): the
 * conversations of the members' connected mailboxes with the contact (or the company's contacts),
 * newest first; one opened on the same page (?hilo=, phone-first: the list gives way to it);
 * 'Escribir email' and 'Responder' for a member with a connected Gmail, 'Sincronizar' when Trato
 * reads it, and the way to connect one otherwise.
 */
export function EmailsView({
  by,
  id,
  name,
  backTo,
  contact,
}: {
  by: 'contact' | 'company';
  id: string;
  /** The contact's or the company's name (the back link). */
  name: string;
  backTo: string;
  /** The contact of a contact's page ('Escribir email' is to them). */
  contact?: WithId<Contact>;
}) {
  const { t } = useTranslation('emails');
  const organizationId = useOrgId();
  const [params, setParams] = useSearchParams();
  const mailbox = useOwnMailbox();
  const { toast } = useToast();
  const errorText = useEmailErrorText();
  const sync = useMailSync(organizationId, {
    done: (result) => {
      const outcome = syncOutcome(result);
      toast({
        title: t(`sync.${outcome}`, { count: result.added }),
        variant: outcome === 'added' ? 'success' : 'default',
      });
    },
    failed: (error) =>
      toast({ title: t('sync.failed'), description: errorText(error), variant: 'destructive' }),
  });
  const members = useMembers();
  const [composing, setComposing] = useState<Composing | null>(null);

  const nameOf = useCallback<NameOf>(
    (uid) =>
      members.data?.find((member) => member.id === uid)?.fullName ??
      (members.status === 'loading' ? '…' : t('formerMember')),
    [members, t],
  );

  // A link to one message (the timeline, the bell): its conversation, with that message open.
  const messageKey = params.get(MESSAGE_PARAM);
  const linked = useDocument(
    messageKey && !params.get(THREAD_PARAM)
      ? orgRecordPath(organizationId, 'emailMessages', messageKey)
      : null,
  );
  const threadKey = params.get(THREAD_PARAM) ?? linked.data?.threadKey ?? null;
  const waitingForLink = Boolean(messageKey) && !threadKey && linked.status === 'loading';

  const reply = useCallback(
    (message: WithId<EmailMessage>, from: string, subject: string) =>
      setComposing({
        contactId: contact && message.contactIds.includes(contact.id) ? contact.id : message.contactIds[0]!,
        to: [from],
        replyTo: message,
        subject,
      }),
    [contact],
  );

  const actions = (
    <>
      {mailbox.canSync && (
        <LightTooltip title={t('sync.label')} placement="bottom-end">
          <span>
            <IconButton
              onClick={() => void sync.sync()}
              disabled={sync.busy}
              aria-label={sync.busy ? t('sync.busy') : t('sync.label')}
              aria-busy={sync.busy}
              sx={{ border: 1, borderColor: 'divider' }}
            >
              {sync.busy ? <CircularProgress size={20} aria-hidden="true" /> : <SyncRoundedIcon />}
            </IconButton>
          </span>
        </LightTooltip>
      )}
      {contact && mailbox.canSend && (
        <Button
          variant="contained"
          startIcon={<EditRoundedIcon />}
          onClick={() => setComposing({ contactId: contact.id, to: contact.email ? [contact.email] : [] })}
        >
          {t('write')}
        </Button>
      )}
    </>
  );

  return (
    <>
      <PageHeader before={<BackLink to={backTo} label={name} />} title={t('title')} actions={actions} />
      {contact && mailbox.state.status === 'success' && !mailbox.canSend && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t(mailbox.connection?.status === 'broken' ? 'brokenHint' : 'connectHint')}{' '}
          <Link component={RouterLink} to={sectionHref('settings', { query: { tab: 'email' } })}>
            {t('connectLink')}
          </Link>
        </Alert>
      )}
      {waitingForLink ? (
        <LoadingBlock />
      ) : threadKey ? (
        <ThreadView
          threadKey={threadKey}
          focusKey={messageKey}
          nameOf={nameOf}
          canReply={mailbox.canSend}
          onReply={reply}
          onBack={() => setParams({})}
        />
      ) : (
        <ConversationList by={by} id={id} nameOf={nameOf} />
      )}
      {composing && (
        <Suspense fallback={null}>
          <ComposeDialog
            composing={composing}
            from={mailbox.connection?.email ?? ''}
            onClose={() => setComposing(null)}
            onSent={(sent) => {
              setComposing(null);
              setParams({ [THREAD_PARAM]: sent.threadKey });
            }}
          />
        </Suspense>
      )}
    </>
  );
}
