// Every visible text of the product exists in both languages: the English wording is the key and one
// of the files of `locales/vn/` (common.json, or the namespace of a part such as table.json) must
// translate each one found in the source.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = resolve(import.meta.dirname, '..', 'apps', 'web');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Literal keys of t('...') calls and the values of exported `*_TEXTS` objects. */
function textsIn(source: string): string[] {
  const keys = new Set<string>();
  for (const match of source.matchAll(/\bt\(\s*'((?:[^'\\]|\\.)*)'/g))
    keys.add(match[1]!.replace(/\\n/g, '\n').replace(/\\'/g, "'"));
  for (const block of source.matchAll(/export const \w+_TEXTS = \{([\s\S]*?)\} as const;/g)) {
    for (const value of block[1]!.matchAll(/:\s*'((?:[^'\\]|\\.)*)'/g))
      keys.add(value[1]!.replace(/\\n/g, '\n').replace(/\\'/g, "'"));
  }
  // Labels and titles of form field lists and tab lists are translated where they are shown.
  for (const match of source.matchAll(/\b(?:label|title|FA2MethodName|OTPDescription): '((?:[^'\\]|\\.)*)'/g))
    keys.add(match[1]!);
  return [...keys];
}

/** Every Vietnamese text of every namespace file. */
function vnTexts(): Record<string, string> {
  const dir = join(WEB, 'public', 'locales', 'vn');
  return Object.assign(
    {},
    ...readdirSync(dir).map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8'))),
  );
}

describe('translations', () => {
  it('has the same files for both languages', () => {
    expect(readdirSync(join(WEB, 'public', 'locales', 'vn')).sort()).toEqual(
      readdirSync(join(WEB, 'public', 'locales', 'en')).sort(),
    );
  });

  it('has a Vietnamese text for every text of the web app', () => {
    const vn = vnTexts();
    const missing = new Set<string>();
    // Developer pages exist only in development builds and are for developers: not translated.
    for (const file of sourceFiles(join(WEB, 'src')).filter((f) => !f.includes('dev-pages'))) {
      for (const key of textsIn(readFileSync(file, 'utf8'))) {
        if (!(key in vn)) missing.add(key);
      }
    }
    expect([...missing].sort()).toEqual([]);
  });

  it('keeps the Vietnamese placeholders of each text', () => {
    const vn = vnTexts();
    const wrong = Object.entries(vn).filter(([en, text]) => {
      const names = (s: string) =>
        [...s.matchAll(/\{\{(\w+)\}\}/g)]
          .map((m) => m[1])
          .sort()
          .join(',');
      return names(en) !== names(text);
    });
    expect(wrong).toEqual([]);
  });
});
