import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { formatDateTime } from '@/i18n/format';
import { listPortalTickets, type PageCursor, type PortalTicket } from '../firebase/data';
import { usePortal } from '../context';
import { errorMessageKey } from '../errors';
import { usePortalT } from '../i18n';
import { linkProps } from '../routing';
import { Loading, Notice, PageHeading } from '../components/ui';

type ListState =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | {
      kind: 'ready';
      tickets: PortalTicket[];
      next: PageCursor | null;
      loadingMore: boolean;
      moreError: string | null;
    };

/** A paged list of tickets ('Cargar más' by cursor), read on load. */
function useTicketPages(by: 'contact' | 'company', id: string | null) {
  const { session, checkAccess } = usePortal();
  const { t } = usePortalT();
  const [state, setState] = useState<ListState>({ kind: 'loading' });

  const load = useCallback(
    async (after: PageCursor | null) => {
      if (!id) return;
      try {
        const page = await listPortalTickets(session.organizationId, by, id, after);
        setState((previous) => ({
          kind: 'ready',
          tickets: after && previous.kind === 'ready' ? [...previous.tickets, ...page.tickets] : page.tickets,
          next: page.next,
          loadingMore: false,
          moreError: null,
        }));
      } catch (error) {
        if (await checkAccess(error)) return;
        const message = t(errorMessageKey(error));
        setState((previous) =>
          after && previous.kind === 'ready'
            ? { ...previous, loadingMore: false, moreError: message }
            : { kind: 'failed', message },
        );
      }
    },
    [by, id, session.organizationId, checkAccess, t],
  );

  useEffect(() => {
    void load(null);
  }, [load]);

  const loadMore = () => {
    if (state.kind !== 'ready' || !state.next) return;
    setState({ ...state, loadingMore: true, moreError: null });
    void load(state.next);
  };
  return { state, loadMore, retry: () => (setState({ kind: 'loading' }), void load(null)) };
}

function TicketRow({ ticket }: { ticket: PortalTicket }) {
  const { t, language } = usePortalT();
  const { slug } = usePortal();
  const waiting = ticket.conversationState === 'waiting-on-customer';
  return (
    <li className="p-ticket-row">
      <a {...linkProps({ name: 'ticket', slug, ticketId: ticket.id })} className="p-ticket-link">
        <span className="p-ticket-subject">{ticket.subject}</span>
        <span className="p-ticket-meta">
          <span className={`p-status p-status-${ticket.status.replace(/\s+/g, '-').toLowerCase()}`}>
            {t(`status.${ticket.status}`)}
          </span>
          {waiting ? <span className="p-badge">{t('tickets.newReply')}</span> : null}
          {ticket.updatedAt !== null ? (
            <span className="p-muted">
              {t('tickets.updated', { date: formatDateTime(ticket.updatedAt, language) })}
            </span>
          ) : null}
        </span>
      </a>
    </li>
  );
}

function TicketList({
  by,
  id,
  title,
  empty,
  hide,
}: {
  by: 'contact' | 'company';
  id: string;
  /** The section's heading (none: the page's own). */
  title?: (tickets: PortalTicket[]) => string;
  empty: ReactNode;
  /** Tickets not to list here (the customer's own, in their company's list). */
  hide?: (ticket: PortalTicket) => boolean;
}) {
  const { t } = usePortalT();
  const headingId = useId();
  const { state, loadMore, retry } = useTicketPages(by, id);
  const shown = state.kind === 'ready' ? state.tickets.filter((ticket) => !hide?.(ticket)) : [];
  return (
    <section
      className="p-section"
      aria-labelledby={title ? headingId : undefined}
      aria-busy={state.kind === 'loading'}
    >
      {title ? <h2 id={headingId}>{title(state.kind === 'ready' ? state.tickets : [])}</h2> : null}
      {state.kind === 'loading' ? <Loading label={t('tickets.loading')} /> : null}
      {state.kind === 'failed' ? (
        <Notice
          tone="error"
          action={
            <button type="button" className="p-button p-button-outlined" onClick={retry}>
              {t('app.retry')}
            </button>
          }
        >
          {t('tickets.failed')} {state.message}
        </Notice>
      ) : null}
      {state.kind === 'ready' && shown.length === 0 && !state.next ? empty : null}
      {shown.length > 0 ? (
        <ul className="p-list">
          {shown.map((ticket) => (
            <TicketRow key={ticket.id} ticket={ticket} />
          ))}
        </ul>
      ) : null}
      {state.kind === 'ready' && state.next ? (
        <button
          type="button"
          className="p-button p-button-outlined p-more"
          onClick={loadMore}
          disabled={state.loadingMore}
        >
          {state.loadingMore ? t('tickets.loadingMore') : t('tickets.loadMore')}
        </button>
      ) : null}
      {state.kind === 'ready' ? <Notice tone="error">{state.moreError}</Notice> : null}
    </section>
  );
}

/** 'Mis tickets' (and, when the site lets the customer see them, their company's). */
export function TicketsScreen() {
  const { t } = usePortalT();
  const { slug, session } = usePortal();
  const newTicket = (
    <a className="p-button p-button-primary" {...linkProps({ name: 'newTicket', slug })}>
      {t('tickets.new')}
    </a>
  );
  return (
    <div className="p-stack">
      <div className="p-title-row">
        <PageHeading>{t('tickets.title')}</PageHeading>
        {newTicket}
      </div>
      <p className="p-muted">{t('app.signedInAs', { name: session.contactName })}</p>
      <TicketList
        by="contact"
        id={session.contactId}
        empty={
          <div className="p-empty">
            <p className="p-empty-title">{t('tickets.empty')}</p>
            <p className="p-muted">{t('tickets.emptyBody')}</p>
            {newTicket}
          </div>
        }
      />
      {session.scope === 'company' && session.companyId ? (
        <TicketList
          by="company"
          id={session.companyId}
          hide={(ticket) => ticket.contactId === session.contactId}
          title={(tickets) => {
            const company = tickets.find((ticket) => ticket.companyName)?.companyName;
            return company ? t('tickets.company', { company }) : t('tickets.companyFallback');
          }}
          empty={<p className="p-muted">{t('tickets.companyEmpty')}</p>}
        />
      ) : null}
    </div>
  );
}
