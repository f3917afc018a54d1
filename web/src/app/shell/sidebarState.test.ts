import { describe, expect, it } from 'vitest';
import { isSidebarShortcut, readSidebarOpen, sidebarCookie } from './sidebarState';

describe('sidebar state cookie', () => {
  it('is open unless the cookie says false', () => {
    expect(readSidebarOpen('')).toBe(true);
    expect(readSidebarOpen('a=1; sidebar_state=false; b=2')).toBe(false);
    expect(readSidebarOpen('sidebar_state=true')).toBe(true);
    expect(readSidebarOpen('other_sidebar_state=false')).toBe(true);
  });

  it('is kept for 7 days on the whole site', () => {
    expect(sidebarCookie(false)).toBe('sidebar_state=false; path=/; max-age=604800; SameSite=Lax');
  });

  it('a cookie written is read back', () => {
    document.cookie = sidebarCookie(false);
    expect(readSidebarOpen(document.cookie)).toBe(false);
    document.cookie = sidebarCookie(true);
    expect(readSidebarOpen(document.cookie)).toBe(true);
  });
});

describe('isSidebarShortcut', () => {
  const key = (k: string, mods: Partial<KeyboardEvent> = {}) => ({
    key: k,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    ...mods,
  });
  it('accepts Ctrl+B and Cmd+B only', () => {
    expect(isSidebarShortcut(key('b', { ctrlKey: true }))).toBe(true);
    expect(isSidebarShortcut(key('B', { metaKey: true }))).toBe(true);
    expect(isSidebarShortcut(key('b'))).toBe(false);
    expect(isSidebarShortcut(key('b', { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSidebarShortcut(key('c', { ctrlKey: true }))).toBe(false);
  });
});
