import Box from '@mui/material/Box';
import {
  cloneElement,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
} from 'react';
import { createPortal } from 'react-dom';

type Placement = 'right' | 'bottom-start' | 'bottom-end';

interface TriggerProps {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
}

function focusVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return false;
  }
}

/** MUI's Tooltip gap from its anchor (14 px), enter delay (100 ms) and look. */
const GAP = 14;
const ENTER_DELAY_MS = 100;

/**
 * A tooltip for anchors whose place is simple to follow (the sidebar toggle, the collapsed
 * sidebar's sections and user menu, the icon buttons at the end of a row): what MUI's Tooltip
 * shows, without Popper.js (~11 KB gzip that the shell, and so every signed-in route, would load).
 * It sits next to its anchor at a fixed position: to the right, or below and aligned with the
 * anchor's start or end (so it stays on screen at the edges); scrolling hides it.
 *
 * The anchor keeps its own accessible name (the label is on it already, as with MUI's Tooltip,
 * whose `aria-label` the anchor's overrides); the text shows on hover and on keyboard focus (of
 * the anchor or of what it wraps), not on a tap, and Escape hides it.
 */
export function LightTooltip({
  title,
  placement,
  children,
}: {
  title: string;
  placement: Placement;
  children: ReactElement<TriggerProps>;
}) {
  const id = useId();
  const [at, setAt] = useState<{ top: number; left?: number; right?: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const hide = useCallback(() => {
    clearTimeout(timer.current);
    setAt(null);
  }, []);
  const show = (anchor: HTMLElement) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const rect = anchor.getBoundingClientRect();
      setAt(
        placement === 'right'
          ? { top: rect.top + rect.height / 2, left: rect.right + GAP }
          : placement === 'bottom-start'
            ? { top: rect.bottom + GAP, left: rect.left }
            : { top: rect.bottom + GAP, right: document.documentElement.clientWidth - rect.right },
      );
    }, ENTER_DELAY_MS);
  };

  useEffect(() => {
    if (!at) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    document.addEventListener('keydown', onKeyDown);
    // The anchor may move under a still pointer (the sidebar collapses, the page scrolls).
    window.addEventListener('scroll', hide, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('scroll', hide, true);
    };
  }, [at, hide]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const props = children.props;
  const trigger = cloneElement(children, {
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      props.onPointerEnter?.(event);
      // Not on a tap (touch screens have no hover; the labels are on the anchors anyway).
      if (event.pointerType !== 'touch') show(event.currentTarget);
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      props.onPointerLeave?.(event);
      hide();
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      props.onFocus?.(event);
      if (focusVisible(event.target)) show(event.currentTarget);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      props.onBlur?.(event);
      hide();
    },
  });

  return (
    <>
      {trigger}
      {at &&
        createPortal(
          <Box
            role="tooltip"
            id={id}
            sx={(theme) => ({
              position: 'fixed',
              top: at.top,
              left: at.left,
              right: at.right,
              transform: placement === 'right' ? 'translateY(-50%)' : undefined,
              zIndex: theme.zIndex.tooltip,
              pointerEvents: 'none',
              maxWidth: 300,
              px: 1,
              py: 0.5,
              borderRadius: 1,
              bgcolor: 'rgba(97, 97, 97, 0.92)',
              color: 'common.white',
              fontFamily: theme.typography.fontFamily,
              fontSize: theme.typography.pxToRem(11),
              fontWeight: 500,
              lineHeight: 1.4,
              overflowWrap: 'break-word',
            })}
          >
            {title}
          </Box>,
          document.body,
        )}
    </>
  );
}
