// @vitest-environment jsdom
/**
 * The WhatsApp inbox's data layer against the local cloud (issue 33): useFeed's live first page
 * and 'Cargar más' (no gap when new documents push older ones down, a conversation that moves up
 * shown once, in its new place), the declared queries of the filters under strict indexes, and
 * the conversation's two client writes through firestore.rules.
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { doc, getDoc, Timestamp, updateDoc } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '@trato/model';
import { useFeed } from './feed';
import { orgRequest } from './queries';
import { openTestProject, organizationDocs, type TestCloud } from './testing/localCloud';
import { assignConversation, markConversationRead } from './whatsapp';

const ORG = 'org1';
const UID = 'member1';
const BASE = Date.parse('2026-05-12T12:00:00Z');
let cloud: TestCloud;

const conversationPath = (id: string) => `${paths.organization(ORG)}/waConversations/${id}`;
const conversation = (id: string, minute: number, extra: Record<string, unknown> = {}) => ({
  contactId: id,
  contactName: `Contacto ${id}`,
  waId: '50499998888',
  profileName: null,
  lastMessageAt: Timestamp.fromMillis(BASE + minute * 60_000),
  lastMessageText: 'Hola',
  lastDirection: 'in',
  lastInboundAt: Timestamp.fromMillis(BASE + minute * 60_000),
  unreadCount: 0,
  assigneeId: null,
  createdAt: Timestamp.fromMillis(BASE),
  updatedAt: Timestamp.fromMillis(BASE),
  ...extra,
});

beforeAll(async () => {
  cloud = await openTestProject('demo-trato-web-whatsapp');
  await cloud.seed([
    ...organizationDocs(ORG, [UID, 'member2']),
    ...[1, 2, 3, 4, 5].map((i): [string, Record<string, unknown>] => [
      conversationPath(`c${i}`),
      conversation(`c${i}`, i, { unreadCount: i % 2, assigneeId: i === 3 ? UID : null }),
    ]),
  ]);
  cloud.signIn(UID);
});

afterAll(async () => {
  await cloud?.stop();
});

const ids = (rows: { id: string }[]) => rows.map((row) => row.id);

describe('useFeed', () => {
  it('keeps the first page live and reads older pages on demand, without gaps or doubles', async () => {
    const { result } = renderHook(() => useFeed(orgRequest(ORG, 'waConversations.recent'), 2));
    await waitFor(() => expect(ids(result.current.rows)).toEqual(['c5', 'c4']));
    expect(result.current.hasMore).toBe(true);

    act(() => result.current.loadMore());
    await waitFor(() => expect(ids(result.current.rows)).toEqual(['c5', 'c4', 'c3', 'c2']));
    expect(result.current.hasMore).toBe(true);

    // A new conversation on top: the ones it pushes down stay (the live part grew).
    const owner = cloud.clientAs('owner');
    await cloud.seed([[conversationPath('c6'), conversation('c6', 6)]]);
    await waitFor(() => expect(ids(result.current.rows)).toEqual(['c6', 'c5', 'c4', 'c3', 'c2']));

    // An older one with a new message moves up, once.
    await updateDoc(doc(owner, conversationPath('c2')), {
      lastMessageAt: Timestamp.fromMillis(BASE + 7 * 60_000),
    });
    await waitFor(() => expect(ids(result.current.rows)).toEqual(['c2', 'c6', 'c5', 'c4', 'c3']));

    act(() => result.current.loadMore());
    await waitFor(() => expect(ids(result.current.rows)).toEqual(['c2', 'c6', 'c5', 'c4', 'c3', 'c1']));
    expect(result.current.hasMore).toBe(false);
  });

  it("runs the filters' declared queries", async () => {
    const mine = renderHook(() =>
      useFeed(orgRequest(ORG, 'waConversations.byAssignee', { assigneeId: UID }), 10),
    );
    const nobody = renderHook(() =>
      useFeed(orgRequest(ORG, 'waConversations.byAssignee', { assigneeId: null }), 10),
    );
    const unread = renderHook(() =>
      useFeed(orgRequest(ORG, 'waConversations.unread', { unreadCount: 0 }), 1),
    );
    await waitFor(() => expect(ids(mine.result.current.rows)).toEqual(['c3']));
    await waitFor(() => expect(ids(nobody.result.current.rows)).not.toContain('c3'));
    expect(nobody.result.current.status).toBe('success');
    await waitFor(() => expect(unread.result.current.rows).toHaveLength(1));
    act(() => unread.result.current.loadMore());
    await waitFor(() => expect(unread.result.current.rows.length).toBeGreaterThan(1));
    expect(unread.result.current.rows.every((row) => row.unreadCount > 0)).toBe(true);
  });
});

describe("the conversation's writes", () => {
  it('marks a conversation read', async () => {
    await markConversationRead(ORG, 'c5');
    const stored = await getDoc(doc(cloud.clientAs('owner'), conversationPath('c5')));
    expect(stored.get('unreadCount')).toBe(0);
  });

  it('assigns it to a member, then to nobody; never to someone outside the organization', async () => {
    await assignConversation(ORG, 'c4', 'member2');
    const owner = cloud.clientAs('owner');
    expect((await getDoc(doc(owner, conversationPath('c4')))).get('assigneeId')).toBe('member2');
    await assignConversation(ORG, 'c4', null);
    expect((await getDoc(doc(owner, conversationPath('c4')))).get('assigneeId')).toBeNull();
    await expect(assignConversation(ORG, 'c4', 'stranger')).rejects.toMatchObject({
      code: 'permission-denied',
    });
  });
});
