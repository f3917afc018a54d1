/** A campaign's or sequence's topic as it has it: its id and the topic's name when chosen. */
export interface ChosenTopic {
  topicId?: string | null;
  topicName?: string | null;
}

/**
 * The topic fields a campaign or a sequence saves from its form's `topicId`: the id with the
 * topic's name (a topic deleted since keeps the name the record had). A new record without a
 * topic, or an edit that leaves none, writes neither; an edit that clears it writes both null.
 */
export function topicPatch(
  topicId: string | null | undefined,
  topics: readonly { id: string; name: string }[] | null,
  before: ChosenTopic | null,
): ChosenTopic {
  if (!topicId) return before?.topicId ? { topicId: null, topicName: null } : {};
  const name =
    topics?.find((topic) => topic.id === topicId)?.name ??
    (before?.topicId === topicId ? before.topicName : null);
  return { topicId, topicName: name ?? null };
}
