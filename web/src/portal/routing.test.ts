import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hrefOf, navigate, parsePortalPath, portalPath, type PortalRoute } from './routing';

describe('parsePortalPath', () => {
  it('reads each page of a site', () => {
    expect(parsePortalPath('/portal/acme')).toEqual({ name: 'home', slug: 'acme' });
    expect(parsePortalPath('/portal/acme/')).toEqual({ name: 'home', slug: 'acme' });
    expect(parsePortalPath('/portal/acme/entrar')).toEqual({ name: 'landing', slug: 'acme' });
    expect(parsePortalPath('/portal/acme/documentos')).toEqual({ name: 'documents', slug: 'acme' });
    expect(parsePortalPath('/portal/acme/tickets/nuevo')).toEqual({ name: 'newTicket', slug: 'acme' });
    expect(parsePortalPath('/portal/acme/tickets/Ab3xYz')).toEqual({
      name: 'ticket',
      slug: 'acme',
      ticketId: 'Ab3xYz',
    });
  });

  it('lower-cases the slug (addresses are typed by people) but keeps ids as they are', () => {
    expect(parsePortalPath('/portal/ACME/tickets/AbC')).toEqual({
      name: 'ticket',
      slug: 'acme',
      ticketId: 'AbC',
    });
  });

  it('names what it does not know: no slug, an unknown page, a broken escape', () => {
    expect(parsePortalPath('/portal')).toEqual({ name: 'notFound', slug: null });
    expect(parsePortalPath('/portal/')).toEqual({ name: 'notFound', slug: null });
    expect(parsePortalPath('/contactos')).toEqual({ name: 'notFound', slug: null });
    expect(parsePortalPath('/portal/acme/ajustes')).toEqual({ name: 'notFound', slug: 'acme' });
    expect(parsePortalPath('/portal/acme/tickets')).toEqual({ name: 'notFound', slug: 'acme' });
    expect(parsePortalPath('/portal/acme/tickets/a/b')).toEqual({ name: 'notFound', slug: 'acme' });
    expect(parsePortalPath('/portal/%E0%A4%A')).toEqual({ name: 'notFound', slug: null });
  });

  it('is the inverse of portalPath', () => {
    const routes: PortalRoute[] = [
      { name: 'home', slug: 'acme' },
      { name: 'landing', slug: 'acme' },
      { name: 'documents', slug: 'acme' },
      { name: 'newTicket', slug: 'acme' },
      { name: 'ticket', slug: 'acme', ticketId: 'x 1' },
    ];
    for (const route of routes) expect(parsePortalPath(portalPath(route))).toEqual(route);
    expect(portalPath({ name: 'ticket', slug: 'acme', ticketId: 'x 1' })).toBe('/portal/acme/tickets/x%201');
  });
});

describe('navigate', () => {
  beforeEach(() => vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined));
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('keeps ?lang and drops the sign-in link’s parameters', () => {
    window.history.replaceState(null, '', '/portal/acme/entrar?mode=signIn&oobCode=abc&apiKey=k&lang=en');
    navigate({ name: 'home', slug: 'acme' }, { replace: true });
    expect(window.location.pathname + window.location.search).toBe('/portal/acme?lang=en');
  });

  it('adds a history entry, or replaces the current one', () => {
    window.history.replaceState(null, '', '/portal/acme');
    const length = window.history.length;
    navigate({ name: 'documents', slug: 'acme' });
    expect(window.history.length).toBe(length + 1);
    navigate({ name: 'home', slug: 'acme' }, { replace: true });
    expect(window.history.length).toBe(length + 1);
    expect(window.location.pathname).toBe('/portal/acme');
  });

  it('hrefOf writes the language of the page', () => {
    expect(hrefOf({ name: 'newTicket', slug: 'acme' }, '?lang=en&x=1')).toBe(
      '/portal/acme/tickets/nuevo?lang=en',
    );
    expect(hrefOf({ name: 'newTicket', slug: 'acme' }, '')).toBe('/portal/acme/tickets/nuevo');
  });
});
