import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useEffect, useState } from 'react';
import { isSidebarShortcut, MOBILE_BREAKPOINT_PX, readSidebarOpen, sidebarCookie } from '../sidebarState';

export interface SidebarControl {
  /** Below 768 px the sidebar is a slide-over. */
  isMobile: boolean;
  /** Desktop: expanded (13rem) or collapsed (3rem). Mobile: the slide-over is showing. */
  open: boolean;
  toggle(): void;
  closeMobile(): void;
}

/** Sidebar state: desktop state in a cookie for 7 days, mobile slide-over, Ctrl/Cmd+B. */
export function useSidebar(): SidebarControl {
  const isMobile = useMediaQuery(`(max-width:${MOBILE_BREAKPOINT_PX - 0.02}px)`, { noSsr: true });
  const [desktopOpen, setDesktopOpen] = useState(() => readSidebarOpen(document.cookie));
  const [mobileOpen, setMobileOpen] = useState(false);

  const toggle = useCallback(() => {
    if (isMobile) {
      setMobileOpen((value) => !value);
      return;
    }
    setDesktopOpen((value) => {
      document.cookie = sidebarCookie(!value);
      return !value;
    });
  }, [isMobile]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSidebarShortcut(event)) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  const closeMobile = useCallback(() => setMobileOpen(false), []);
  return { isMobile, open: isMobile ? mobileOpen : desktopOpen, toggle, closeMobile };
}
