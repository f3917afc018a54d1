import { useLayoutEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

type Anchor = HTMLElement | null | undefined | (() => HTMLElement | null);

interface LightPopperProps {
  open: boolean;
  anchorEl?: Anchor;
  disablePortal?: boolean;
  keepMounted?: boolean;
  className?: string;
  style?: CSSProperties;
  role?: string;
  children?: ReactNode;
  // MUI Popper's options that Autocomplete may pass and this one does not need.
  placement?: unknown;
  modifiers?: unknown;
  popperOptions?: unknown;
  popperRef?: unknown;
  transition?: unknown;
  container?: unknown;
  ownerState?: unknown;
}

/** Room under the anchor below which the list opens above it instead (when there is more room). */
const MIN_ROOM_BELOW = 240;

/**
 * What MUI's Autocomplete shows its options in, instead of MUI's Popper (which brings popper.js,
 * ~7 KB of gzip, onto every page with a picker; build/slimMui.ts swaps it in for Autocomplete's
 * import only, in production builds). A list under the field, as wide as the field's element,
 * above it when there is more room there; it follows the field on scroll and resize.
 */
export default function LightPopper({
  open,
  anchorEl,
  disablePortal,
  keepMounted,
  className,
  style,
  role,
  children,
}: LightPopperProps) {
  const [rect, setRect] = useState<DOMRect | null>(null);
  useLayoutEffect(() => {
    const anchor = typeof anchorEl === 'function' ? anchorEl() : anchorEl;
    if (!open || !anchor) return undefined;
    const update = () => setRect(anchor.getBoundingClientRect());
    update();
    window.addEventListener('scroll', update, true);
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update, true);
      window.removeEventListener('resize', update);
    };
  }, [open, anchorEl]);
  if (!open && !keepMounted) return null;
  const room = rect ? window.innerHeight - rect.bottom : 0;
  const above = rect !== null && room < MIN_ROOM_BELOW && rect.top > room;
  const node = (
    <div
      role={role}
      className={className}
      style={{
        position: 'fixed',
        left: rect?.left ?? 0,
        ...(above ? { bottom: window.innerHeight - (rect?.top ?? 0) } : { top: rect?.bottom ?? 0 }),
        display: open && rect ? undefined : 'none',
        ...style,
      }}
    >
      {children}
    </div>
  );
  return disablePortal ? node : createPortal(node, document.body);
}
