/**
 * The local Gmail's mailboxes: one per account, each message in exactly one of them with its
 * labels. A sent message stays in the sender's mailbox (SENT) and, for every recipient that is an
 * account of the local Google (a configured address, or one with a grant), a copy goes to that
 * account's inbox (INBOX, UNREAD) — Bcc header left out, `Delivered-To` added, threaded in the
 * recipient's mailbox by its In-Reply-To / References. Every arrival is a history record.
 */
import { randomBytes } from 'node:crypto';
import { describeMessage } from './gmail.js';
import { rewriteHeaders } from './mime.js';
import type { GoogleState, MailMessage } from './state.js';

/** The `<…>` message ids of In-Reply-To and References, in order. */
export function referencedIds(message: MailMessage): string[] {
  const out: string[] = [];
  for (const h of message.headers) {
    const name = h.name.toLowerCase();
    if (name !== 'in-reply-to' && name !== 'references') continue;
    for (const m of h.value.matchAll(/<[^<>\s]+>/g)) if (!out.includes(m[0])) out.push(m[0]);
  }
  return out;
}

const recipientsOf = (m: MailMessage) => {
  const out: string[] = [];
  for (const a of [...m.to, ...m.cc, ...m.bcc]) {
    const address = a.address.toLowerCase();
    if (address && !out.includes(address)) out.push(address);
  }
  return out;
};

export class Mailboxes {
  constructor(
    readonly state: GoogleState,
    /** The configured accounts (lower case). */
    private readonly configured: string[],
  ) {}

  /** Whether mail to this address lands in a local mailbox: a configured account or a grant's address. */
  isLocal(address: string): boolean {
    const a = address.toLowerCase();
    if (this.configured.includes(a)) return true;
    for (const g of this.state.grants.values()) if (g.email === a) return true;
    return false;
  }

  /** Every account with a mailbox here: configured first, then grants' and mailboxes' addresses. */
  accounts(): string[] {
    const out = [...this.configured];
    const add = (a: string) => {
      if (a && !out.includes(a)) out.push(a);
    };
    const rest = new Set<string>();
    for (const g of this.state.grants.values()) rest.add(g.email);
    for (const a of this.state.mailboxes.keys()) rest.add(a);
    for (const m of this.state.messages) rest.add(m.account);
    [...rest].sort().forEach(add);
    return out;
  }

  isKnown(address: string): boolean {
    return this.accounts().includes(address.toLowerCase());
  }

  /** 16 hex digits in time order, unused so far. */
  newId(now: number): string {
    for (;;) {
      const id = `${now.toString(16).padStart(11, '0')}${randomBytes(3).toString('hex').slice(0, 5)}`;
      if (!this.state.messages.some((m) => m.id === id)) return id;
    }
  }

  find(account: string, id: string): MailMessage | undefined {
    const a = account.toLowerCase();
    return this.state.messages.find((m) => m.id === id && m.account === a);
  }

  /** The thread of the newest message of the account's mailbox whose Message-ID is referenced. */
  threadByReferences(account: string, ids: string[]): string | null {
    if (!ids.length) return null;
    const a = account.toLowerCase();
    for (let i = this.state.messages.length - 1; i >= 0; i--) {
      const m = this.state.messages[i];
      if (m.account === a && m.messageId && ids.includes(m.messageId)) return m.threadId;
    }
    return null;
  }

  /** Keeps a message that arrived in its mailbox (history record, historyId). */
  store(message: MailMessage): MailMessage {
    this.state.recordAdded(message);
    this.state.messages.push(message);
    return message;
  }

  /**
   * Keeps a message accepted by users.messages.send: in the sender's mailbox, also in its inbox
   * when the sender is a recipient (one message, SENT + INBOX, as Gmail), and a copy in each
   * other local account's inbox. Answers the copies.
   */
  async sent(message: MailMessage, raw: Buffer): Promise<MailMessage[]> {
    const recipients = recipientsOf(message);
    if (recipients.includes(message.account)) message.labelIds = ['SENT', 'INBOX', 'UNREAD'];
    const copies: MailMessage[] = [];
    const refs = referencedIds(message);
    for (const address of recipients) {
      if (address === message.account || !this.isLocal(address)) continue;
      const copyRaw = rewriteHeaders(raw, ['bcc'], [['Delivered-To', address]]);
      const copy = await describeMessage({
        raw: copyRaw,
        account: address,
        labelIds: ['INBOX', 'UNREAD'],
        threadId: this.threadByReferences(address, refs),
        clientId: null,
        copyOf: message.id,
        now: Date.parse(message.sentAt),
        internalDate: message.internalDate,
        id: this.newId(message.internalDate),
      });
      // Bcc recipients are not in the copy's headers, but it is still theirs.
      this.state.recordAdded(copy);
      copies.push(copy);
    }
    this.state.recordAdded(message);
    // Copies first: newest-first listings then show the sent message before its copies.
    this.state.messages.push(...copies, message);
    return copies;
  }
}
