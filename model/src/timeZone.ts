/**
 * Wall-clock times in an IANA time zone, with Intl only (no time-zone database shipped): a
 * member's time zone may differ from the device's (issue 30) and from the server's, so the web's
 * date fields and the functions' digest read and write the wall clock of the member's zone.
 */
export interface WallClock {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();
function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partsFormats.set(timeZone, format);
  }
  return format;
}

/** The wall clock in `timeZone` at an instant. */
export function wallClockAt(millis: number, timeZone: string): WallClock & { second: number } {
  const parts: Record<string, number> = {};
  for (const part of partsFormat(timeZone).formatToParts(millis)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour % 24,
    minute: parts.minute,
    second: parts.second,
  };
}

/** Minutes the zone is ahead of UTC at an instant (−360 in Tegucigalpa). */
function offsetMinutes(millis: number, timeZone: string): number {
  const wall = wallClockAt(millis, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return Math.round((asUtc - Math.floor(millis / 1000) * 1000) / 60_000);
}

/**
 * The instant a wall clock names in `timeZone`. A time the clocks skip (the spring-forward hour)
 * is read as the same number of minutes after the change (02:30 → 03:30); a time that happens twice
 * (the fall-back hour) is its first occurrence.
 */
export function instantOf(wall: WallClock, timeZone: string): number {
  const naive = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  // The offset before and after the candidate: they differ only around a change.
  const before = offsetMinutes(naive - 86_400_000, timeZone);
  const after = offsetMinutes(naive + 86_400_000, timeZone);
  const first = naive - before * 60_000;
  if (before === after) return first;
  const second = naive - after * 60_000;
  const matches = (millis: number) => {
    const at = wallClockAt(millis, timeZone);
    return at.hour === wall.hour && at.minute === wall.minute && at.day === wall.day;
  };
  const candidates = [first, second].filter(matches).sort((a, b) => a - b);
  if (candidates.length) return candidates[0];
  // Skipped: the later offset applied to the earlier reading moves past the gap.
  return Math.max(first, second);
}
