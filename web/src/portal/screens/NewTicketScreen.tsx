import { useId, useState, type FormEvent } from 'react';
import { LIMITS, settableFields, TICKET_PRIORITIES, type TicketPriority } from '@trato/model';
import { callPortal } from '../firebase/callables';
import { usePortal } from '../context';
import { usePortalT } from '../i18n';
import { linkProps, navigate, setFlash } from '../routing';
import { sendCause, sendErrorText, sendWithFiles } from '../send';
import type { UploadProgress } from '../uploads';
import { FilePicker, UploadProgressBar } from '../components/files';
import { Notice, PageHeading } from '../components/ui';

/**
 * 'Nuevo ticket': the subject, and the description, priority and attachments when the site lets
 * the customer set them. Files are staged first (with a progress bar), then createPortalTicket
 * takes them; if anything fails nothing is left behind and the form keeps what was typed.
 */
export function NewTicketScreen() {
  const { t } = usePortalT();
  const { slug, site, session, checkAccess } = usePortal();
  const settable = settableFields(site.fields);
  const subjectId = useId();
  const subjectErrorId = useId();
  const descriptionId = useId();
  const descriptionHelpId = useId();
  const priorityId = useId();
  const [subject, setSubject] = useState('');
  const [description, setDescription] = useState('');
  const [priority, setPriority] = useState<TicketPriority | ''>('');
  const [files, setFiles] = useState<File[]>([]);
  const [subjectError, setSubjectError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!subject.trim()) {
      setSubjectError(t('newTicket.subjectRequired'));
      document.getElementById(subjectId)?.focus();
      return;
    }
    setSubjectError(null);
    setError(null);
    setBusy(true);
    try {
      const { ticketId } = await sendWithFiles({
        session,
        files: settable.includes('attachments') ? files : [],
        onProgress: setProgress,
        send: (uploadIds) =>
          callPortal('createPortalTicket', {
            slug,
            subject: subject.trim(),
            ...(settable.includes('description') ? { description: description.trim() || null } : {}),
            ...(settable.includes('priority') ? { priority: priority || null } : {}),
            uploadIds,
          }),
      });
      setFlash(t('newTicket.created'));
      navigate({ name: 'ticket', slug, ticketId });
    } catch (failure) {
      setBusy(false);
      setProgress(null);
      if (!(await checkAccess(sendCause(failure)))) setError(sendErrorText(t, failure));
    }
  };

  return (
    <section className="p-card" aria-labelledby="p-new-title">
      <PageHeading id="p-new-title">{t('newTicket.title')}</PageHeading>
      <form noValidate onSubmit={submit} className="p-form" aria-busy={busy}>
        <div className="p-field">
          <label htmlFor={subjectId}>
            {t('newTicket.subject')} <span className="p-required">({t('newTicket.required')})</span>
          </label>
          <input
            id={subjectId}
            type="text"
            required
            maxLength={LIMITS.title}
            value={subject}
            disabled={busy}
            aria-invalid={subjectError ? true : undefined}
            aria-describedby={subjectError ? subjectErrorId : undefined}
            onChange={(event) => setSubject(event.target.value)}
          />
          {subjectError ? (
            <p id={subjectErrorId} className="p-error-text">
              {subjectError}
            </p>
          ) : null}
        </div>
        {settable.includes('description') ? (
          <div className="p-field">
            <label htmlFor={descriptionId}>{t('newTicket.description')}</label>
            <textarea
              id={descriptionId}
              rows={5}
              maxLength={LIMITS.ticketDescription}
              value={description}
              disabled={busy}
              aria-describedby={descriptionHelpId}
              onChange={(event) => setDescription(event.target.value)}
            />
            <p id={descriptionHelpId} className="p-help">
              {t('newTicket.descriptionHelp')}
            </p>
          </div>
        ) : null}
        {settable.includes('priority') ? (
          <div className="p-field">
            <label htmlFor={priorityId}>{t('newTicket.priority')}</label>
            <select
              id={priorityId}
              value={priority}
              disabled={busy}
              onChange={(event) => setPriority(event.target.value as TicketPriority | '')}
            >
              <option value="">{t('priority.none')}</option>
              {TICKET_PRIORITIES.map((value) => (
                <option key={value} value={value}>
                  {t(`priority.${value}`)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {settable.includes('attachments') ? (
          <FilePicker files={files} onChange={setFiles} disabled={busy} />
        ) : null}
        <UploadProgressBar progress={progress} />
        <div className="p-actions">
          <button type="submit" className="p-button p-button-primary" disabled={busy}>
            {busy ? t('newTicket.submitting') : t('newTicket.submit')}
          </button>
          <a className="p-button p-button-text" {...linkProps({ name: 'home', slug })}>
            {t('newTicket.cancel')}
          </a>
        </div>
        <Notice tone="error">{error}</Notice>
      </form>
    </section>
  );
}
