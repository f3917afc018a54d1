import { describe, expect, it } from 'vitest';
import { formatMeetingRange } from './meetingTimes';

describe('meeting range', () => {
  const start = new Date(2030, 2, 5, 21, 0).getTime();
  it('leaves out the end date on the same day', () => {
    const text = formatMeetingRange(start, new Date(2030, 2, 5, 22, 30).getTime(), 'es');
    expect(text).toMatch(/^5 mar 2030, 9:00\s?p\.\sm\. – 10:30\s?p\.\sm\.$/);
  });
  it('keeps it across days, and reads - without a start', () => {
    expect(formatMeetingRange(start, new Date(2030, 2, 6, 9, 0).getTime(), 'en')).toMatch(
      /^Mar 5, 2030, 9:00\sPM – Mar 6, 2030, 9:00\sAM$/,
    );
    expect(formatMeetingRange(null, null, 'en')).toBe('-');
  });
});
