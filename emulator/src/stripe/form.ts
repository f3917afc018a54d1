/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` with bracketed keys, as stripe-node
 * (and curl users) send it — `metadata[orgId]=o1`, `line_items[0][price]=price_x`, `expand[]=customer`.
 * The same parser reads query strings (stripe-node puts GET and DELETE parameters there).
 *
 *   parseForm('a[b][0][c]=x&a[b][1][c]=y&e[]=1&e[]=2') // { a: { b: [{ c: 'x' }, { c: 'y' }] }, e: ['1', '2'] }
 *
 * Values stay strings (an empty value stays `''`, which Stripe reads as "unset"); containers whose
 * keys are all array indices become arrays in index order.
 */

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

export class FormError extends Error {}

/** Splits `a[b][0][]` into `['a', 'b', '0', '']`. */
export function splitKey(key: string): string[] {
  const open = key.indexOf('[');
  if (open === -1) return [key];
  const parts = [key.slice(0, open)];
  let rest = key.slice(open);
  while (rest.length > 0) {
    const m = /^\[([^\]]*)\]/.exec(rest);
    if (!m) throw new FormError(`Invalid parameter name: ${key}`);
    parts.push(m[1]);
    rest = rest.slice(m[0].length);
  }
  return parts;
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    throw new FormError(`Invalid URL encoding: ${s}`);
  }
}

type Node = { entries: Map<string, Node | string> };

const isIndex = (k: string) => /^(0|[1-9]\d{0,5})$/.test(k);

function toValue(node: Node | string, root = false): FormValue {
  if (typeof node === 'string') return node;
  const keys = [...node.entries.keys()];
  if (!root && keys.length > 0 && keys.every(isIndex)) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((i) => toValue(node.entries.get(String(i))!));
  }
  const out: FormObject = {};
  for (const [k, v] of node.entries) out[k] = toValue(v);
  return out;
}

/** Parses a form body or query string (without the leading `?`). */
export function parseForm(text: string): FormObject {
  const root: Node = { entries: new Map() };
  if (!text) return {};
  for (const pair of text.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const rawKey = decode(eq === -1 ? pair : pair.slice(0, eq));
    const value = eq === -1 ? '' : decode(pair.slice(eq + 1));
    const path = splitKey(rawKey);
    if (!path[0]) throw new FormError(`Invalid parameter name: ${rawKey}`);
    let node = root;
    for (let i = 0; i < path.length; i++) {
      let seg = path[i];
      if (seg === '') seg = String(node.entries.size); // `a[]=x` appends
      const last = i === path.length - 1;
      const existing = node.entries.get(seg);
      if (last) {
        if (existing !== undefined && typeof existing !== 'string')
          throw new FormError(`Invalid array or hash for parameter ${rawKey}`);
        node.entries.set(seg, value);
      } else {
        if (typeof existing === 'string')
          throw new FormError(`Invalid array or hash for parameter ${rawKey}`);
        let child = existing;
        if (!child) {
          child = { entries: new Map() };
          node.entries.set(seg, child);
        }
        node = child;
      }
    }
  }
  return toValue(root, true) as FormObject;
}
