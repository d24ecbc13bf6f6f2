/**
 * The audit screen's "Field: old → new; …" text of an entry's `details`, exactly as the database's
 * `audit_changes_text(details)` (migration 0010) reads the same details once stored as jsonb. The
 * server writes it with the entry (migration 0026): computed by the database as a generated column,
 * it was half the cost of an audit row, and an import writes one per record.
 *
 * "Exactly" means the text of a value as `jsonb ->> key` gives it: a string as itself; a number as
 * PostgreSQL's numeric prints it (never an exponent); an object's keys in jsonb's order (shorter
 * first, then by their bytes) with `": "` and `", "` between; JSON's null as no value (∅). Values
 * are first what `JSON.stringify` makes of them, since that is how the details reach the database.
 */
export function auditChangesText(details: unknown): string | null {
  const stored = plainValue(details);
  if (!isObject(stored)) return null;
  const changes = plainValue(stored.changes);
  if (!Array.isArray(changes) || changes.length === 0) return null;
  let text = '';
  for (const change of changes) {
    const entry = plainValue(change);
    text += `${text ? '; ' : ''}${memberText(entry, 'field') ?? '?'}: ${memberText(entry, 'old') ?? '∅'} → ${memberText(entry, 'new') ?? '∅'}`;
  }
  return text;
}

/** A change's member as `->>` reads it; null where the change is no object. */
function memberText(entry: unknown, key: string): string | null {
  return isObject(entry) ? scalarText(entry[key]) : null;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isObject(value: unknown): value is { [key: string]: unknown } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The value `JSON.stringify` writes for `value` (its `toJSON`, no undefined or function members,
 * non-finite numbers as null), without printing and parsing it again.
 */
function asJson(value: unknown, inArray = false): Json | undefined {
  const plain = plainValue(value);
  if (plain === null) return null;
  switch (typeof plain) {
    case 'string':
    case 'boolean':
      return plain;
    case 'number':
      return Number.isFinite(plain) ? plain : null;
    case 'object': {
      if (Array.isArray(plain)) return plain.map((item) => asJson(item, true) ?? null);
      // No prototype: a member named "__proto__" is a member like any other.
      const members: { [key: string]: Json } = Object.create(null);
      for (const [key, member] of Object.entries(plain)) {
        const json = asJson(member);
        if (json !== undefined) members[key] = json;
      }
      return members;
    }
    default:
      // undefined, functions and symbols: left out of objects, null inside arrays.
      return inArray ? null : undefined;
  }
}

/** `jsonb ->> key`: a string unquoted, JSON's null (or no member) as SQL's NULL, the rest as jsonb prints it. */
function scalarText(value: unknown): string | null {
  // Most changes hold text: no conversion needed.
  if (typeof value === 'string') return value;
  const json = asJson(value);
  if (json === undefined || json === null) return null;
  return typeof json === 'string' ? json : jsonbText(json);
}

/** What JSON.stringify reads of a value before writing it: its `toJSON`, if it has one. */
function plainValue(value: unknown): unknown {
  return typeof value === 'object' &&
    value !== null &&
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
    ? (value as { toJSON: () => unknown }).toJSON()
    : value;
}

/** jsonb's own text of a value (`jsonb::text`). */
function jsonbText(value: Json): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return numericText(value);
  if (Array.isArray(value)) return `[${value.map(jsonbText).join(', ')}]`;
  const keys = Object.keys(value).sort(jsonbKeyOrder);
  return `{${keys.map((key) => `${JSON.stringify(key)}: ${jsonbText(value[key] as Json)}`).join(', ')}}`;
}

const utf8 = new TextEncoder();

/** jsonb stores an object's keys shorter first (in bytes), then by their bytes. */
function jsonbKeyOrder(a: string, b: string): number {
  // ASCII keys (the usual): their bytes are their characters.
  if (isAscii(a) && isAscii(b))
    return a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0;
  const left = utf8.encode(a);
  const right = utf8.encode(b);
  if (left.length !== right.length) return left.length - right.length;
  for (let i = 0; i < left.length; i++)
    if (left[i] !== right[i]) return (left[i] as number) - (right[i] as number);
  return 0;
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/**
 * A JSON number as PostgreSQL's numeric prints it: JavaScript's shortest text, written out in
 * full where JavaScript would use an exponent (1e+21 → 1000000000000000000000, 1.5e-7 → 0.00000015).
 */
export function numericText(value: number): string {
  // JSON.stringify writes -0 as 0.
  const text = Object.is(value, -0) ? '0' : String(value);
  const exponentAt = text.indexOf('e');
  if (exponentAt < 0) return text;
  const negative = text.startsWith('-');
  const mantissa = text.slice(negative ? 1 : 0, exponentAt);
  const exponent = Number(text.slice(exponentAt + 1));
  const [whole = '', fraction = ''] = mantissa.split('.');
  const digits = whole + fraction;
  const point = whole.length + exponent;
  const written =
    point <= 0
      ? `0.${'0'.repeat(-point)}${digits}`
      : point >= digits.length
        ? digits + '0'.repeat(point - digits.length)
        : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return negative ? `-${written}` : written;
}
