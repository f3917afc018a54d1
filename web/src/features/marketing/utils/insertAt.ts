/**
 * `text` with `insert` placed at `cursor` (the end when unknown), and where the cursor lands
 * after it. A space is added before it when it would stick to a word.
 */
export function insertAt(
  text: string,
  insert: string,
  cursor: number | null,
): { text: string; cursor: number } {
  const at = cursor === null ? text.length : Math.max(0, Math.min(cursor, text.length));
  const before = text.slice(0, at);
  const glue = before && !/\s$/.test(before) ? ' ' : '';
  const next = `${before}${glue}${insert}${text.slice(at)}`;
  return { text: next, cursor: at + glue.length + insert.length };
}
