/** Which meetings /reuniones shows: those still to start (the default) or those that started. */
export type MeetingsWhen = 'upcoming' | 'past';

/** The `?when=` of the address: anything but 'past' is the upcoming list. */
export function meetingsWhen(param: string | null | undefined): MeetingsWhen {
  return param === 'past' ? 'past' : 'upcoming';
}

/**
 * The declared query and its values: upcoming meetings start at or after `now`, soonest first;
 * past ones before it, the latest first; with a search, the variant that also matches its token.
 */
export function meetingsRequest(
  when: MeetingsWhen,
  search: string,
  now: number,
): { id: string; values: Record<string, unknown> } {
  return {
    id: `meetings.${when}${search ? '+search' : ''}`,
    values: { startTime: new Date(now), searchTokens: search },
  };
}
