/**
 * WCAG 2.5.3 Label in Name, as a check over rendered controls: a control named by `aria-label`
 * or `aria-labelledby` must have a name that contains the words it shows, in order, so that
 * someone who says what they see ("click Buscar contactos") reaches it by voice. What a control shows: its
 * text (outside aria-hidden parts), or an input's placeholder when no <label> shows instead.
 * Controls named by their content or their <label> pass by construction and are not checked.
 */

/** Interactive elements, and MUI chips (labelled text that Tooltip may rename). */
const CONTROLS = [
  'button',
  'a[href]',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  '[role="button"]',
  '[role="link"]',
  '[role="tab"]',
  '[role="menuitem"]',
  '[role="option"]',
  '[role="checkbox"]',
  '[role="switch"]',
  '[role="radio"]',
  '[role="combobox"]',
  '[role="searchbox"]',
  '[role="textbox"]',
  '.MuiChip-root',
].join(',');

/** Words only: lower case, punctuation and spacing folded ('deals...' and 'Deals' match). */
const normalize = (text: string) =>
  text
    .toLocaleLowerCase()
    .replace(/[^\p{L}\p{N}@]+/gu, ' ')
    .trim();
/** Whether `words` appear in `name` as whole words, in order ('ES' is not in 'Español'). */
const containsWords = (name: string, words: string) => ` ${name} `.includes(` ${words} `);

/** The text an element shows, without the parts hidden from assistive technology. */
function shownText(element: Element): string {
  let text = '';
  for (const node of element.childNodes) {
    if (node.nodeType === Node.TEXT_NODE) text += node.textContent ?? '';
    else if (node instanceof Element && node.getAttribute('aria-hidden') !== 'true')
      text += ` ${shownText(node)} `;
  }
  return text;
}

/** The name given by aria-labelledby or aria-label (they win over content), or null. */
function explicitName(element: Element): string | null {
  const ids = element.getAttribute('aria-labelledby');
  if (ids) {
    const document = element.ownerDocument;
    return ids
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
  }
  const label = element.getAttribute('aria-label');
  return label && label.trim() ? label : null;
}

function visibleLabel(element: Element): string {
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
    const labelled = [...(element.labels ?? [])].some((label) => normalize(label.textContent ?? ''));
    return labelled ? '' : element.placeholder;
  }
  return shownText(element);
}

/** Each control under `root` whose explicit name leaves out what it shows: "name ≠ shown". */
export function labelInNameViolations(root: ParentNode): string[] {
  const violations: string[] = [];
  for (const element of root.querySelectorAll(CONTROLS)) {
    const name = explicitName(element);
    const shown = normalize(visibleLabel(element));
    if (name === null || !shown) continue;
    if (!containsWords(normalize(name), shown)) violations.push(`"${name.trim()}" ≠ "${shown}"`);
  }
  return violations;
}
