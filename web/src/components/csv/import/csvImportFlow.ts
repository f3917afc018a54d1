// The steps of 'Importar CSV' as one pure reducer: which screen shows, what it holds and what may
// happen next. useCsvImportFlow does the reading, checking and writing and reports each outcome
// here as an action; the screens translate what the state says (no text is kept in it).
import { describeError, type ServerErrorKey } from '@/i18n/errors';
import type { EncodingChoice } from '../decode';
import type { ColumnMapping } from '../fields';
import type { DuplicatePolicy, Lookups } from '../plan';
import type { ImportCounts, ImportOutcome, ImportStep } from '../runImport';
import type { ParsedSummary, ValidationResult } from '../session';

export const FLOW_STEPS = ['file', 'columns', 'review', 'import', 'report'] as const;
export type FlowStep = (typeof FLOW_STEPS)[number];

/** What the dialog is waiting for, shown as a progress bar. */
export type Busy =
  { task: 'reading' } | { task: 'validating'; done: number; total: number } | { task: 'checking' };
type Reading = Extract<Busy, { task: 'reading' }>;

export type FileProblem = 'empty' | 'noRows' | 'failed';
/** Why the last reading or validation failed. */
export type FlowError = { kind: 'file'; problem: FileProblem } | { kind: 'server'; reason: ServerErrorKey };

/** A file read, and a target for each of its columns. */
export interface LoadedFile {
  file: File;
  encoding: EncodingChoice;
  summary: ParsedSummary;
  mapping: ColumnMapping;
}

/** The rows validated, and what the organization already holds of them. */
export interface CheckedRows {
  validation: ValidationResult;
  lookups: Lookups;
}

/**
 * A contacts' import may state that the file's contacts agreed to e-mail marketing, and how: the
 * contacts written then get consent records (recordImportConsent) once the run has ended.
 */
export interface ImportConsent {
  given: boolean;
  text: string;
}

/** Recording the consent of the contacts written, after the run. */
export type ConsentRun =
  | { status: 'recording' }
  | { status: 'recorded'; recorded: number; skipped: number }
  | { status: 'failed'; reason: ServerErrorKey };

export interface ImportRun {
  progress: { done: number; total: number };
  counts: ImportCounts;
  /** Set when the run stopped: where it may resume. */
  outcome: ImportOutcome | null;
  cancelling: boolean;
  /** Set once the consent of the contacts written is being recorded. */
  consent: ConsentRun | null;
}

interface Checked {
  loaded: LoadedFile;
  checked: CheckedRows;
}

/** The duplicate policy and the consent outlive the steps: going back and validating again keeps them. */
export type CsvImportState = { policy: DuplicatePolicy; consent: ImportConsent } & (
  | {
      step: 'file';
      busy: Reading | null;
      error: FlowError | null;
      /** The file read before, whose mapping a file with the same headers keeps. */
      previous: LoadedFile | null;
    }
  | { step: 'columns'; busy: Busy | null; error: FlowError | null; loaded: LoadedFile }
  | ({ step: 'review' } & Checked)
  | ({ step: 'import'; run: ImportRun } & Checked)
  | ({ step: 'report'; run: ImportRun } & Checked)
);

export type CsvImportAction =
  | { type: 'readingStarted' }
  | { type: 'readingFailed'; problem: FileProblem }
  | {
      type: 'fileRead';
      file: File;
      encoding: EncodingChoice;
      summary: ParsedSummary;
      /** The mapping for new headers (remembered choices, else suggestions). */
      suggested: ColumnMapping;
    }
  | { type: 'mappingChanged'; mapping: ColumnMapping }
  | { type: 'validationStarted' }
  | { type: 'validationProgressed'; done: number; total: number }
  | { type: 'checkingStarted' }
  | { type: 'validationFailed'; reason: ServerErrorKey }
  | { type: 'checked'; checked: CheckedRows }
  | { type: 'policyChosen'; policy: DuplicatePolicy }
  | { type: 'consentChanged'; consent: ImportConsent }
  | { type: 'back' }
  | { type: 'importStarted'; from: number; total: number; counts: ImportCounts }
  | { type: 'importProgressed'; done: number; total: number; counts: ImportCounts }
  | { type: 'cancelRequested' }
  | { type: 'importEnded'; outcome: ImportOutcome }
  | { type: 'stopped' }
  | { type: 'consentRecording' }
  | { type: 'consentEnded'; result: ConsentRun };

export const initialCsvImportState: CsvImportState = {
  step: 'file',
  policy: 'skip',
  consent: { given: false, text: '' },
  busy: null,
  error: null,
  previous: null,
};

const READING: Reading = { task: 'reading' };
const CHECKING: Busy = { task: 'checking' };

const sameHeaders = (a: string[], b: string[]) => a.length === b.length && a.every((h, i) => h === b[i]);

/** The next state; an action that does not fit the current step (a late event) changes nothing. */
export function csvImportReducer(state: CsvImportState, action: CsvImportAction): CsvImportState {
  const { policy, consent } = state;
  switch (action.type) {
    case 'readingStarted':
      if (state.step === 'file') return { ...state, busy: READING, error: null };
      return state.step === 'columns' ? { ...state, busy: READING, error: null } : state;
    case 'readingFailed': {
      const error: FlowError = { kind: 'file', problem: action.problem };
      if (state.step === 'file') return { ...state, busy: null, error };
      return state.step === 'columns' ? { ...state, busy: null, error } : state;
    }
    case 'fileRead': {
      if (state.step !== 'file' && state.step !== 'columns') return state;
      const previous = state.step === 'file' ? state.previous : state.loaded;
      const { file, encoding, summary } = action;
      const mapping =
        previous && sameHeaders(previous.summary.headers, summary.headers)
          ? previous.mapping
          : action.suggested;
      const loaded = { file, encoding, summary, mapping };
      return { step: 'columns', policy, consent, busy: null, error: null, loaded };
    }
    case 'mappingChanged':
      return state.step === 'columns'
        ? { ...state, loaded: { ...state.loaded, mapping: action.mapping } }
        : state;
    case 'validationStarted': {
      if (state.step !== 'columns') return state;
      const busy: Busy = { task: 'validating', done: 0, total: state.loaded.summary.rowCount };
      return { ...state, busy, error: null };
    }
    case 'validationProgressed': {
      const { done, total } = action;
      return state.step === 'columns' ? { ...state, busy: { task: 'validating', done, total } } : state;
    }
    case 'checkingStarted':
      return state.step === 'columns' ? { ...state, busy: CHECKING } : state;
    case 'validationFailed':
      return state.step === 'columns'
        ? { ...state, busy: null, error: { kind: 'server', reason: action.reason } }
        : state;
    case 'checked':
      return state.step === 'columns'
        ? { step: 'review', policy, consent, loaded: state.loaded, checked: action.checked }
        : state;
    case 'policyChosen':
      return state.step === 'review' ? { ...state, policy: action.policy } : state;
    case 'consentChanged':
      return state.step === 'review' ? { ...state, consent: action.consent } : state;
    case 'back':
      // An error of the columns step stays in sight on the file step, as the dialog always did.
      if (state.step === 'columns' && !state.busy)
        return { step: 'file', policy, consent, busy: null, error: state.error, previous: state.loaded };
      if (state.step === 'review')
        return { step: 'columns', policy, consent, busy: null, error: null, loaded: state.loaded };
      return state;
    case 'importStarted': {
      // From the review, or again from where a failed run stopped.
      if (state.step !== 'review' && !(state.step === 'import' && failedRun(state))) return state;
      const { from, total, counts } = action;
      const run: ImportRun = {
        progress: { done: from, total },
        counts,
        outcome: null,
        cancelling: false,
        consent: null,
      };
      return { step: 'import', policy, consent, loaded: state.loaded, checked: state.checked, run };
    }
    case 'importProgressed': {
      if (state.step !== 'import' || state.run.outcome) return state;
      const { done, total, counts } = action;
      return { ...state, run: { ...state.run, progress: { done, total }, counts } };
    }
    case 'cancelRequested':
      return state.step === 'import' && !state.run.outcome
        ? { ...state, run: { ...state.run, cancelling: true } }
        : state;
    case 'importEnded': {
      if (state.step !== 'import' || state.run.outcome) return state;
      const { outcome } = action;
      const run = { ...state.run, counts: outcome.counts, outcome };
      // A failed run stays on its step, to be retried or stopped there.
      return outcome.status === 'failed' ? { ...state, run } : { ...state, step: 'report', run };
    }
    case 'stopped':
      return state.step === 'import' && failedRun(state) ? { ...state, step: 'report' } : state;
    case 'consentRecording':
      return state.step === 'report' && state.run.consent?.status !== 'recording'
        ? { ...state, run: { ...state.run, consent: { status: 'recording' } } }
        : state;
    case 'consentEnded':
      return state.step === 'report' && state.run.consent?.status === 'recording'
        ? { ...state, run: { ...state.run, consent: action.result } }
        : state;
  }
}

/**
 * The contacts whose consent the import records: those of the contact steps written (all of a
 * finished run; those before where a stopped run ended), when the member stated it.
 */
export function consentContactIds(
  steps: ImportStep[],
  outcome: ImportOutcome | null,
  consent: ImportConsent,
): string[] {
  if (!consent.given || !consent.text.trim() || !outcome) return [];
  const written = outcome.status === 'done' ? steps : steps.slice(0, outcome.next);
  return written.filter((s) => s.collection === 'contacts').map((s) => s.id);
}

/** The failure a run stopped on, or null. */
export function failedRun(state: CsvImportState): Extract<ImportOutcome, { status: 'failed' }> | null {
  const outcome = state.step === 'import' ? state.run.outcome : null;
  return outcome?.status === 'failed' ? outcome : null;
}

/** Escape and the backdrop close the dialog except while it reads, validates or writes. */
export function closable(state: CsvImportState): boolean {
  if (state.step === 'file' || state.step === 'columns') return !state.busy;
  return state.step !== 'import' || state.run.outcome !== null;
}

/** Rows a stopped run did not write (spreadsheet numbers): those of the steps from where it stopped. */
export function rowsNotImported(steps: ImportStep[], outcome: ImportOutcome | null): number[] {
  if (!outcome || outcome.status === 'done') return [];
  return steps
    .slice(outcome.next)
    .filter((s) => s.row > 0)
    .map((s) => s.row);
}

/** Why the rows of a stopped run were not imported: its failure, or the cancel. */
export const stopReason = (outcome: ImportOutcome | null): ServerErrorKey =>
  outcome?.status === 'failed' ? describeError(outcome.error).key : 'canceled';
