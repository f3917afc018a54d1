/**
 * Applying one google.firestore.v1.Write to a document: preconditions, set / merge with an update
 * mask, delete, verify (a precondition check alone), and field transforms (with their
 * transformResults).
 */
import { deleteField, documentSize, getField, MAX_DOCUMENT_SIZE, setField } from './fields.js';
import {
  Code,
  FirestoreError,
  type Document,
  type FieldTransform,
  type Fields,
  type Precondition,
  type Timestamp,
  type Value,
  type Write,
} from './model.js';
import { parseDocumentName, parseFieldPath, validateDocumentPath } from './paths.js';
import {
  compareTimestamps,
  compareNumbers,
  fieldsIdentical,
  isNaNValue,
  isNumber,
  NULL,
  valuesEqual,
} from './values.js';
import { toMicros } from './time.js';

const INT64_MAX = (1n << 63n) - 1n;
const INT64_MIN = -(1n << 63n);

const invalid = (message: string) => new FirestoreError(Code.INVALID_ARGUMENT, message);

/** The document a write targets, validated to live in `database`. */
export function writeTarget(write: Write, database: string): { name: string; path: string } {
  const kinds = [write.update, write.delete, write.verify, write.transform].filter(
    (x) => x !== undefined && x !== null,
  );
  if (kinds.length !== 1)
    throw invalid('A write must have exactly one of update, delete, verify or transform.');
  const name = write.update?.name ?? write.delete ?? write.verify ?? write.transform!.document;
  const parsed = parseDocumentName(name);
  if (parsed.database !== database) throw invalid(`Document "${name}" is not in database "${database}".`);
  validateDocumentPath(parsed.path, name);
  return { name, path: parsed.path };
}

/**
 * Checks a write's `currentDocument` against `current`, the document as the earlier writes of the
 * same request left it. Against the stored document a failure is NOT_FOUND (exists: true),
 * ALREADY_EXISTS (exists: false) or FAILED_PRECONDITION (updateTime), as production answers. When
 * an earlier write of the same request already targeted the document (`writtenEarlier`), the
 * request can never succeed, and production rejects it as INVALID_ARGUMENT: the firebase web SDK's
 * transaction tests, run against production, expect `invalid-argument` for a delete then an
 * update of one document (the update carries `exists: true`) and `not-found` for a lone update of
 * a missing one.
 */
export function checkPrecondition(
  p: Precondition | undefined,
  name: string,
  current: Document | null,
  writtenEarlier = false,
): void {
  if (!p) return;
  let failure: FirestoreError | undefined;
  if (p.exists === true && !current) {
    failure = new FirestoreError(Code.NOT_FOUND, `No document to update: ${name}`);
  } else if (p.exists === false && current) {
    failure = new FirestoreError(Code.ALREADY_EXISTS, `Document already exists: ${name}`);
  } else if (p.updateTime && (!current || compareTimestamps(current.updateTime, p.updateTime) !== 0)) {
    const stored = current ? toMicros(current.updateTime) : 0;
    failure = new FirestoreError(
      Code.FAILED_PRECONDITION,
      `the stored version (${stored}) does not match the required base version (${toMicros(p.updateTime)})`,
    );
  }
  if (!failure) return;
  if (writtenEarlier) {
    throw invalid(
      `The precondition of a write to ${name} cannot hold after the earlier write to the same document in this request (${failure.message}).`,
    );
  }
  throw failure;
}

export interface WriteOutcome {
  after: Document | null;
  transformResults: Value[];
}

/**
 * Applies `write` (already targeted at `name`) to `current` at `commitTime`. `writtenEarlier`: an
 * earlier write of the same request targeted this document (see checkPrecondition). A verify only
 * checks its precondition: the document comes back unchanged.
 */
export function applyWrite(
  write: Write,
  name: string,
  path: string,
  current: Document | null,
  commitTime: Timestamp,
  writtenEarlier = false,
): WriteOutcome {
  checkPrecondition(write.currentDocument, name, current, writtenEarlier);
  if (write.verify !== undefined) return { after: current, transformResults: [] };
  if (write.delete !== undefined) return { after: null, transformResults: [] };

  let fields: Fields;
  let transforms: FieldTransform[];
  if (write.update) {
    const given = write.update.fields ?? {};
    validateFieldNames(given);
    if (write.updateMask) {
      fields = current?.fields ?? {};
      for (const p of write.updateMask.fieldPaths ?? []) {
        const segments = parseFieldPath(p);
        const v = getField(given, segments);
        fields = v === undefined ? deleteField(fields, segments) : setField(fields, segments, v);
      }
    } else {
      fields = given;
    }
    transforms = write.updateTransforms ?? [];
  } else {
    fields = current?.fields ?? {};
    transforms = write.transform!.fieldTransforms ?? [];
  }

  const transformResults: Value[] = [];
  for (const t of transforms) {
    const segments = parseFieldPath(t.fieldPath);
    const [value, result] = applyTransform(t, getField(fields, segments), commitTime);
    fields = setField(fields, segments, value);
    transformResults.push(result);
  }

  const size = documentSize(path, fields);
  if (size > MAX_DOCUMENT_SIZE) {
    throw invalid(
      `Document '${name}' cannot be written because its size (${size.toLocaleString('en-US')} bytes) exceeds the maximum allowed size of 1,048,576 bytes.`,
    );
  }
  // Firestore keeps the old update time when a write does not change the document.
  if (current && fieldsIdentical(current.fields, fields)) return { after: current, transformResults };
  return {
    after: { name, fields, createTime: current?.createTime ?? commitTime, updateTime: commitTime },
    transformResults,
  };
}

function validateFieldNames(fields: Fields): void {
  for (const [k, v] of Object.entries(fields)) {
    if (k === '') throw invalid('Field names must not be empty.');
    // A vector (`vector([...])` in the SDKs) is a map {__type__: "__vector__", value: [numbers]}:
    // production accepts that one reserved name there.
    if (/^__.*__$/.test(k) && !(k === '__type__' && isVectorType(v)))
      throw invalid(`Field name "${k}" is reserved.`);
    if ('mapValue' in v) validateFieldNames(v.mapValue.fields ?? {});
  }
}

function isVectorType(v: Value): boolean {
  return 'stringValue' in v && v.stringValue === '__vector__';
}

/** Returns the new field value and the transform result. */
function applyTransform(
  t: FieldTransform,
  current: Value | undefined,
  commitTime: Timestamp,
): [Value, Value] {
  if (t.setToServerValue !== undefined) {
    if (t.setToServerValue !== 'REQUEST_TIME')
      throw invalid(`Unsupported server value ${t.setToServerValue}.`);
    const v: Value = { timestampValue: commitTime };
    return [v, v];
  }
  if (t.increment !== undefined) {
    const v = increment(numericOperand(t.increment, 'increment'), current);
    return [v, v];
  }
  if (t.maximum !== undefined) {
    const v = extremum(numericOperand(t.maximum, 'maximum'), current, 1);
    return [v, v];
  }
  if (t.minimum !== undefined) {
    const v = extremum(numericOperand(t.minimum, 'minimum'), current, -1);
    return [v, v];
  }
  const elements = current && 'arrayValue' in current ? (current.arrayValue.values ?? []) : [];
  if (t.appendMissingElements !== undefined) {
    const out = [...elements];
    for (const e of t.appendMissingElements.values ?? [])
      if (!out.some((x) => valuesEqual(x, e))) out.push(e);
    return [{ arrayValue: { values: out } }, NULL];
  }
  if (t.removeAllFromArray !== undefined) {
    const removed = t.removeAllFromArray.values ?? [];
    return [
      { arrayValue: { values: elements.filter((x) => !removed.some((r) => valuesEqual(x, r))) } },
      NULL,
    ];
  }
  throw invalid(`Field transform on "${t.fieldPath}" has no transformation.`);
}

function numericOperand(v: Value, what: string): Value {
  if (!isNumber(v)) throw invalid(`The ${what} transform requires a numeric value.`);
  return v;
}

const asDouble = (v: Value): number =>
  'integerValue' in v ? Number(v.integerValue) : (v as { doubleValue: number }).doubleValue;

function increment(operand: Value, current: Value | undefined): Value {
  if (!current || !isNumber(current)) return operand;
  if ('integerValue' in current && 'integerValue' in operand) {
    const sum = current.integerValue + operand.integerValue;
    return { integerValue: sum > INT64_MAX ? INT64_MAX : sum < INT64_MIN ? INT64_MIN : sum };
  }
  return { doubleValue: asDouble(current) + asDouble(operand) };
}

/** maximum (sign 1) or minimum (sign -1): NaN wins; equivalent values keep the stored one. */
function extremum(operand: Value, current: Value | undefined, sign: 1 | -1): Value {
  if (!current || !isNumber(current)) return operand;
  if (isNaNValue(current)) return current;
  if (isNaNValue(operand)) return operand;
  return compareNumbers(operand, current) * sign > 0 ? operand : current;
}
