import { searchesSeveralWords, searchValues } from '@trato/model';

/** Which meetings /reuniones shows: those still to start (the default) or those that started. */
export type MeetingsWhen = 'upcoming' | 'past';

/** The `?when=` of the address: anything but 'past' is the upcoming list. */
export function meetingsWhen(param: string | null | undefined): MeetingsWhen {
  return param === 'past' ? 'past' : 'upcoming';
}

/**
 * The declared query and its values: upcoming meetings start at or after `now`, soonest first;
 * past ones before it, the latest first; with a search of one word, the variant that also matches
 * its token. A search of several words looks through every meeting (`everyMeeting`): each word is
 * an equality on the search map, and a range on startTime beside them would need a composite
 * index naming those words (model queries.ts, 'meetings.words').
 */
export function meetingsRequest(
  when: MeetingsWhen,
  search: string,
  now: number,
): {
  id: 'meetings.words' | `meetings.${MeetingsWhen}` | `meetings.${MeetingsWhen}+search`;
  values: Record<string, unknown>;
  everyMeeting: boolean;
} {
  if (searchesSeveralWords(search))
    return { id: 'meetings.words', values: searchValues(search), everyMeeting: true };
  return {
    id: search ? `meetings.${when}+search` : `meetings.${when}`,
    values: { startTime: new Date(now), searchTokens: search },
    everyMeeting: false,
  };
}
