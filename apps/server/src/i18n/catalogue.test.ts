// Every message the server words for people has its Vietnamese text: the messages are read from the
// source (the texts of BusinessError, the HTTP refusals and the answers' Msg), with `${…}` parts
// filled by a sample, and each must come back translated.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueKeys, normalizeLanguage, translateMessage } from './index';

const SRC = resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'testing' || name === 'cli' ? [] : sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

const STRING = String.raw`'((?:[^'\\]|\\.)*)'|\x60((?:[^\x60\\]|\\.)*)\x60`;
const CALLS = new RegExp(
  String.raw`(?:BusinessError|badRequest|unauthorized|forbidden|notFound)\(\s*(?:${STRING})|new Answer\([^,]+,\s*(?:${STRING})|HttpError\(\s*\d+,\s*[\w.]+,\s*(?:${STRING})|^(?:export )?const [A-Z_]+ =\s*(?:${STRING});`,
  'gm',
);

/** Developer-facing refusals of the protocol (a malformed request), which no page shows. */
const PROTOCOL_ONLY = [
  /^body: /,
  /^Action: /,
  /^DataForm: /,
  /^DefaultValues\./,
  /^IM_ReturnTime: /,
  /^Page: /,
  /^grant_type: /,
  /^Filters\./,
  /^Sorts\./,
  /^Values\./,
  /^RequestData\./,
  /^The (form|request) body is not valid UTF-8/,
  /^The multipart body/,
  /^There is no cache named/,
  /^Usage: /,
  /^PW_/,
  /^\{\{x\}\}/,
];

/** The verbs of `ACTION_WORDS` (resources/service.ts): one message per verb. */
const VERB_PART = `\${ACTION_WORDS[action]}`;
function withVerbs(text: string): string[] {
  if (!text.includes(VERB_PART)) return [text];
  const source = readFileSync(join(SRC, 'modules', 'resources', 'service.ts'), 'utf8');
  const block = /const ACTION_WORDS[^{]*\{([^}]*)\}/.exec(source)?.[1] ?? '';
  const verbs = [...block.matchAll(/:\s*'([^']+)'/g)].map((m) => m[1] as string);
  expect(verbs.length).toBeGreaterThan(5);
  return verbs.map((verb) => text.replace(VERB_PART, verb));
}

function messagesInSource(): string[] {
  const found = new Set<string>();
  for (const file of sourceFiles(SRC)) {
    for (const match of readFileSync(file, 'utf8').matchAll(CALLS)) {
      const given = match.slice(1).find((group) => group !== undefined);
      if (!given) continue;
      for (const text of withVerbs(given)) {
        // A part filled in at run time becomes a sample value.
        const sample = text.replace(/\$\{[^}]*\}/g, '{{x}}').replace(/(\w)\{\{x\}\}/g, '$1s');
        // Sentences only: identifiers, addresses and header values are no messages.
        if (
          !(/[a-z] [a-z]/i.test(sample) || /^[A-Z][a-z]+\.$/.test(sample)) ||
          /^(https?:|public, |max-age)/.test(sample)
        )
          continue;
        if (PROTOCOL_ONLY.some((rule) => rule.test(sample))) continue;
        found.add(sample.replace(/\{\{x\}\}/g, '7').replace(/\\'/g, "'"));
      }
    }
  }
  return [...found].sort();
}

describe('server message catalogues', () => {
  it('finds the messages in the source (the scan itself works)', () => {
    const messages = messagesInSource();
    expect(messages).toContain('This record is locked.');
    expect(messages).toContain('Saved.');
    expect(messages.length).toBeGreaterThan(50);
  });

  it('has a Vietnamese text for every message of the server', () => {
    const untranslated = messagesInSource().filter((text) => translateMessage(text, 'vn') === text);
    expect(untranslated).toEqual([]);
  });

  it('fills the parts given at run time and translates composite validation texts', () => {
    expect(translateMessage('Folders nest at most 4 deep.', 'vn')).toBe(
      'Thư mục chỉ được lồng tối đa 4 cấp.',
    );
    expect(translateMessage('Name: is required; Email: must be an e-mail address', 'vn')).toBe(
      'Name: là bắt buộc; Email: phải là một địa chỉ email',
    );
    expect(translateMessage('Code: must be at most 20 characters', 'vn')).toBe(
      'Code: chỉ được có tối đa 20 ký tự',
    );
    expect(translateMessage('Not in any catalogue', 'vn')).toBe('Not in any catalogue');
    // Data filled into a message stays as it is, even when it reads like a word of ours.
    expect(translateMessage('"Export" already exists in this folder.', 'vn')).toBe(
      '"Export" đã có trong thư mục này.',
    );
    expect(translateMessage('Your role may not delete from Products.', 'vn')).toBe(
      'Vai trò của bạn không được xóa khỏi Products.',
    );
    // The access refusals (issue 11): the sentence translated, the permission's name kept as it is.
    expect(
      translateMessage(
        'Your role may not change Price of Products (permission missing: Products Price edit).',
        'vn',
      ),
    ).toBe('Vai trò của bạn không được thay đổi Price của Products (thiếu quyền: Products Price edit).');
    expect(
      translateMessage(
        'Your role may not change this record of Tasks (permission missing: Tasks all rows).',
        'vn',
      ),
    ).toBe('Vai trò của bạn không được thay đổi bản ghi này của Tasks (thiếu quyền: Tasks all rows).');
    expect(
      translateMessage('Your role may not delete from Products (permission missing: Products Delete).', 'vn'),
    ).toBe('Vai trò của bạn không được xóa khỏi Products (thiếu quyền: Products Delete).');
    expect(translateMessage('The menu of Viewer: nothing.', 'vn')).toBe('Menu của Viewer: không có gì.');
    // Mails too: the reset mail in the account's language, its link untouched.
    const mail = translateMessage(
      'Hello Lan,\n\nOpen this link within 30 minutes to choose a new password:\nhttps://x.test/reset-password/abc\n\nIf you did not ask for it, ignore this message.',
      'vn',
    );
    expect(mail).toContain('Xin chào Lan,');
    expect(mail).toContain('\nhttps://x.test/reset-password/abc\n');
    expect(translateMessage('Saved.', 'en')).toBe('Saved.');
  });

  it('keeps the placeholders of each key in its Vietnamese text', () => {
    const names = (s: string) =>
      [...s.matchAll(/\{\{(\w+)\}\}/g)]
        .map((m) => m[1])
        .sort()
        .join(',');
    const wrong = catalogueKeys('vn').filter((key) => names(key) !== names(translateMessage(key, 'vn')));
    expect(wrong).toEqual([]);
  });

  it('reads vi and vn as Vietnamese and anything else as English', () => {
    expect(normalizeLanguage('vi')).toBe('vn');
    expect(normalizeLanguage('VN')).toBe('vn');
    expect(normalizeLanguage('fr')).toBe('en');
    expect(normalizeLanguage(undefined)).toBe('en');
  });
});
