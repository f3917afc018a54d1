import { useCallback, useEffect, useRef } from 'react';

/**
 * Wraps an async action so that it never runs twice at once: a call made while
 * one is in flight gets the same promise back (so Formik keeps the submit
 * disabled until the real request ends) instead of a second request.
 */
export function useSingleFlight<A extends unknown[]>(
  action: (...args: A) => Promise<void>,
): (...args: A) => Promise<void> {
  const actionRef = useRef(action);
  const inFlight = useRef<Promise<void> | null>(null);

  useEffect(() => {
    actionRef.current = action;
  }, [action]);

  return useCallback((...args: A) => {
    if (inFlight.current) return inFlight.current;
    const run = (async () => {
      try {
        await actionRef.current(...args);
      } finally {
        inFlight.current = null;
      }
    })();
    inFlight.current = run;
    return run;
  }, []);
}
