/**
 * The @mention being typed in a comment: the word after an `@` that the caret is in (an `@` at the
 * start or after a space or an opening bracket, so that an e-mail address is not one), or null.
 */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|[\s([{])@([\p{L}\p{N}_.-]{0,64})$/u.exec(before);
  if (!match) return null;
  const query = match[2] ?? '';
  return { start: caret - query.length - 1, query };
}

/** The text with the mention being typed (from `start` to the caret) replaced by `@username `. */
export function insertMention(
  text: string,
  start: number,
  caret: number,
  username: string,
): { text: string; caret: number } {
  const inserted = `@${username} `;
  const rest = text
    .slice(caret)
    .replace(/^[\p{L}\p{N}_.-]*/u, '')
    .replace(/^ /, '');
  return { text: `${text.slice(0, start)}${inserted}${rest}`, caret: start + inserted.length };
}

/** A comment's text in parts: plain text, and the mentions of the users it mentioned (to draw apart). */
export function commentParts(
  body: string,
  mentioned: readonly string[],
): { text: string; mention: boolean }[] {
  const names = new Set(mentioned.map((name) => name.toLowerCase()));
  const parts: { text: string; mention: boolean }[] = [];
  let last = 0;
  for (const match of body.matchAll(/(^|[^\w@.])@([\p{L}\p{N}_.-]{1,64})/gu)) {
    const name = (match[2] ?? '').replace(/[.-]+$/, '');
    if (!names.has(name.toLowerCase())) continue;
    const at = (match.index ?? 0) + (match[1] ?? '').length;
    if (at > last) parts.push({ text: body.slice(last, at), mention: false });
    parts.push({ text: `@${name}`, mention: true });
    last = at + name.length + 1;
  }
  if (last < body.length) parts.push({ text: body.slice(last), mention: false });
  return parts;
}
