import { useEffect } from 'react';

/**
 * Sets the browser tab title (announced by screen readers) while the component is shown, for
 * titles more specific than the route's (a record's name, the paywall); restores it afterwards.
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
