// Small building blocks on plain elements and the portal's stylesheet (portal.css): MUI with emotion
// would not fit in the portal's 200 KB next to React, i18next and Firebase.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { consumeNavigated } from '../routing';
import { usePortalT } from '../i18n';

/** A screen's title: focused after a navigation, so screen readers announce the new page. */
export function PageHeading({ children, id }: { children: ReactNode; id?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (consumeNavigated()) ref.current?.focus();
  }, []);
  return (
    <h1 ref={ref} id={id} tabIndex={-1} className="p-title">
      {children}
    </h1>
  );
}

/** A spinner with its words, announced politely. */
export function Loading({ label }: { label: string }) {
  return (
    <div className="p-loading" role="status">
      <span className="p-spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/**
 * A message in a live region: 'status' (polite) for news, 'alert' for errors. The region is always
 * in the page so that a message appearing in it is announced.
 */
export function Notice({
  tone = 'info',
  children,
  action,
}: {
  tone?: 'info' | 'success' | 'error';
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={children ? `p-notice p-notice-${tone}` : ''}>
      {children}
      {children && action ? <div className="p-notice-action">{action}</div> : null}
    </div>
  );
}

/** A whole-screen message (missing portal, no access, revoked…) with an optional action. */
export function MessageScreen({
  title,
  body,
  action,
  tone = 'info',
}: {
  title: string;
  body?: string;
  action?: ReactNode;
  tone?: 'info' | 'error';
}) {
  return (
    <section className={`p-card p-message p-message-${tone}`} aria-labelledby="p-message-title">
      <PageHeading id="p-message-title">{title}</PageHeading>
      {body ? <p>{body}</p> : null}
      {action ? <div className="p-actions">{action}</div> : null}
    </section>
  );
}

/** A confirmation in a modal <dialog> (the browser traps the focus and closes it with Esc). */
export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = usePortalT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="p-dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <p id={bodyId}>{body}</p>
      <div className="p-actions p-actions-end">
        <button type="button" className="p-button p-button-text" onClick={onCancel} disabled={busy} autoFocus>
          {t('ticket.cancel')}
        </button>
        <button type="button" className="p-button p-button-danger" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}

/**
 * The address field of signing in (and of confirming it on another device): labelled, typed for
 * e-mail, marked invalid when `invalid`, with `error` under it when given.
 */
export function EmailField({
  id,
  value,
  onChange,
  invalid,
  error,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
  error?: string | null;
}) {
  const { t } = usePortalT();
  const errorId = `${id}-error`;
  return (
    <div className="p-field">
      <label htmlFor={id}>{t('signIn.email')}</label>
      <input
        id={id}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        value={value}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <p id={errorId} className="p-error-text">
          {error}
        </p>
      ) : null}
    </div>
  );
}
