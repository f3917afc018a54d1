/**
 * The part of Gmail's search syntax (`q` of messages.list / threads.list) the local Gmail
 * understands: from:, to:, cc:, bcc:, subject:, rfc822msgid:, after:, before:, newer_than:,
 * older_than:, in:, is:, label:, has:attachment; implicit AND, `OR` (binding tighter than AND, as
 * in Gmail), `{a b}` (any of), `(a b)` (all of), `-term` (not), quoted values. Anything else is
 * refused with a message saying what is supported, never silently ignored.
 */
import type { MailAddress, MailMessage } from './state.js';

export type QueryNode =
  | { kind: 'and'; items: QueryNode[] }
  | { kind: 'or'; items: QueryNode[] }
  | { kind: 'not'; item: QueryNode }
  | { kind: 'term'; key: string; value: string };

export class QueryError extends Error {}

export const SUPPORTED_OPERATORS = [
  'from:',
  'to:',
  'cc:',
  'bcc:',
  'subject:',
  'rfc822msgid:',
  'after:',
  'before:',
  'newer_than:',
  'older_than:',
  'in:',
  'is:',
  'label:',
  'has:attachment',
];

const KEYS = new Set(SUPPORTED_OPERATORS.map((o) => o.replace(/:.*$/, '')));
const IN_VALUES = ['inbox', 'sent', 'anywhere', 'spam', 'trash', 'draft', 'drafts', 'starred', 'important'];
const IS_VALUES = ['unread', 'read', 'starred', 'important'];

type Token =
  { t: 'open' | 'close' | 'lbrace' | 'rbrace' | 'neg' } | { t: 'word'; text: string; quoted: boolean };

function tokenize(q: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  const readQuoted = () => {
    const end = q.indexOf('"', i + 1);
    if (end === -1) throw new QueryError(`Unterminated quote in the query: ${q}`);
    const text = q.slice(i + 1, end);
    i = end + 1;
    return text;
  };
  while (i < q.length) {
    const c = q[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '(') out.push({ t: 'open' });
    else if (c === ')') out.push({ t: 'close' });
    else if (c === '{') out.push({ t: 'lbrace' });
    else if (c === '}') out.push({ t: 'rbrace' });
    else if (c === '-' && i + 1 < q.length && !/[\s)}]/.test(q[i + 1])) out.push({ t: 'neg' });
    else if (c === '"') {
      out.push({ t: 'word', text: readQuoted(), quoted: true });
      continue;
    } else {
      let text = '';
      while (i < q.length && !/[\s(){}"]/.test(q[i])) text += q[i++];
      if (text.endsWith(':') && q[i] === '"') text += `\u0000${readQuoted()}`;
      else if (text.endsWith(':') && q[i] === '(')
        throw new QueryError(
          `Grouped operator values such as ${text}(…) are not supported by the local Gmail; repeat the operator instead.`,
        );
      out.push({ t: 'word', text, quoted: false });
      continue;
    }
    i++;
  }
  return out;
}

/** Parses a query; throws QueryError with a clear message for anything outside the subset. */
export function parseQuery(q: string): QueryNode {
  const tokens = tokenize(q);
  let pos = 0;
  const peek = () => tokens[pos];

  // sequence := orExpr+ (implicit AND); orExpr := unary ('OR' unary)*
  const sequence = (end: 'close' | 'rbrace' | null): QueryNode[] => {
    const items: QueryNode[] = [];
    for (;;) {
      const tok = peek();
      if (!tok) {
        if (end) throw new QueryError(`Missing ${end === 'close' ? ')' : '}'} in the query: ${q}`);
        return items;
      }
      if (tok.t === end) {
        pos++;
        return items;
      }
      if (tok.t === 'close' || tok.t === 'rbrace')
        throw new QueryError(`Unbalanced bracket in the query: ${q}`);
      if (tok.t === 'word' && !tok.quoted && tok.text === 'AND') {
        pos++;
        continue;
      }
      items.push(orExpr());
    }
  };
  const orExpr = (): QueryNode => {
    const items = [unary()];
    for (;;) {
      const tok = peek();
      if (tok?.t === 'word' && !tok.quoted && tok.text === 'OR') {
        pos++;
        if (!peek()) throw new QueryError(`OR needs a term on each side: ${q}`);
        items.push(unary());
      } else break;
    }
    return items.length === 1 ? items[0] : { kind: 'or', items };
  };
  const unary = (): QueryNode => {
    const tok = tokens[pos++];
    if (!tok) throw new QueryError(`Incomplete query: ${q}`);
    if (tok.t === 'neg') return { kind: 'not', item: unary() };
    if (tok.t === 'open') {
      const items = sequence('close');
      if (!items.length) throw new QueryError(`Empty group () in the query: ${q}`);
      return items.length === 1 ? items[0] : { kind: 'and', items };
    }
    if (tok.t === 'lbrace') {
      const items = sequence('rbrace');
      if (!items.length) throw new QueryError(`Empty group {} in the query: ${q}`);
      return items.length === 1 ? items[0] : { kind: 'or', items };
    }
    if (tok.t !== 'word') throw new QueryError(`Unexpected bracket in the query: ${q}`);
    return term(tok.text, tok.quoted);
  };
  const term = (text: string, quoted: boolean): QueryNode => {
    const colon = text.indexOf(':');
    if (quoted || colon <= 0)
      throw new QueryError(
        `Free-text search ("${text}") is not supported by the local Gmail; use one of ${SUPPORTED_OPERATORS.join(' ')}.`,
      );
    const key = text.slice(0, colon).toLowerCase();
    let value = text.slice(colon + 1);
    if (value.startsWith('\u0000')) value = value.slice(1);
    if (!KEYS.has(key))
      throw new QueryError(
        `Unsupported search operator "${key}:" (the local Gmail supports ${SUPPORTED_OPERATORS.join(' ')}).`,
      );
    if (!value) throw new QueryError(`The operator ${key}: needs a value.`);
    const lower = value.toLowerCase();
    if (key === 'in' && !IN_VALUES.includes(lower))
      throw new QueryError(`Unsupported value in:${value} (supported: ${IN_VALUES.join(', ')}).`);
    if (key === 'is' && !IS_VALUES.includes(lower))
      throw new QueryError(`Unsupported value is:${value} (supported: ${IS_VALUES.join(', ')}).`);
    if (key === 'has' && lower !== 'attachment')
      throw new QueryError(`Unsupported value has:${value} (only has:attachment).`);
    if ((key === 'after' || key === 'before') && dateBound(value) === null)
      throw new QueryError(`Invalid date ${key}:${value} (use YYYY/MM/DD or seconds since the epoch).`);
    if ((key === 'newer_than' || key === 'older_than') && !/^\d+[dmy]$/i.test(value))
      throw new QueryError(`Invalid ${key}:${value} (use a number followed by d, m or y, e.g. 2d).`);
    return { kind: 'term', key, value };
  };

  const items = sequence(null);
  return items.length === 1 ? items[0] : { kind: 'and', items };
}

/** Midnight of Y/M/D in America/Los_Angeles, as Gmail reads dates ("midnight PST"). */
function pacificMidnight(y: number, m: number, d: number): number {
  const utcMidnight = Date.UTC(y, m - 1, d);
  let offsetHours = -8;
  try {
    const name = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Los_Angeles',
      timeZoneName: 'shortOffset',
    })
      .formatToParts(new Date(utcMidnight + 8 * 3600_000))
      .find((p) => p.type === 'timeZoneName')?.value;
    const match = /GMT([+-]\d+)/.exec(name ?? '');
    if (match) offsetHours = Number(match[1]);
  } catch {
    // keep PST
  }
  return utcMidnight - offsetHours * 3600_000;
}

/** after:/before: values in epoch ms: seconds since the epoch, or YYYY/MM/DD (also YYYY-MM-DD, MM/DD/YYYY). */
export function dateBound(value: string): number | null {
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  let m = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/.exec(value);
  let ymd: [number, number, number] | null = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
  if (!ymd) {
    m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
    if (m) ymd = [Number(m[3]), Number(m[1]), Number(m[2])];
  }
  if (!ymd) return null;
  const [y, mo, d] = ymd;
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return null;
  return pacificMidnight(y, mo, d);
}

function relative(value: string, now: number): number {
  const n = Number(value.slice(0, -1));
  const unit = value.slice(-1).toLowerCase();
  if (unit === 'd') return now - n * 86_400_000;
  const d = new Date(now);
  if (unit === 'm') d.setUTCMonth(d.getUTCMonth() - n);
  else d.setUTCFullYear(d.getUTCFullYear() - n);
  return d.getTime();
}

/** Whether the query asks for spam and trash too (in:anywhere, in:spam, in:trash). */
export function reachesSpamTrash(node: QueryNode): boolean {
  if (node.kind === 'term')
    return node.key === 'in' && ['anywhere', 'spam', 'trash'].includes(node.value.toLowerCase());
  if (node.kind === 'not') return false;
  return node.items.some(reachesSpamTrash);
}

const addressMatches = (list: MailAddress[], value: string, account: string) => {
  const v = value.toLowerCase() === 'me' ? account.toLowerCase() : value.toLowerCase();
  return list.some((a) => a.address.toLowerCase().includes(v) || a.name.toLowerCase().includes(v));
};

const bareId = (id: string) => id.trim().replace(/^<|>$/g, '').toLowerCase();

const IN_LABEL: Record<string, string> = {
  inbox: 'INBOX',
  sent: 'SENT',
  spam: 'SPAM',
  trash: 'TRASH',
  draft: 'DRAFT',
  drafts: 'DRAFT',
  starred: 'STARRED',
  important: 'IMPORTANT',
};

export function matches(node: QueryNode, m: MailMessage, now: number): boolean {
  switch (node.kind) {
    case 'and':
      return node.items.every((n) => matches(n, m, now));
    case 'or':
      return node.items.some((n) => matches(n, m, now));
    case 'not':
      return !matches(node.item, m, now);
    case 'term':
      break;
  }
  const value = node.value;
  const lower = value.toLowerCase();
  switch (node.key) {
    case 'from':
      return addressMatches(m.from, value, m.account);
    case 'to':
      return addressMatches(m.to, value, m.account);
    case 'cc':
      return addressMatches(m.cc, value, m.account);
    case 'bcc':
      return addressMatches(m.bcc, value, m.account);
    case 'subject':
      return m.subject.toLowerCase().includes(lower);
    case 'rfc822msgid':
      return m.messageId !== null && bareId(m.messageId) === bareId(value);
    case 'after':
      return m.internalDate >= dateBound(value)!;
    case 'before':
      return m.internalDate < dateBound(value)!;
    case 'newer_than':
      return m.internalDate > relative(value, now);
    case 'older_than':
      return m.internalDate < relative(value, now);
    case 'in':
      return lower === 'anywhere' || m.labelIds.includes(IN_LABEL[lower]);
    case 'is':
      if (lower === 'read') return !m.labelIds.includes('UNREAD');
      return m.labelIds.includes(lower.toUpperCase());
    case 'label':
      return m.labelIds.some((l) => l.toLowerCase() === lower);
    case 'has':
      return m.attachments.length > 0;
    default:
      return false;
  }
}
