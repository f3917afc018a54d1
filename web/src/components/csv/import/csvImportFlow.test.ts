import { describe, expect, it } from 'vitest';
import type { EncodingChoice } from '../decode';
import type { ColumnMapping } from '../fields';
import { emptyCounts, type ImportCounts, type ImportOutcome, type ImportStep } from '../runImport';
import type { ParsedSummary } from '../session';
import {
  closable,
  consentContactIds,
  csvImportReducer,
  initialCsvImportState,
  rowsNotImported,
  stopReason,
  type CheckedRows,
  type CsvImportAction,
  type CsvImportState,
  type LoadedFile,
} from './csvImportFlow';

const summary = (headers: string[]): ParsedSummary => ({
  headers,
  sample: [],
  rowCount: 3,
  delimiter: ';',
  encoding: 'windows-1252',
  fingerprint: 'f1',
});
const file = new File(['x'], 'clientes.csv');
const read = (
  headers: string[],
  suggested: ColumnMapping,
  encoding: EncodingChoice = 'auto',
): CsvImportAction => ({
  type: 'fileRead',
  file,
  encoding,
  summary: summary(headers),
  suggested,
});
/** What onColumns holds. */
const loaded: LoadedFile = {
  file,
  encoding: 'auto',
  summary: summary(['Nombre', 'Correo']),
  mapping: ['name', 'email'],
};
const checked: CheckedRows = {
  validation: { valid: [], refused: [] },
  lookups: {
    contactsByEmail: new Map(),
    existingById: new Map(),
    companiesByName: new Map(),
    companiesById: new Map(),
  },
};
const counts = (created: number): ImportCounts => ({ ...emptyCounts(), created });
const permissionDenied = Object.assign(new Error('Missing or insufficient permissions.'), {
  code: 'permission-denied',
});

const reduce = (actions: CsvImportAction[], from: CsvImportState = initialCsvImportState) =>
  actions.reduce(csvImportReducer, from);
const onColumns = reduce([{ type: 'readingStarted' }, read(['Nombre', 'Correo'], ['name', 'email'])]);
const onReview = reduce([{ type: 'validationStarted' }, { type: 'checked', checked }], onColumns);
const importing = reduce([{ type: 'importStarted', from: 0, total: 1200, counts: emptyCounts() }], onReview);
const failed = reduce(
  [
    {
      type: 'importEnded',
      outcome: { status: 'failed', counts: counts(500), next: 500, error: permissionDenied },
    },
  ],
  importing,
);

describe('csvImportReducer: the file', () => {
  it('starts on the file step, idle', () => {
    expect(initialCsvImportState).toEqual({
      step: 'file',
      policy: 'skip',
      consent: { given: false, text: '' },
      busy: null,
      error: null,
      previous: null,
    });
  });

  it('reads a file, then shows its columns with the suggested mapping', () => {
    const reading = reduce([{ type: 'readingStarted' }]);
    expect(reading).toMatchObject({ step: 'file', busy: { task: 'reading' } });
    expect(csvImportReducer(reading, read(['Nombre', 'Correo'], ['name', 'email']))).toEqual({
      step: 'columns',
      policy: 'skip',
      consent: { given: false, text: '' },
      busy: null,
      error: null,
      loaded,
    });
  });

  it.each(['empty', 'noRows', 'failed'] as const)('stays on the file step when it is %s', (problem) => {
    const state = reduce([{ type: 'readingStarted' }, { type: 'readingFailed', problem }]);
    expect(state).toMatchObject({ step: 'file', busy: null, error: { kind: 'file', problem } });
    // The next attempt clears the error.
    expect(csvImportReducer(state, { type: 'readingStarted' })).toMatchObject({ error: null });
  });
});

describe('csvImportReducer: the columns', () => {
  it('changes a column’s target', () => {
    const state = csvImportReducer(onColumns, { type: 'mappingChanged', mapping: ['name', null] });
    expect(state).toMatchObject({ step: 'columns', loaded: { mapping: ['name', null] } });
  });

  it('reads the file again in another encoding, keeping the mapping of the same headers', () => {
    const edited = reduce([{ type: 'mappingChanged', mapping: ['name', null] }], onColumns);
    const reading = csvImportReducer(edited, { type: 'readingStarted' });
    expect(reading).toMatchObject({ step: 'columns', busy: { task: 'reading' } });
    const again = csvImportReducer(reading, read(['Nombre', 'Correo'], ['name', 'email'], 'utf-8'));
    expect(again).toMatchObject({
      step: 'columns',
      busy: null,
      loaded: { encoding: 'utf-8', mapping: ['name', null] },
    });
  });

  it('keeps the columns and says why when reading again fails', () => {
    const state = reduce(
      [{ type: 'readingStarted' }, { type: 'readingFailed', problem: 'failed' }],
      onColumns,
    );
    expect(state).toMatchObject({
      step: 'columns',
      busy: null,
      error: { kind: 'file', problem: 'failed' },
      loaded: { mapping: ['name', 'email'] },
    });
  });

  it('goes back to the file; a next file with the same headers keeps the mapping, others get theirs', () => {
    const edited = reduce([{ type: 'mappingChanged', mapping: ['name', null] }], onColumns);
    const back = csvImportReducer(edited, { type: 'back' });
    expect(back).toMatchObject({ step: 'file', busy: null, previous: { mapping: ['name', null] } });
    expect(csvImportReducer(back, read(['Nombre', 'Correo'], ['name', 'email']))).toMatchObject({
      loaded: { mapping: ['name', null] },
    });
    expect(csvImportReducer(back, read(['Name', 'Email'], ['name', 'email']))).toMatchObject({
      loaded: { mapping: ['name', 'email'] },
    });
  });

  it('validates with its progress, then looks the rows up, then shows the review', () => {
    const validating = csvImportReducer(onColumns, { type: 'validationStarted' });
    expect(validating).toMatchObject({ busy: { task: 'validating', done: 0, total: 3 }, error: null });
    const progressed = csvImportReducer(validating, { type: 'validationProgressed', done: 2, total: 3 });
    expect(progressed).toMatchObject({ busy: { task: 'validating', done: 2, total: 3 } });
    const checking = csvImportReducer(progressed, { type: 'checkingStarted' });
    expect(checking).toMatchObject({ step: 'columns', busy: { task: 'checking' } });
    expect(csvImportReducer(checking, { type: 'checked', checked })).toEqual({
      step: 'review',
      policy: 'skip',
      consent: { given: false, text: '' },
      loaded,
      checked,
    });
  });

  it('stays on the columns with the server’s reason when validating fails; the next try clears it', () => {
    const state = reduce(
      [
        { type: 'validationStarted' },
        { type: 'checkingStarted' },
        { type: 'validationFailed', reason: 'unavailable' },
      ],
      onColumns,
    );
    expect(state).toMatchObject({
      step: 'columns',
      busy: null,
      error: { kind: 'server', reason: 'unavailable' },
    });
    expect(csvImportReducer(state, { type: 'validationStarted' })).toMatchObject({ error: null });
  });

  it('keeps an error in sight on the way back to the file step, and does not go back while busy', () => {
    const failing = reduce([{ type: 'validationFailed', reason: 'unavailable' }], onColumns);
    expect(csvImportReducer(failing, { type: 'back' })).toMatchObject({
      step: 'file',
      error: { kind: 'server', reason: 'unavailable' },
    });
    const busy = csvImportReducer(onColumns, { type: 'validationStarted' });
    expect(csvImportReducer(busy, { type: 'back' })).toBe(busy);
  });
});

describe('csvImportReducer: the review', () => {
  it('chooses what to do with duplicates, kept when going back and validating again', () => {
    const updating = csvImportReducer(onReview, { type: 'policyChosen', policy: 'update' });
    expect(updating).toMatchObject({ step: 'review', policy: 'update' });
    const back = csvImportReducer(updating, { type: 'back' });
    expect(back).toMatchObject({ step: 'columns', policy: 'update', busy: null, error: null });
    expect(reduce([{ type: 'validationStarted' }, { type: 'checked', checked }], back)).toMatchObject({
      step: 'review',
      policy: 'update',
    });
  });

  it('states the consent (review only), kept when going back and validating again', () => {
    const consent = { given: true, text: 'Feria' };
    const stated = csvImportReducer(onReview, { type: 'consentChanged', consent });
    expect(stated).toMatchObject({ step: 'review', consent });
    const again = reduce(
      [{ type: 'back' }, { type: 'validationStarted' }, { type: 'checked', checked }],
      stated,
    );
    expect(again).toMatchObject({ step: 'review', consent });
    expect(csvImportReducer(onColumns, { type: 'consentChanged', consent })).toBe(onColumns);
  });

  it('starts the import from the first step', () => {
    expect(importing).toEqual({
      step: 'import',
      policy: 'skip',
      consent: { given: false, text: '' },
      loaded,
      checked,
      run: {
        progress: { done: 0, total: 1200 },
        counts: emptyCounts(),
        outcome: null,
        cancelling: false,
        consent: null,
      },
    });
  });
});

describe('csvImportReducer: the import', () => {
  it('follows the progress and ends on the report', () => {
    const progressed = csvImportReducer(importing, {
      type: 'importProgressed',
      done: 500,
      total: 1200,
      counts: counts(500),
    });
    expect(progressed).toMatchObject({ run: { progress: { done: 500, total: 1200 }, counts: counts(500) } });
    const outcome: ImportOutcome = { status: 'done', counts: counts(1200) };
    expect(csvImportReducer(progressed, { type: 'importEnded', outcome })).toMatchObject({
      step: 'report',
      run: { progress: { done: 500 }, counts: counts(1200), outcome },
    });
  });

  it('cancels after the batch in flight, then reports what was written', () => {
    const cancelling = csvImportReducer(importing, { type: 'cancelRequested' });
    expect(cancelling).toMatchObject({ step: 'import', run: { cancelling: true, outcome: null } });
    const outcome: ImportOutcome = { status: 'cancelled', counts: counts(500), next: 500 };
    expect(csvImportReducer(cancelling, { type: 'importEnded', outcome })).toMatchObject({
      step: 'report',
      run: { counts: counts(500), outcome, cancelling: true },
    });
  });

  it('stays on the step when a batch fails, to retry from it', () => {
    expect(failed).toMatchObject({
      step: 'import',
      run: { counts: counts(500), outcome: { status: 'failed' } },
    });
    const retried = csvImportReducer(failed, {
      type: 'importStarted',
      from: 500,
      total: 1200,
      counts: counts(500),
    });
    expect(retried).toMatchObject({
      step: 'import',
      run: { progress: { done: 500, total: 1200 }, counts: counts(500), outcome: null, cancelling: false },
    });
  });

  it('records the consent on the report: under way, then its outcome', () => {
    const done = csvImportReducer(importing, {
      type: 'importEnded',
      outcome: { status: 'done', counts: counts(1200) },
    });
    const recording = csvImportReducer(done, { type: 'consentRecording' });
    expect(recording).toMatchObject({ run: { consent: { status: 'recording' } } });
    // Not twice at once.
    expect(csvImportReducer(recording, { type: 'consentRecording' })).toBe(recording);
    const result = { status: 'failed', reason: 'unavailable' } as const;
    const failedConsent = csvImportReducer(recording, { type: 'consentEnded', result });
    expect(failedConsent).toMatchObject({ run: { consent: result } });
    // A late answer with nothing under way changes nothing; a retry starts again.
    expect(csvImportReducer(failedConsent, { type: 'consentEnded', result })).toBe(failedConsent);
    expect(csvImportReducer(failedConsent, { type: 'consentRecording' })).toMatchObject({
      run: { consent: { status: 'recording' } },
    });
    expect(csvImportReducer(importing, { type: 'consentRecording' })).toBe(importing);
  });

  it('or stops there and reports', () => {
    expect(csvImportReducer(failed, { type: 'stopped' })).toMatchObject({
      step: 'report',
      run: { outcome: { status: 'failed', next: 500 } },
    });
  });
});

describe('csvImportReducer: actions out of place change nothing', () => {
  const report = csvImportReducer(importing, {
    type: 'importEnded',
    outcome: { status: 'done', counts: counts(3) },
  });
  const cases: [string, CsvImportState, CsvImportAction][] = [
    ['a file read during the review', onReview, read(['Nombre'], ['name'])],
    ['a mapping on the file step', initialCsvImportState, { type: 'mappingChanged', mapping: [] }],
    ['lookups on the file step', initialCsvImportState, { type: 'checked', checked }],
    ['a validation failure during the review', onReview, { type: 'validationFailed', reason: 'unknown' }],
    ['a policy on the columns', onColumns, { type: 'policyChosen', policy: 'update' }],
    ['back on the file step', initialCsvImportState, { type: 'back' }],
    ['back while writing', importing, { type: 'back' }],
    ['back on the report', report, { type: 'back' }],
    [
      'a second start while writing',
      importing,
      { type: 'importStarted', from: 0, total: 1, counts: emptyCounts() },
    ],
    ['a start from the report', report, { type: 'importStarted', from: 0, total: 1, counts: emptyCounts() }],
    ['stop while writing', importing, { type: 'stopped' }],
    ['progress after a failure', failed, { type: 'importProgressed', done: 1, total: 1, counts: counts(1) }],
    ['cancel after a failure', failed, { type: 'cancelRequested' }],
    ['an end after the end', report, { type: 'importEnded', outcome: { status: 'done', counts: counts(9) } }],
    ['reading during the import', importing, { type: 'readingStarted' }],
  ];
  it.each(cases)('%s', (_, state, action) => {
    expect(csvImportReducer(state, action)).toBe(state);
  });
});

describe('closable', () => {
  it('closes except while reading, validating or writing', () => {
    expect(closable(initialCsvImportState)).toBe(true);
    expect(closable(reduce([{ type: 'readingStarted' }]))).toBe(false);
    expect(closable(onColumns)).toBe(true);
    expect(closable(csvImportReducer(onColumns, { type: 'checkingStarted' }))).toBe(false);
    expect(closable(onReview)).toBe(true);
    expect(closable(importing)).toBe(false);
    expect(closable(failed)).toBe(true);
    expect(closable(csvImportReducer(failed, { type: 'stopped' }))).toBe(true);
  });
});

describe('rowsNotImported', () => {
  const steps: ImportStep[] = [
    { kind: 'create', collection: 'companies', row: 0, id: 'co1', data: {} },
    { kind: 'create', collection: 'contacts', row: 2, id: 'c1', data: {} },
    { kind: 'create', collection: 'companies', row: 0, id: 'co2', data: {} },
    { kind: 'update', collection: 'contacts', row: 4, id: 'c2', data: {} },
  ];

  it('lists the rows of the steps from where the run stopped, not the companies it adds', () => {
    expect(rowsNotImported(steps, { status: 'cancelled', counts: emptyCounts(), next: 1 })).toEqual([2, 4]);
    expect(rowsNotImported(steps, { status: 'failed', counts: emptyCounts(), next: 2, error: null })).toEqual(
      [4],
    );
  });

  it('is empty before the end and after a complete run', () => {
    expect(rowsNotImported(steps, null)).toEqual([]);
    expect(rowsNotImported(steps, { status: 'done', counts: emptyCounts() })).toEqual([]);
  });
});

describe('consentContactIds', () => {
  const steps: ImportStep[] = [
    { kind: 'create', collection: 'companies', row: 0, id: 'co1', data: {} },
    { kind: 'create', collection: 'contacts', row: 2, id: 'c1', data: {} },
    { kind: 'update', collection: 'contacts', row: 3, id: 'c2', data: {} },
    { kind: 'create', collection: 'contacts', row: 4, id: 'c3', data: {} },
  ];
  const stated = { given: true, text: 'Feria' };
  const done: ImportOutcome = { status: 'done', counts: emptyCounts() };

  it('the contacts written, created or updated, not the companies', () => {
    expect(consentContactIds(steps, done, stated)).toEqual(['c1', 'c2', 'c3']);
    expect(consentContactIds(steps, { status: 'cancelled', counts: emptyCounts(), next: 3 }, stated)).toEqual(
      ['c1', 'c2'],
    );
  });

  it('none unless stated with a text, or before the end', () => {
    expect(consentContactIds(steps, done, { given: false, text: 'Feria' })).toEqual([]);
    expect(consentContactIds(steps, done, { given: true, text: '  ' })).toEqual([]);
    expect(consentContactIds(steps, null, stated)).toEqual([]);
  });
});

describe('stopReason', () => {
  it('is the failure’s text key, or the cancel', () => {
    expect(stopReason({ status: 'failed', counts: emptyCounts(), next: 0, error: permissionDenied })).toBe(
      'permissionDenied',
    );
    expect(stopReason({ status: 'cancelled', counts: emptyCounts(), next: 0 })).toBe('canceled');
  });
});
