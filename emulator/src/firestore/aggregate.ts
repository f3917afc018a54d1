/**
 * count / sum / avg over a query's documents with Firestore's result types: count is an integer
 * (capped by upTo); sum stays an integer until it overflows int64 or meets a double, then it is a
 * double; avg is a double, null when no document has a numeric value; non-numeric values are
 * ignored.
 */
import { getField } from './fields.js';
import { Code, FirestoreError, type Aggregation, type Document, type Value } from './model.js';
import { fieldRef } from './query.js';

const INT64_MAX = (1n << 63n) - 1n;
const INT64_MIN = -(1n << 63n);
const MAX_AGGREGATIONS = 5;

interface Accumulator {
  add(doc: Document): void;
  result(): Value;
  /** True once more documents cannot change the result (count reached upTo). */
  saturated(): boolean;
}

function counter(upTo: bigint | undefined): Accumulator {
  let n = 0n;
  return {
    add: () => void (n += 1n),
    result: () => ({ integerValue: n }),
    saturated: () => upTo !== undefined && n >= upTo,
  };
}

function summer(path: string[], average: boolean): Accumulator {
  let intSum = 0n;
  let doubleSum = 0;
  let isDouble = false;
  let count = 0;
  return {
    add(doc) {
      const v = getField(doc.fields, path);
      if (!v) return;
      if ('integerValue' in v) {
        count++;
        if (isDouble) doubleSum += Number(v.integerValue);
        else {
          intSum += v.integerValue;
          if (intSum > INT64_MAX || intSum < INT64_MIN) {
            isDouble = true;
            doubleSum = Number(intSum);
          }
        }
      } else if ('doubleValue' in v) {
        count++;
        if (!isDouble) {
          isDouble = true;
          doubleSum = Number(intSum);
        }
        doubleSum += v.doubleValue;
      }
    },
    result() {
      if (average) {
        if (count === 0) return { nullValue: null };
        return { doubleValue: (isDouble ? doubleSum : Number(intSum)) / count };
      }
      return isDouble ? { doubleValue: doubleSum } : { integerValue: intSum };
    },
    saturated: () => false,
  };
}

/** Aggregates `docs` (already filtered, ordered, offset and limited). */
export function aggregate(aggregations: Aggregation[], docs: Iterable<Document>): Record<string, Value> {
  if (aggregations.length === 0)
    throw new FirestoreError(Code.INVALID_ARGUMENT, 'At least one aggregation is required.');
  if (aggregations.length > MAX_AGGREGATIONS) {
    throw new FirestoreError(
      Code.INVALID_ARGUMENT,
      `The query requested ${aggregations.length} aggregations, more than the maximum number of aggregations allowed (${MAX_AGGREGATIONS}).`,
    );
  }
  const aliases = new Set<string>();
  const accumulators = aggregations.map((a, i) => {
    const alias = a.alias || `field_${i + 1}`;
    if (aliases.has(alias))
      throw new FirestoreError(Code.INVALID_ARGUMENT, `Duplicate aggregation alias "${alias}".`);
    aliases.add(alias);
    if (a.count)
      return [alias, counter(a.count.upTo !== undefined ? BigInt(a.count.upTo) : undefined)] as const;
    if (a.sum) return [alias, summer(fieldRef(a.sum.field.fieldPath).segments, false)] as const;
    if (a.avg) return [alias, summer(fieldRef(a.avg.field.fieldPath).segments, true)] as const;
    throw new FirestoreError(Code.INVALID_ARGUMENT, `Aggregation "${alias}" has no operator.`);
  });
  for (const doc of docs) {
    for (const [, acc] of accumulators) if (!acc.saturated()) acc.add(doc);
    if (accumulators.every(([, acc]) => acc.saturated())) break;
  }
  return Object.fromEntries(accumulators.map(([alias, acc]) => [alias, acc.result()]));
}
