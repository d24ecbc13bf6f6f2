/** A table row or form values as the server sends them. */
export type Row = Record<string, unknown>;

/** An inline style object (React's `CSSProperties` without the React import). */
export type Style = Record<string, string | number>;

/** "Has a value" in the sense of column-options.md: anything but null and undefined. */
export function hasValue(value: unknown): boolean {
  return value !== null && value !== undefined;
}

/** Flags from rows arrive as booleans, 0/1 or their text forms; these four mean true. */
export function isTrueFlag(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

/** The false counterparts of `isTrueFlag`; null and undefined are neither true nor false. */
export function isFalseFlag(value: unknown): boolean {
  return value === false || value === 0 || value === '0' || value === 'false';
}

/** Truthy as a row flag: JavaScript truthiness, except that the texts '0' and 'false' are false. */
export function isTruthyFlag(value: unknown): boolean {
  return Boolean(value) && !isFalseFlag(value);
}

/** Empty as a field value: null, undefined, blank text or an empty list. */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** The text form of a value for comparisons and templates: null and undefined become ''. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Whether two field values are the same for an update or a condition. Inputs hand back text while
 * rows hold numbers, so values are compared by their text form (5 and '5' are the same; null, undefined
 * and '' are the same).
 */
export function sameValue(a: unknown, b: unknown): boolean {
  return valueText(a) === valueText(b);
}

/** A comma list: split on commas, trimmed, empties dropped. An array is taken item by item. */
export function splitCommaList(list: unknown, separator = ','): string[] {
  if (Array.isArray(list)) return list.map((item) => valueText(item).trim()).filter((item) => item !== '');
  if (typeof list === 'number') return [String(list)];
  if (typeof list !== 'string') return [];
  return list
    .split(separator)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/**
 * The value of a plain option and its row-field twin: the row's field wins when the row has a value
 * for it, otherwise the plain option applies.
 */
export function rowFieldOr<T>(row: Row, fieldName: unknown, plain: T): unknown {
  if (typeof fieldName === 'string' && fieldName !== '' && hasValue(row[fieldName])) return row[fieldName];
  return plain;
}

const TEMPLATE_FIELD = /\[([^[\]]+)\]/g;

/**
 * Fills `[FieldName]` with the row's value of that field; an unknown field gives ''. Inside urls the
 * values are URL-encoded so that a value cannot change the url's structure.
 */
export function fillTemplate(template: string, row: Row, options: { encode?: boolean } = {}): string {
  return template.replace(TEMPLATE_FIELD, (_whole, fieldName: string) => {
    const text = valueText(row[fieldName.trim()]);
    return options.encode ? encodeURIComponent(text) : text;
  });
}

/** Fills a url template: values URL-encoded. */
export function fillUrlTemplate(template: string, row: Row): string {
  return fillTemplate(template, row, { encode: true });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses JSON text, or gives undefined; never throws. */
export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** An object given as an object or as JSON text of one; anything else gives undefined. */
export function readObject(value: unknown): Record<string, unknown> | undefined {
  if (isPlainObject(value)) return value;
  if (typeof value === 'string' && value.trim().startsWith('{')) {
    const parsed = parseJsonText(value);
    return isPlainObject(parsed) ? parsed : undefined;
  }
  return undefined;
}

const cssPropertyName = (name: string) =>
  name.trim().startsWith('--')
    ? name.trim()
    : name.trim().replace(/-([a-z])/g, (_m, letter: string) => letter.toUpperCase());

/**
 * A style given as an object, as JSON text of one, or as CSS declarations ("color: red; width: 10px").
 * Entries that are not text or numbers are dropped, so a bad configuration cannot inject objects.
 */
export function readStyle(value: unknown): Style {
  const style: Style = {};
  const object = readObject(value);
  if (object) {
    for (const [key, entry] of Object.entries(object)) {
      if (typeof entry === 'string' || typeof entry === 'number') style[key] = entry;
    }
    return style;
  }
  if (typeof value !== 'string') return style;
  for (const declaration of value.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon <= 0) continue;
    const name = cssPropertyName(declaration.slice(0, colon));
    const entry = declaration.slice(colon + 1).trim();
    if (name && entry) style[name] = entry;
  }
  return style;
}

/** A text option, or undefined when the option is missing or not text. */
export function readText(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A map of texts (`colorByValue`, `iconByValue`), or an empty map. */
export function readTextMap(value: unknown): Record<string, string> {
  const map: Record<string, string> = {};
  const object = readObject(value);
  if (!object) return map;
  for (const [key, entry] of Object.entries(object)) {
    if (typeof entry === 'string') map[key] = entry;
  }
  return map;
}

/** Joins class names, dropping empties. A loop: every cell of a table joins its classes on each draw. */
export function joinClassNames(...names: unknown[]): string {
  let joined = '';
  for (const name of names) {
    if (typeof name !== 'string' && typeof name !== 'number') continue;
    const text = typeof name === 'string' ? name.trim() : String(name);
    if (text === '') continue;
    joined = joined === '' ? text : `${joined} ${text}`;
  }
  return joined;
}
