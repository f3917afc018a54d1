import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { PORTAL_POLL_SECONDS, REPLY_BODY_MAX, settableFields, visibleFields } from '@trato/model';
import { formatDateTime } from '@/i18n/format';
import { callPortal } from '../firebase/callables';
import { getPortalTicket, listPublicReplies, type PortalReply, type PortalTicket } from '../firebase/data';
import { usePortal } from '../context';
import { errorMessageKey, isAccessDenied } from '../errors';
import { usePortalT } from '../i18n';
import { usePoll } from '../poll';
import { consumeFlash, linkProps } from '../routing';
import { sendCause, sendErrorText, sendWithFiles } from '../send';
import type { UploadProgress } from '../uploads';
import { AttachmentList, FilePicker, UploadProgressBar } from '../components/files';
import { ConfirmDialog, Loading, MessageScreen, Notice, PageHeading } from '../components/ui';

type State =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; ticket: PortalTicket; replies: PortalReply[] };

/**
 * A ticket: subject, status, the fields the site shows, the public conversation (the customer's
 * on the right, the team's on the left), 'Responder' with attachments and 'Cerrar ticket'. Read
 * again every PORTAL_POLL_SECONDS while the page is visible, and on focus; a revoked access is
 * noticed at the next read.
 */
export function TicketScreen({ ticketId }: { ticketId: string }) {
  const { t, language } = usePortalT();
  const { slug, site, session, checkAccess } = usePortal();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [news, setNews] = useState<string | null>(() => consumeFlash());
  const [closing, setClosing] = useState<'idle' | 'confirm' | 'busy'>('idle');
  const [closeError, setCloseError] = useState<string | null>(null);
  const seen = useRef<number | null>(null);

  const load = useCallback(async () => {
    try {
      const ticket = await getPortalTicket(session.organizationId, ticketId);
      if (!ticket) {
        setState({ kind: 'missing' });
        return;
      }
      const replies = await listPublicReplies(session.organizationId, ticketId);
      if (seen.current !== null && replies.length > seen.current) setNews(t('ticket.refreshed'));
      seen.current = replies.length;
      setState({ kind: 'ready', ticket, replies });
    } catch (error) {
      if (await checkAccess(error)) return;
      // A ticket that is not theirs is refused like one that does not exist.
      if (isAccessDenied(error)) setState({ kind: 'missing' });
      else
        setState((previous) =>
          // A failed poll keeps what is shown; only a first read shows the error.
          previous.kind === 'ready' ? previous : { kind: 'failed', message: t(errorMessageKey(error)) },
        );
    }
  }, [session.organizationId, ticketId, checkAccess, t]);

  useEffect(() => {
    void load();
  }, [load]);
  usePoll(() => void load(), PORTAL_POLL_SECONDS, state.kind === 'ready');

  if (state.kind === 'loading') return <Loading label={t('ticket.loading')} />;
  const back = (
    <a className="p-back" {...linkProps({ name: 'home', slug })}>
      ← {t('ticket.back')}
    </a>
  );
  if (state.kind === 'missing') return <MessageScreen title={t('ticket.missing')} action={back} />;
  if (state.kind === 'failed')
    return (
      <MessageScreen
        tone="error"
        title={t('ticket.failed')}
        body={state.message}
        action={
          <button type="button" className="p-button p-button-primary" onClick={() => void load()}>
            {t('app.retry')}
          </button>
        }
      />
    );

  const { ticket, replies } = state;
  const visible = visibleFields(site.fields);
  const closed = ticket.status === 'Closed';
  const close = async () => {
    setClosing('busy');
    setCloseError(null);
    try {
      await callPortal('closePortalTicket', { slug, ticketId });
      setClosing('idle');
      setNews(t('ticket.closedDone'));
      await load();
    } catch (error) {
      setClosing('idle');
      if (!(await checkAccess(error))) setCloseError(t(errorMessageKey(error)));
    }
  };

  return (
    <article className="p-stack" aria-labelledby="p-ticket-title">
      {back}
      <div className="p-card">
        <PageHeading id="p-ticket-title">{ticket.subject}</PageHeading>
        <dl className="p-facts">
          <div>
            <dt>{t('ticket.status')}</dt>
            <dd>
              <span className={`p-status p-status-${ticket.status.replace(/\s+/g, '-').toLowerCase()}`}>
                {t(`status.${ticket.status}`)}
              </span>
            </dd>
          </div>
          {visible.includes('priority') ? (
            <div>
              <dt>{t('priority.label')}</dt>
              <dd>{ticket.priority ? t(`priority.${ticket.priority}`) : t('priority.none')}</dd>
            </div>
          ) : null}
        </dl>
        {ticket.createdAt !== null ? (
          <p className="p-muted">
            {t('ticket.opened', { date: formatDateTime(ticket.createdAt, language) })}
          </p>
        ) : null}
        {visible.includes('description') ? (
          <section aria-labelledby="p-ticket-description">
            <h2 id="p-ticket-description">{t('ticket.description')}</h2>
            <p className="p-body-text">{ticket.description || t('ticket.noDescription')}</p>
          </section>
        ) : null}
        {visible.includes('attachments') && ticket.attachments.length > 0 ? (
          <section aria-labelledby="p-ticket-attachments">
            <h2 id="p-ticket-attachments">{t('ticket.attachments')}</h2>
            <AttachmentList attachments={ticket.attachments} />
          </section>
        ) : null}
      </div>

      <section className="p-section" aria-labelledby="p-conversation">
        <h2 id="p-conversation">{t('ticket.conversation')}</h2>
        {replies.length === 0 ? <p className="p-muted">{t('ticket.noReplies')}</p> : null}
        <ol className="p-conversation">
          {replies.map((reply) => {
            const mine = reply.authorType === 'customer';
            return (
              <li key={reply.id} className={mine ? 'p-reply p-reply-mine' : 'p-reply p-reply-team'}>
                <p className="p-reply-author">
                  <strong>{mine ? t('ticket.you') : reply.authorName || t('ticket.team')}</strong>
                  {reply.createdAt !== null ? (
                    <time dateTime={new Date(reply.createdAt).toISOString()} className="p-muted">
                      {formatDateTime(reply.createdAt, language)}
                    </time>
                  ) : null}
                </p>
                <p className="p-body-text">{reply.body}</p>
                <AttachmentList attachments={reply.attachments} label={t('ticket.attachments')} />
              </li>
            );
          })}
        </ol>
        <Notice tone="success">{news}</Notice>
      </section>

      {closed ? (
        <p className="p-notice p-notice-info">{t('ticket.closed')}</p>
      ) : (
        <>
          <ReplyForm
            ticketId={ticketId}
            withFiles={settableFields(site.fields).includes('attachments')}
            onSent={async () => {
              // Their own reply is not news from the team.
              seen.current = null;
              await load();
              setNews(t('ticket.sent'));
            }}
          />
          <div className="p-actions">
            <button
              type="button"
              className="p-button p-button-text p-danger"
              onClick={() => setClosing('confirm')}
            >
              {t('ticket.close')}
            </button>
          </div>
          <Notice tone="error">{closeError}</Notice>
          <ConfirmDialog
            open={closing !== 'idle'}
            busy={closing === 'busy'}
            title={t('ticket.closeTitle')}
            body={t('ticket.closeBody')}
            confirmLabel={closing === 'busy' ? t('ticket.closing') : t('ticket.close')}
            onConfirm={() => void close()}
            onCancel={() => setClosing('idle')}
          />
        </>
      )}
    </article>
  );
}

function ReplyForm({
  ticketId,
  withFiles,
  onSent,
}: {
  ticketId: string;
  withFiles: boolean;
  onSent: () => Promise<void>;
}) {
  const { t } = usePortalT();
  const { slug, session, checkAccess } = usePortal();
  const bodyId = useId();
  const errorId = useId();
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!body.trim()) {
      setFieldError(t('ticket.replyRequired'));
      document.getElementById(bodyId)?.focus();
      return;
    }
    setFieldError(null);
    setError(null);
    setBusy(true);
    try {
      await sendWithFiles({
        session,
        files,
        onProgress: setProgress,
        send: (uploadIds) =>
          callPortal('replyPortalTicket', { slug, ticketId, body: body.trim(), uploadIds }),
      });
      setBody('');
      setFiles([]);
      await onSent();
    } catch (failure) {
      if (!(await checkAccess(sendCause(failure)))) setError(sendErrorText(t, failure));
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  return (
    <section className="p-card" aria-labelledby="p-reply-title">
      <h2 id="p-reply-title">{t('ticket.reply')}</h2>
      <form noValidate onSubmit={submit} className="p-form" aria-busy={busy}>
        <div className="p-field">
          <label htmlFor={bodyId}>{t('ticket.replyLabel')}</label>
          <textarea
            id={bodyId}
            rows={4}
            maxLength={REPLY_BODY_MAX}
            value={body}
            required
            disabled={busy}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? errorId : undefined}
            onChange={(event) => setBody(event.target.value)}
          />
          {fieldError ? (
            <p id={errorId} className="p-error-text">
              {fieldError}
            </p>
          ) : null}
        </div>
        {withFiles ? <FilePicker files={files} onChange={setFiles} disabled={busy} /> : null}
        <UploadProgressBar progress={progress} />
        <button type="submit" className="p-button p-button-primary" disabled={busy}>
          {busy ? t('ticket.sending') : t('ticket.send')}
        </button>
        <Notice tone="error">{error}</Notice>
      </form>
    </section>
  );
}
