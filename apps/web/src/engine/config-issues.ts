/** A reason in words as a key of the texts, with the values it names (`must be at most {{count}} characters`). */
export type IssueWords = { text: string; values?: Record<string, string> };

/**
 * The contract's reasons name numbers inside their wording ("must be at most 200 characters"); as a
 * text key the number becomes a value, so that one translation serves every length.
 */
const COUNTED: readonly [RegExp, string][] = [
  [/^must be at most (\d+) characters?$/, 'must be at most {{count}} characters'],
  [/^must be at least (\d+) characters?$/, 'must be at least {{count}} characters'],
  [/^must have at most (\d+) items?$/, 'must have at most {{count}} items'],
];

/** A reason of the configuration's rules as a text to translate. */
export function issueWords(message: string): IssueWords {
  for (const [pattern, text] of COUNTED) {
    const match = pattern.exec(message);
    if (match?.[1]) return { text, values: { count: match[1] } };
  }
  return { text: message };
}

/**
 * The first reason for each field of a form, from issues whose path starts at the form's object
 * (`['url']` → `url`); issues deeper in a list (a child entry) are left out: the form does not show them.
 */
export function issuesByField(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const issue of issues) {
    const [field] = issue.path;
    if (typeof field !== 'string' || issue.path.length !== 1 || field in byField) continue;
    byField[field] = issue.message;
  }
  return byField;
}

/**
 * The field a server issue names, when it is about the entry at `at` (`menus.side.1.children.0.url`
 * with at `menus.side.1.children.0` → `url`); null when it is about something else.
 */
export function fieldOfIssuePath(path: string, at: string): string | null {
  if (!path.startsWith(`${at}.`)) return null;
  const rest = path.slice(at.length + 1);
  return rest.includes('.') ? null : rest;
}
