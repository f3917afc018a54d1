// The import's work around its reducer: reading the file and validating it in the engine (a Web
// Worker), the server's lookups, the plan, the writes in batches, and the refused-rows file.
import { useEffect, useMemo, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/components/Can';
import { useMembership, useOrgId } from '@/firebase/dataApi';
import { describeError, type ServerErrorKey } from '@/i18n/errors';
import type { EncodingChoice } from '../decode';
import { downloadCsv, fileDate } from '../download';
import { createCsvEngine, type CsvEngine } from '../engine';
import { csvFileText } from '../exportCsv';
import { suggestMapping, type ColumnMapping, type CsvEntity } from '../fields';
import { planImport, type DuplicatePolicy } from '../plan';
import { emptyCounts, importSteps, runImport, type ImportCounts, type ImportOutcome } from '../runImport';
import { fetchLookups, importIo, recordImportConsent } from '../serverSide';
import {
  consentContactIds,
  csvImportReducer,
  initialCsvImportState,
  rowsNotImported,
  stopReason,
  type ImportConsent,
} from './csvImportFlow';
import { readRememberedMapping, saveRememberedMapping } from './rememberedMapping';
import { notImportedRefusals, refusedFileLines } from './refusedFile';
import { useReasons } from './useReasons';

/** A failure's text key; one the mapping does not know goes to the console (never to the user). */
function serverReason(err: unknown): ServerErrorKey {
  const { key } = describeError(err);
  if (key === 'unknown') console.error('CSV import', err);
  return key;
}

function useCsvEngine() {
  const engine = useRef<CsvEngine | null>(null);
  useEffect(() => {
    engine.current = createCsvEngine();
    return () => engine.current?.dispose();
  }, []);
  return engine;
}

export function useCsvImportFlow(entity: CsvEntity) {
  const { t } = useTranslation('csv');
  const { t: tc } = useTranslation();
  const { uid } = useMembership();
  const canUpdate = useCan(entity, 'edit');
  const canCreateCompanies = useCan('companies', 'create');
  const orgId = useOrgId();
  const reasons = useReasons();
  const engine = useCsvEngine();
  const [state, dispatch] = useReducer(csvImportReducer, initialCsvImportState);
  const cancelRequested = useRef(false);

  const loaded = 'checked' in state ? state.loaded : null;
  const checked = 'checked' in state ? state.checked : null;
  const plan = useMemo(
    () =>
      loaded && checked
        ? planImport(entity, checked.validation.valid, checked.validation.refused, checked.lookups, {
            duplicates: state.policy,
            canUpdate,
            canCreateCompanies,
            fingerprint: loaded.summary.fingerprint,
          })
        : null,
    [entity, loaded, checked, state.policy, canUpdate, canCreateCompanies],
  );
  const steps = useMemo(() => (plan ? importSteps(plan) : []), [plan]);
  const outcome = 'run' in state ? state.run.outcome : null;
  const notImported = useMemo(() => rowsNotImported(steps, outcome), [steps, outcome]);

  const load = async (file: File, encoding: EncodingChoice) => {
    dispatch({ type: 'readingStarted' });
    try {
      const summary = await engine.current!.load(file, encoding);
      if (!summary.headers.length) return dispatch({ type: 'readingFailed', problem: 'empty' });
      if (!summary.rowCount) return dispatch({ type: 'readingFailed', problem: 'noRows' });
      const suggested = suggestMapping(entity, summary.headers, readRememberedMapping(orgId, entity));
      dispatch({ type: 'fileRead', file, encoding, summary, suggested });
    } catch (err) {
      console.error('CSV read', err);
      dispatch({ type: 'readingFailed', problem: 'failed' });
    }
  };

  const validate = async () => {
    if (state.step !== 'columns') return;
    const { summary, mapping } = state.loaded;
    saveRememberedMapping(orgId, entity, summary.headers, mapping);
    dispatch({ type: 'validationStarted' });
    try {
      const validation = await engine.current!.validate(entity, mapping, (done, total) =>
        dispatch({ type: 'validationProgressed', done, total }),
      );
      dispatch({ type: 'checkingStarted' });
      const lookups = await fetchLookups(orgId, entity, validation.valid, summary.fingerprint);
      dispatch({ type: 'checked', checked: { validation, lookups } });
    } catch (err) {
      dispatch({ type: 'validationFailed', reason: serverReason(err) });
    }
  };

  /** Writes the plan's steps from `from` on; `counts` are an earlier, failed run's. */
  const start = async (from = 0, counts: ImportCounts = emptyCounts()) => {
    if (!uid) return;
    cancelRequested.current = false;
    dispatch({ type: 'importStarted', from, total: steps.length, counts });
    const ended = await runImport(steps, importIo(orgId, uid), {
      from,
      counts,
      cancelled: () => cancelRequested.current,
      onProgress: ({ done, total, ...tally }) =>
        dispatch({ type: 'importProgressed', done, total, counts: tally }),
    });
    if (ended.status === 'failed') serverReason(ended.error);
    dispatch({ type: 'importEnded', outcome: ended });
    if (ended.status !== 'failed') void recordConsent(ended);
  };

  /** Once on the report: the consent the member stated, for the contacts written. */
  const recordConsent = async (ended: ImportOutcome | null = outcome) => {
    const ids = consentContactIds(steps, ended, state.consent);
    if (!ids.length || !loaded) return;
    dispatch({ type: 'consentRecording' });
    try {
      const totals = await recordImportConsent(orgId, loaded.summary.fingerprint, ids, state.consent.text);
      dispatch({ type: 'consentEnded', result: { status: 'recorded', ...totals } });
    } catch (err) {
      dispatch({ type: 'consentEnded', result: { status: 'failed', reason: serverReason(err) } });
    }
  };

  const retry = () => {
    if (outcome?.status === 'failed') void start(outcome.next, outcome.counts);
  };

  const cancel = () => {
    cancelRequested.current = true;
    dispatch({ type: 'cancelRequested' });
  };

  /** The refused rows, and those a stopped run did not write, as the file had them. */
  const downloadRefused = async () => {
    if (!loaded || !plan) return;
    const why = tc(`errors.server.${stopReason(outcome)}`);
    const cells = await engine.current!.cells(notImported);
    const rows = [...plan.refused, ...notImportedRefusals(notImported, cells, why)];
    const texts = { row: t('refusedFile.row'), reason: t('refusedFile.reason') };
    const lines = refusedFileLines(loaded.summary.headers, rows, texts, reasons);
    downloadCsv(`${t(`refusedFile.name.${entity}`)}-${fileDate()}.csv`, csvFileText(lines));
  };

  return {
    state,
    plan,
    canUpdate,
    /** Rows a stopped run left unwritten. */
    notImported,
    load: (file: File, encoding: EncodingChoice) => void load(file, encoding),
    changeMapping: (mapping: ColumnMapping) => dispatch({ type: 'mappingChanged', mapping }),
    back: () => dispatch({ type: 'back' }),
    validate: () => void validate(),
    choosePolicy: (policy: DuplicatePolicy) => dispatch({ type: 'policyChosen', policy }),
    changeConsent: (consent: ImportConsent) => dispatch({ type: 'consentChanged', consent }),
    /** Records the consent again after a failure. */
    retryConsent: () => void recordConsent(),
    start: () => void start(),
    retry,
    cancel,
    stop: () => {
      dispatch({ type: 'stopped' });
      void recordConsent();
    },
    downloadRefused: () => void downloadRefused(),
  };
}

export type CsvImportFlow = ReturnType<typeof useCsvImportFlow>;
