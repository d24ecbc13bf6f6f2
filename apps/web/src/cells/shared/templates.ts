import { fillTemplate, hasValue, type Row, readObject } from '../../engine/values';

const WHOLE = /^\[([^[\]]+)\]$/;

/**
 * Fills `[Field]` placeholders of an object's text values from the row; a value that is one
 * placeholder keeps the field's own type (as the engine does for an api config's `query`).
 */
export function fillObjectTemplates(value: unknown, row: Row): Record<string, unknown> {
  const object = readObject(value) ?? {};
  const filled: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(object)) {
    if (typeof entry !== 'string') {
      filled[key] = entry;
      continue;
    }
    const whole = WHOLE.exec(entry.trim());
    const field = whole?.[1]?.trim();
    filled[key] = field ? (hasValue(row[field]) ? row[field] : '') : fillTemplate(entry, row);
  }
  return filled;
}
