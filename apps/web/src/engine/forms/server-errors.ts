import { fillText, type Translate } from '../api-rules';
/** What a refused submit tells the form: messages for its fields, and the rest for everyone. */
export type ServerFieldErrors = {
  /** By field name: the server's rule, e.g. 'must be at least 0'. */
  fields: Record<string, string>;
  /** Parts that name no field of the form. */
  general: string[];
};

const PART = /^([A-Za-z_][\w.[\]]*):\s*(.+)$/s;

/**
 * Reads a 400's `error_description` ("Price: must be at least 0; DataForm.Name: is required") into
 * messages on the form's fields. A path names its field by its last segment ('DataForm.Price' is
 * Price); a name is matched exactly, else ignoring case. Parts naming no field stay general.
 */
export function readServerFieldErrors(description: string, fieldNames: readonly string[]): ServerFieldErrors {
  const result: ServerFieldErrors = { fields: {}, general: [] };
  const lower = new Map(fieldNames.map((name) => [name.toLowerCase(), name]));
  for (const part of description.split(/;\s+/)) {
    const text = part.trim();
    if (text === '') continue;
    const match = PART.exec(text);
    const segment =
      match?.[1]
        ?.split('.')
        .pop()
        ?.replace(/\[\d+\]$/, '') ?? '';
    const field = fieldNames.includes(segment) ? segment : lower.get(segment.toLowerCase());
    if (match?.[2] && field) {
      result.fields[field] = result.fields[field] ? `${result.fields[field]}; ${match[2]}` : match[2];
    } else {
      result.general.push(text);
    }
  }
  return result;
}

/**
 * A field's message as a sentence: a server rule ("must be at least 0", "is required") follows the
 * field's label ("Unit price must be at least 0."); a message that is a sentence already stays.
 */
export function fieldMessage(label: string, rule: string, t: Translate = fillText): string {
  const text = rule.trim();
  if (!/^\p{Ll}/u.test(text)) return text;
  // A sentence assembled at run time is a translation key with parameters.
  return /[.!?]$/.test(text)
    ? t('{{label}} {{rule}}', { label, rule: text })
    : t('{{label}} {{rule}}.', { label, rule: text });
}
