/**
 * The time zones the preference offers; the wall-clock arithmetic itself is the model's
 * (model/src/timeZone.ts), shared with the functions.
 */
import { instantOf, wallClockAt, type WallClock } from '@trato/model';
import { deviceTimeZone } from './preferences';

export { instantOf, wallClockAt, type WallClock };

/** The zones this browser knows, for the preference's list (a few in old browsers). */
export function knownTimeZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? [];
  const device = deviceTimeZone();
  const all = zones.includes('UTC') ? zones : [...zones, 'UTC'];
  return all.includes(device) ? all : [device, ...all];
}
