import { TOPICS_MAX } from '@trato/model';
import { orgRequest, orgTarget, useLiveList } from '@/firebase/dataApi';

export const topicsTarget = (orgId: string) => orgTarget(orgId, 'topics');

/** The organization's topics, by name (at most TOPICS_MAX: what the preference centre offers). */
export function useTopics(orgId: string) {
  return useLiveList(orgRequest(orgId, 'topics.list'), TOPICS_MAX);
}
