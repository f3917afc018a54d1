import { useCallback, useRef, useState } from 'react';
import type { EmailCallables } from '@trato/model';
import { callFunction } from '@/firebase/dataApi';

export type SyncResult = EmailCallables['syncMailbox']['out'];

/** What a sync's toast says: how many came ('added', with the count), or why Gmail was not read. */
export function syncOutcome(result: SyncResult): 'waiting' | 'noAccess' | 'skipFailed' | 'added' {
  if (result.skipped === 'backoff' || result.skipped === 'rate-limited') return 'waiting';
  if (result.skipped === 'no-access') return 'noAccess';
  if (result.skipped === 'failed') return 'skipFailed';
  return 'added';
}

/**
 * 'Sincronizar': reads the member's mailbox now (syncMailbox) and hands what came, or the failure,
 * to the caller (its page says it in its own words). Single flight.
 */
export function useMailSync(
  organizationId: string | null,
  report: { done: (result: SyncResult) => void; failed: (error: unknown) => void },
) {
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const latest = useRef(report);
  latest.current = report;
  const sync = useCallback(async () => {
    if (inFlight.current || !organizationId) return;
    inFlight.current = true;
    setBusy(true);
    try {
      latest.current.done(await callFunction('syncMailbox', { organizationId }));
    } catch (error) {
      latest.current.failed(error);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, [organizationId]);
  return { busy, sync };
}
