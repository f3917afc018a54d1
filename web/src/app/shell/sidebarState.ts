/** The sidebar's open/collapsed state lives in a cookie for 7 days (spec: Shell). */
export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
/** Below this width the sidebar is a slide-over. */
export const MOBILE_BREAKPOINT_PX = 768;
export const SIDEBAR_WIDTH = '13rem';
export const SIDEBAR_WIDTH_MOBILE = '16rem';
export const SIDEBAR_WIDTH_COLLAPSED = '3rem';

/** Reads the stored state from document.cookie; open (expanded) when nothing is stored. */
export function readSidebarOpen(cookie: string): boolean {
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === SIDEBAR_COOKIE) return rest.join('=') !== 'false';
  }
  return true;
}

/** The cookie string that stores the state for 7 days. */
export function sidebarCookie(open: boolean): string {
  return `${SIDEBAR_COOKIE}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
}

/** Ctrl+B (Windows, Linux) or Cmd+B (macOS) toggles the sidebar. */
export function isSidebarShortcut(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>,
): boolean {
  return (
    (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'b'
  );
}
