// The portal's addresses, without a router: a tiny parser over location.pathname, history.pushState
// to move, and 'popstate' to follow the browser's back and forward buttons.
import { useEffect, useState, type MouseEvent } from 'react';

export type PortalRoute =
  /** /portal/:slug — the sign-in, or 'Mis tickets' when signed in. */
  | { name: 'home'; slug: string }
  /** /portal/:slug/entrar — where the e-mailed link lands. */
  | { name: 'landing'; slug: string }
  | { name: 'newTicket'; slug: string }
  | { name: 'ticket'; slug: string; ticketId: string }
  | { name: 'documents'; slug: string }
  /** Anything else under /portal (no slug, an unknown page). */
  | { name: 'notFound'; slug: string | null };

export const PORTAL_BASE = '/portal';
const SEGMENT = /^[^/]{1,128}$/;

function decode(segment: string): string | null {
  try {
    const value = decodeURIComponent(segment);
    return SEGMENT.test(value) ? value : null;
  } catch {
    return null;
  }
}

/** The route of a pathname (query and hash are not part of it). A trailing slash is ignored. */
export function parsePortalPath(pathname: string): PortalRoute {
  const parts = pathname.replace(/\/+$/, '').split('/').slice(1);
  if (`/${parts[0] ?? ''}` !== PORTAL_BASE || parts.length < 2) return { name: 'notFound', slug: null };
  const slug = decode(parts[1])?.toLowerCase() ?? null;
  if (!slug) return { name: 'notFound', slug: null };
  const rest = parts.slice(2);
  if (rest.length === 0) return { name: 'home', slug };
  if (rest.length === 1 && rest[0] === 'entrar') return { name: 'landing', slug };
  if (rest.length === 1 && rest[0] === 'documentos') return { name: 'documents', slug };
  if (rest.length === 2 && rest[0] === 'tickets') {
    if (rest[1] === 'nuevo') return { name: 'newTicket', slug };
    const ticketId = decode(rest[1]);
    if (ticketId) return { name: 'ticket', slug, ticketId };
  }
  return { name: 'notFound', slug };
}

/** The pathname of a route (the inverse of parsePortalPath). */
export function portalPath(route: PortalRoute): string {
  const base = `${PORTAL_BASE}/${encodeURIComponent(route.slug ?? '')}`;
  switch (route.name) {
    case 'home':
      return base;
    case 'landing':
      return `${base}/entrar`;
    case 'documents':
      return `${base}/documentos`;
    case 'newTicket':
      return `${base}/tickets/nuevo`;
    case 'ticket':
      return `${base}/tickets/${encodeURIComponent(route.ticketId)}`;
    case 'notFound':
      return route.slug ? base : PORTAL_BASE;
  }
}

const CHANGE = 'trato:portal-navigate';

let navigated = false;
let flash: string | null = null;

/** A message for the next screen to announce (e.g. 'Ticket creado' on the new ticket's page). */
export function setFlash(message: string): void {
  flash = message;
}
export function consumeFlash(): string | null {
  const message = flash;
  flash = null;
  return message;
}

/** Whether the last screen change was a navigation (its heading then takes the focus); once. */
export function consumeNavigated(): boolean {
  const was = navigated;
  navigated = false;
  return was;
}

/** A route's address with the page's `?lang`, if any. */
export function hrefOf(route: PortalRoute, search = window.location.search): string {
  const lang = new URLSearchParams(search).get('lang');
  return portalPath(route) + (lang ? `?lang=${encodeURIComponent(lang)}` : '');
}

/**
 * Goes to a route: a new history entry (or in place with `replace`), keeping `?lang` so the page
 * stays in the visitor's language; drops every other parameter (the sign-in link's oobCode).
 */
export function navigate(route: PortalRoute, { replace = false } = {}): void {
  const url = hrefOf(route);
  if (replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  navigated = !replace;
  window.dispatchEvent(new Event(CHANGE));
  if (!replace) window.scrollTo?.(0, 0);
}

/** The current route, following navigate() and the browser's back and forward. */
export function usePortalRoute(): PortalRoute {
  const [route, setRoute] = useState(() => parsePortalPath(window.location.pathname));
  useEffect(() => {
    const update = () => setRoute(parsePortalPath(window.location.pathname));
    const back = () => {
      navigated = true;
      update();
    };
    window.addEventListener('popstate', back);
    window.addEventListener(CHANGE, update);
    return () => {
      window.removeEventListener('popstate', back);
      window.removeEventListener(CHANGE, update);
    };
  }, []);
  return route;
}

/** Props for an <a> that navigates in place (a real link: open in a new tab still works). */
export function linkProps(route: PortalRoute): {
  href: string;
  onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
} {
  return {
    href: hrefOf(route),
    onClick: (event) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      navigate(route);
    },
  };
}
