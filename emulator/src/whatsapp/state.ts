/**
 * Everything the local WhatsApp knows, in memory: the business accounts (a WABA with one phone
 * number and the system-user token that owns them), whether each WABA is subscribed to the app,
 * message templates, the chats (what the business sent with its statuses, what users wrote), the
 * users' profile names, numbers flagged "not on WhatsApp" and the billing conversations. Times of
 * messages are unix seconds (Graph's `timestamp`), other times epoch milliseconds. `toJSON()` /
 * `load()` are the `whatsapp.json` format of the local cloud's --import / --export-on-exit
 * directory.
 */

export type TemplateStatus = 'PENDING' | 'APPROVED' | 'REJECTED' | 'PAUSED' | 'DISABLED';
export type TemplateCategory = 'MARKETING' | 'UTILITY' | 'AUTHENTICATION';
export type StatusName = 'sent' | 'delivered' | 'read' | 'failed';

/** A WhatsApp Business Account with its one phone number and the token that owns both. */
export interface Account {
  wabaId: string;
  wabaName: string;
  phoneNumberId: string;
  /** As Graph formats it: `+504 2200-0000`. Webhooks carry its digits. */
  displayPhoneNumber: string;
  verifiedName: string;
  qualityRating: 'GREEN' | 'YELLOW' | 'RED';
  /** The system-user token that owns the WABA and the number. */
  accessToken: string;
  /** Subscribed to the app (`POST /{waba-id}/subscribed_apps`): only then are its webhooks sent. */
  subscribed: boolean;
  /** The default account (always there, kept across resets) rather than one a control made. */
  builtIn: boolean;
  createdAt: number;
}

export interface TemplateButton {
  type: 'QUICK_REPLY';
  text: string;
}

/** A template component as created (Graph's upper-case types). */
export interface TemplateComponent {
  type: 'HEADER' | 'BODY' | 'FOOTER' | 'BUTTONS';
  format?: 'TEXT';
  text?: string;
  example?: { header_text?: string[]; body_text?: string[][] };
  buttons?: TemplateButton[];
}

export interface Template {
  id: string;
  wabaId: string;
  name: string;
  language: string;
  category: TemplateCategory;
  components: TemplateComponent[];
  status: TemplateStatus;
  /** 'NONE' unless rejected (or paused / disabled with a reason). */
  reason: string;
  createdAt: number;
  updatedAt: number;
}

/** One error of a `failed` status (the webhook's `errors[]`). */
export interface StatusError {
  code: number;
  title: string;
  message: string;
  error_data: { details: string };
}

export interface StatusRecord {
  status: StatusName;
  /** Unix seconds. */
  timestamp: number;
  errors?: StatusError[];
  /** Who made it: the automatic sent/delivered, the "phone" (read), a test control or the send itself (failed). */
  source: 'auto' | 'phone' | 'control' | 'send';
}

/** What the business's template message showed on the phone, its parameters filled in. */
export interface RenderedTemplate {
  id: string;
  name: string;
  language: string;
  category: TemplateCategory;
  header: string | null;
  body: string;
  footer: string | null;
  /** The quick replies with the payload each one sends back (the button text when none was given). */
  buttons: { text: string; payload: string }[];
}

export interface ChatMessage {
  /** wamid.… */
  id: string;
  direction: 'inbound' | 'outbound';
  phoneNumberId: string;
  /** The user's WhatsApp id (digits). */
  waId: string;
  /** Unix seconds: when the user wrote it (inbound) or when the API accepted it (outbound). */
  timestamp: number;
  type: 'text' | 'template' | 'button';
  /** What the bubble shows: the text, the template's filled body, or the pressed button's text. */
  text: string;
  /** Outbound text: `text.preview_url`. */
  previewUrl?: boolean;
  template?: RenderedTemplate;
  /** Inbound `button`: the quick reply pressed. */
  button?: { text: string; payload: string };
  /** Inbound reply to a business message: `{from: the business number's digits, id: its wamid}`. */
  context?: { from: string; id: string };
  /** Inbound: the profile name the webhook carried. */
  profileName?: string;
  /** Outbound: every status emitted for it, in the order they were sent. */
  statuses: StatusRecord[];
  /** Outbound to a number flagged "not on WhatsApp": its status will be `failed` 131026. */
  undeliverable?: boolean;
  /** Inbound: when the business marked it read (epoch ms), else null. */
  readAt?: number | null;
}

export interface Contact {
  phoneNumberId: string;
  waId: string;
  profileName: string;
  /** Unix seconds of the user's latest message to this number (the customer-service window). */
  lastInboundAt: number | null;
}

/** A billing conversation (Graph's `conversation` of a status): one per chat and category for 24 h. */
export interface Conversation {
  id: string;
  phoneNumberId: string;
  waId: string;
  /** service, marketing, utility or authentication. */
  category: string;
  /** Unix seconds. */
  expiresAt: number;
}

export const STATE_FORMAT = 'trato-whatsapp-export';

export interface StateExport {
  format: typeof STATE_FORMAT;
  version: 1;
  accounts: Account[];
  templates: Template[];
  messages: ChatMessage[];
  contacts: Contact[];
  recipients: { waId: string; onWhatsApp: boolean }[];
  conversations: Conversation[];
  counters: { accounts: number; templates: number };
}

const rank: Record<StatusName | 'accepted', number> = {
  accepted: 0,
  sent: 1,
  delivered: 2,
  read: 3,
  failed: 4,
};

/** The furthest status a message reached (failed wins; `accepted` before any status). */
export function currentStatus(m: ChatMessage): StatusName | 'accepted' {
  let best: StatusName | 'accepted' = 'accepted';
  for (const s of m.statuses) if (rank[s.status] > rank[best]) best = s.status;
  return best;
}

export const statusRank = (s: StatusName | 'accepted') => rank[s];

export class WhatsAppState {
  /** By WABA id. */
  accounts = new Map<string, Account>();
  templates: Template[] = [];
  /** Every chat's messages in the order they happened. */
  messages: ChatMessage[] = [];
  /** By `${phoneNumberId}:${waId}`. */
  contacts = new Map<string, Contact>();
  /** wa_id → on WhatsApp or not (absent: it is). */
  recipients = new Map<string, boolean>();
  /** By `${phoneNumberId}:${waId}:${category}`. */
  conversations = new Map<string, Conversation>();
  /**
   * Accounts and templates made so far (the default account is 1); ids derive from them. They only
   * grow, across resets too (and are exported), so an id is never given to two different things —
   * a server's records of an account or template from before a reset never match a new one.
   */
  accountCounter = 1;
  templateCounter = 0;

  constructor(private readonly defaults: () => Account) {
    this.clear();
  }

  clear(): void {
    this.accounts.clear();
    const account = this.defaults();
    this.accounts.set(account.wabaId, account);
    this.templates = [];
    this.messages = [];
    this.contacts.clear();
    this.recipients.clear();
    this.conversations.clear();
  }

  accountOfPhone(phoneNumberId: string): Account | undefined {
    for (const a of this.accounts.values()) if (a.phoneNumberId === phoneNumberId) return a;
    return undefined;
  }

  accountsOfToken(token: string): Account[] {
    return [...this.accounts.values()].filter((a) => a.accessToken === token);
  }

  contactKey(phoneNumberId: string, waId: string): string {
    return `${phoneNumberId}:${waId}`;
  }

  contact(phoneNumberId: string, waId: string): Contact | undefined {
    return this.contacts.get(this.contactKey(phoneNumberId, waId));
  }

  /** The contact, made on first use. */
  ensureContact(phoneNumberId: string, waId: string): Contact {
    const key = this.contactKey(phoneNumberId, waId);
    let c = this.contacts.get(key);
    if (!c) {
      c = { phoneNumberId, waId, profileName: '', lastInboundAt: null };
      this.contacts.set(key, c);
    }
    return c;
  }

  message(id: string): ChatMessage | undefined {
    for (let i = this.messages.length - 1; i >= 0; i--)
      if (this.messages[i].id === id) return this.messages[i];
    return undefined;
  }

  chat(phoneNumberId: string, waId: string): ChatMessage[] {
    return this.messages.filter((m) => m.phoneNumberId === phoneNumberId && m.waId === waId);
  }

  onWhatsApp(waId: string): boolean {
    return this.recipients.get(waId) ?? true;
  }

  toJSON(): StateExport {
    return {
      format: STATE_FORMAT,
      version: 1,
      accounts: [...this.accounts.values()],
      templates: this.templates,
      messages: this.messages,
      contacts: [...this.contacts.values()],
      recipients: [...this.recipients].map(([waId, onWhatsApp]) => ({ waId, onWhatsApp })),
      conversations: [...this.conversations.values()],
      counters: { accounts: this.accountCounter, templates: this.templateCounter },
    };
  }

  load(data: StateExport): void {
    if (data.format !== STATE_FORMAT || data.version !== 1)
      throw new Error(`not a ${STATE_FORMAT} version 1 file (format ${String(data.format)})`);
    this.clear();
    for (const a of data.accounts ?? []) this.accounts.set(a.wabaId, { ...a });
    this.templates = (data.templates ?? []).map((t) => ({ ...t }));
    this.messages = (data.messages ?? []).map((m) => ({ ...m, statuses: [...(m.statuses ?? [])] }));
    for (const c of data.contacts ?? [])
      this.contacts.set(this.contactKey(c.phoneNumberId, c.waId), { ...c });
    for (const r of data.recipients ?? []) this.recipients.set(r.waId, r.onWhatsApp);
    for (const c of data.conversations ?? [])
      this.conversations.set(`${c.phoneNumberId}:${c.waId}:${c.category}`, { ...c });
    this.accountCounter = Math.max(data.counters?.accounts ?? 1, this.accounts.size);
    this.templateCounter = Math.max(data.counters?.templates ?? 0, this.templates.length);
  }
}
