/** Method dispatch by receiver type and the built-in namespaces. */
import {
  RBytes,
  RDuration,
  RLatLng,
  RList,
  RMap,
  RMapDiff,
  RPath,
  RSet,
  RTimestamp,
  type Result,
  type RValue,
} from '../values.js';
import { mapDiffMethod, listMethod, mapMethod, setMethod } from './collections.js';
import { functionNotFound, nullValue } from './errors.js';
import {
  bytesMethod,
  hashingNamespace,
  latlngMethod,
  latlngNamespace,
  mathNamespace,
  pathMethod,
} from './misc.js';
import { stringMethod } from './strings.js';
import { durationMethod, durationNamespace, timestampMethod, timestampNamespace } from './time.js';

export { conversion } from './misc.js';
export * from './errors.js';

export function callMethod(receiver: RValue, name: string, args: RValue[]): Result {
  if (receiver === null) return nullValue();
  if (typeof receiver === 'string') return stringMethod(receiver, name, args);
  if (receiver instanceof RList) return listMethod(receiver, name, args);
  if (receiver instanceof RSet) return setMethod(receiver, name, args);
  if (receiver instanceof RMap) return mapMethod(receiver, name, args);
  if (receiver instanceof RMapDiff) return mapDiffMethod(receiver, name, args);
  if (receiver instanceof RTimestamp) return timestampMethod(receiver, name, args);
  if (receiver instanceof RDuration) return durationMethod(receiver, name, args);
  if (receiver instanceof RPath) return pathMethod(receiver, name, args);
  if (receiver instanceof RBytes) return bytesMethod(receiver, name, args);
  if (receiver instanceof RLatLng) return latlngMethod(receiver, name, args);
  return functionNotFound(name);
}

/** Namespaces available in every service; `firestore.*` is added by the Storage adapter. */
export const NAMESPACES: Record<string, (name: string, args: RValue[]) => Result> = {
  math: mathNamespace,
  timestamp: timestampNamespace,
  duration: durationNamespace,
  latlng: latlngNamespace,
  hashing: hashingNamespace,
};
