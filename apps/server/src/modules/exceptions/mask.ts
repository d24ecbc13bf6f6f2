/** What replaces a secret. */
export const MASK = '***';

/** Names of fields whose values are secrets, wherever they appear (JSON keys, form fields, headers). */
const NAME = String.raw`[\w.-]*(?:password|passwd|pwd|secret|token|authorization|api[_-]?key|cookie|session[_-]?id|credential|private[_-]?key)[\w.-]*`;
const SECRET_KEY = new RegExp(`^${NAME}$`, 'i');

/** A JSON string's content: anything but a quote or a backslash, or an escape. */
const JSON_STRING = String.raw`"(?:[^"\\]|\\.)*"`;
/** The same string inside another JSON string, where its quotes read \" and its backslashes \\. */
const ESCAPED_JSON_STRING = String.raw`\\"(?:\\\\(?:\\\\|\\"|\\[^"\\]|[^\\])|\\[^"\\]|[^"\\])*\\"`;

const TEXT_RULES: [RegExp, (...groups: string[]) => string][] = [
  // "password": "…" in JSON text.
  [new RegExp(String.raw`("${NAME}"\s*:\s*)${JSON_STRING}`, 'gi'), (_, key) => `${key}"${MASK}"`],
  // \"password\": \"…\" in JSON text held in a string of other JSON text.
  [
    new RegExp(String.raw`(\\"${NAME}\\"\s*:\s*)${ESCAPED_JSON_STRING}`, 'gi'),
    (_, key) => `${key}\\"${MASK}\\"`,
  ],
  // "pin_token": 123456 and other values that are not strings.
  [new RegExp(String.raw`("${NAME}"\s*:\s*)(?![\s"\\])[^,}\]\s]+`, 'gi'), (_, key) => `${key}"${MASK}"`],
  // Authorization: Bearer … (a header line), keeping the scheme.
  [
    /(\bauthorization\s*:\s*)(?:(bearer|basic|digest|token)\s+)?[^\s,;"'}]+/gi,
    (_, key, scheme) => `${key}${scheme ? `${scheme} ` : ''}${MASK}`,
  ],
  // password=… in form-urlencoded text or a query string.
  [new RegExp(String.raw`((?:^|[?&;\s])${NAME}=)[^&;\s#"]*`, 'gi'), (_, key) => `${key}${MASK}`],
  // A bearer token or a JWT anywhere else.
  [/\b(bearer\s+)(?!\*\*\*)[A-Za-z0-9._~+/-]+=*/gi, (_, scheme) => `${scheme}${MASK}`],
  [/\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g, () => MASK],
];

/** Masks secrets in free text: JSON text, form text, header lines, bare tokens. */
export function maskText(text: string): string {
  let masked = text;
  for (const [pattern, replace] of TEXT_RULES) {
    masked = masked.replace(pattern, (...args) => replace(...(args as string[])));
  }
  return masked;
}

function maskValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return depth > 20 ? maskText(value) : maskSecretsAt(value, depth + 1);
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => maskValue(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) && item !== null && item !== '' ? MASK : maskValue(item, depth + 1);
  }
  return out;
}

function maskSecretsAt(text: string, depth: number): string {
  const trimmed = text.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      return maskText(text);
    }
    return JSON.stringify(maskValue(parsed, depth));
  }
  return maskText(text);
}

/**
 * Masks the secrets a client's error report may carry before it is stored. JSON is walked key by key,
 * and its strings (which may be JSON or form text themselves) are masked in turn; anything else, or
 * JSON cut short, is masked as text.
 */
export function maskSecrets(text: string): string {
  return maskSecretsAt(text, 0);
}
