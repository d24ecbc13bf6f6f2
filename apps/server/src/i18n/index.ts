// The server's messages in the caller's language. Messages are written in English in the code (the
// English wording is the key, as on the web), and `locales/<language>.json` holds the translations,
// with `{{name}}` for the parts filled in at run time ('Folders nest at most {{depth}} deep.').
import type { FastifyInstance, FastifyRequest } from 'fastify';
import en from './locales/en.json' with { type: 'json' };
import vn from './locales/vn.json' with { type: 'json' };

export const MESSAGE_LANGUAGES = ['en', 'vn'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

/** vi shares vn; anything unknown is English (as on the web). */
export function normalizeLanguage(code: unknown): MessageLanguage {
  const lower = typeof code === 'string' ? code.trim().toLowerCase() : '';
  return lower === 'vn' || lower === 'vi' || lower.startsWith('vi-') ? 'vn' : 'en';
}

type Template = { pattern: RegExp; names: string[]; text: string };
type Catalogue = { exact: Map<string, string>; templates: Template[] };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(entries: Record<string, string>): Catalogue {
  const exact = new Map<string, string>();
  const templates: Template[] = [];
  for (const [key, text] of Object.entries(entries)) {
    if (!text) continue;
    exact.set(key, text);
    const names = [...key.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] as string);
    if (names.length === 0) continue;
    const source = key
      .split(/\{\{\w+\}\}/)
      .map(escapeRegExp)
      .join('([\\s\\S]+?)');
    templates.push({ pattern: new RegExp(`^${source}$`), names, text });
  }
  // The longest literal first: 'The password must be at least {{n}} characters long.' before '{{field}}: {{rule}}'.
  templates.sort((a, b) => b.pattern.source.length - a.pattern.source.length);
  return { exact, templates };
}

const CATALOGUES: Record<MessageLanguage, Catalogue> = {
  en: compile(en as Record<string, string>),
  vn: compile(vn as Record<string, string>),
};

/** Every key of a language's catalogue (for the coverage test). */
export function catalogueKeys(language: MessageLanguage): string[] {
  return [...CATALOGUES[language].exact.keys()];
}

function translateIn(catalogue: Catalogue, text: string, depth: number): string {
  const exact = catalogue.exact.get(text);
  if (exact !== undefined) return exact;
  if (depth > 3) return text;
  for (const template of catalogue.templates) {
    const match = template.pattern.exec(text);
    if (!match) continue;
    const values = new Map(template.names.map((name, i) => [name, match[i + 1] ?? '']));
    // A part filled in at run time may itself be a phrase of ours (a verb such as 'delete from', in
    // lower case); names, numbers and data stay as they are.
    return template.text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
      const value = values.get(name) ?? '';
      return /^\p{Ll}/u.test(value) ? translateIn(catalogue, value, depth + 1) : value;
    });
  }
  // A validation description lists several `Field: rule` parts.
  if (text.includes('; '))
    return text
      .split('; ')
      .map((part) => translateIn(catalogue, part, depth + 1))
      .join('; ');
  const field = /^([\w.[\]-]+): ([\s\S]+)$/.exec(text);
  if (field) return `${field[1]}: ${translateIn(catalogue, field[2] as string, depth + 1)}`;
  return text;
}

/** A message of the server in `language`; English (the text itself) when it has no translation. */
export function translateMessage(text: string, language: MessageLanguage): string {
  if (language === 'en' || text === '') return text;
  return translateIn(CATALOGUES[language], text, 0);
}

/**
 * The caller's language: `UI_Language` of the body or the query (the client adds it to every POST),
 * else the signed-in user's `language_code`, else English.
 */
export function requestLanguage(request: FastifyRequest): MessageLanguage {
  const body = request.body as Record<string, unknown> | undefined | null;
  const query = request.query as Record<string, unknown> | undefined | null;
  const given =
    (body && typeof body === 'object' && !Array.isArray(body) ? body.UI_Language : undefined) ??
    (query && typeof query === 'object' ? query.UI_Language : undefined) ??
    request.headers['x-ui-language'];
  if (typeof given === 'string' && given.trim() !== '') return normalizeLanguage(given);
  return normalizeLanguage(request.auth?.user.languageCode);
}

/** Translates the messages of an answer in place: the envelope's Msg, Data.Msg, and error_description. */
export function localizeAnswer(payload: unknown, language: MessageLanguage): unknown {
  if (language === 'en' || !payload || typeof payload !== 'object' || Array.isArray(payload)) return payload;
  const record = payload as Record<string, unknown>;
  if (typeof record.Msg === 'string') record.Msg = translateMessage(record.Msg, language);
  if (typeof record.error_description === 'string')
    record.error_description = translateMessage(record.error_description, language);
  const data = record.Data;
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    const inner = data as Record<string, unknown>;
    for (const field of ['Msg', 'Message_IsNeedChangePass', 'Reason'] as const)
      if (typeof inner[field] === 'string') inner[field] = translateMessage(inner[field] as string, language);
  }
  return payload;
}

/** Every object answer (envelopes and error bodies alike) leaves in the caller's language. */
export function registerMessageLanguage(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, _reply, payload) =>
    localizeAnswer(payload, requestLanguage(request)),
  );
}
