// The two writes members make to a WhatsApp conversation (issue 33); everything else in it is the
// server's. firestore.rules let conversations.edit change `assigneeId` (with `updatedAt` stamped),
// and conversations.view set `unreadCount` to 0 alone.
import { doc, serverTimestamp, updateDoc } from 'firebase/firestore';
import { paths } from '@trato/model';
import { getDataServices } from './data';

function conversationRef(orgId: string, contactId: string) {
  return doc(getDataServices().firestore, paths.doc(orgId, 'waConversations', contactId));
}

/** Marks a conversation read (its unread count back to 0). */
export async function markConversationRead(orgId: string, contactId: string): Promise<void> {
  await updateDoc(conversationRef(orgId, contactId), { unreadCount: 0 });
}

/** Assigns a conversation to a member (null: to nobody). */
export async function assignConversation(
  orgId: string,
  contactId: string,
  assigneeId: string | null,
): Promise<void> {
  await updateDoc(conversationRef(orgId, contactId), { assigneeId, updatedAt: serverTimestamp() });
}
