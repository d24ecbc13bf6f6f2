// Every visible text of the product exists in both languages, in a namespace the component that
// shows it actually reads. The English wording is the key; a component reads the namespaces of its
// `useTranslation([...])` call (a screen's own code first, which has no file of the product), and
// `common` after them (fallbackNS). Parts that get their `t` from a parent read the parent's:
// cells and the table's parts read the table screen's ['table', 'common'], the studio's parts the
// studio's ['studio', 'common'].
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = resolve(import.meta.dirname, '..', 'apps', 'web');
const SRC = join(WEB, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const unescapeKey = (text: string) => text.replace(/\\n/g, '\n').replace(/\\'/g, "'");

/** Literal keys of t('...') calls, the values of exported `*_TEXTS`/`*_TEMPLATES` objects, and labels. */
function textsIn(source: string): string[] {
  const keys = new Set<string>();
  for (const match of source.matchAll(/\bt\(\s*'((?:[^'\\]|\\.)*)'/g)) keys.add(unescapeKey(match[1]!));
  for (const block of source.matchAll(/export const \w+_(?:TEXTS|TEMPLATES) = \{([\s\S]*?)\} as const;/g)) {
    for (const value of block[1]!.matchAll(/:\s*'((?:[^'\\]|\\.)*)'/g)) keys.add(unescapeKey(value[1]!));
  }
  // Labels and titles of form field lists and tab lists are translated where they are shown.
  for (const match of source.matchAll(/\b(?:label|title|FA2MethodName|OTPDescription): '((?:[^'\\]|\\.)*)'/g))
    keys.add(match[1]!);
  return [...keys];
}

/** The namespaces whose files a source file's texts are looked up in. */
function namespacesOf(path: string, source: string): string[] {
  const namespaces = new Set<string>(['common']);
  for (const call of source.matchAll(/useTranslation\(([^)]*)\)/g)) {
    for (const literal of call[1]!.matchAll(/'([\w-]+)'/g)) namespaces.add(literal[1]!);
  }
  for (const option of source.matchAll(/\bns:\s*'([\w-]+)'/g)) namespaces.add(option[1]!);
  const where = relative(SRC, path).replaceAll('\\', '/');
  if (where.startsWith('cells/') || where.startsWith('renderers/table/')) namespaces.add('table');
  // The studio's pages all read ['studio', 'common']; its registries are translated where shown.
  if (where.startsWith('features/studio/')) namespaces.add('studio');
  return [...namespaces];
}

function readNamespaces(language: string): Map<string, Record<string, string>> {
  const dir = join(WEB, 'public', 'locales', language);
  return new Map(
    readdirSync(dir).map((file) => [
      file.replace(/\.json$/, ''),
      JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, string>,
    ]),
  );
}

// Developer pages exist only in development builds and are for developers: not translated.
const productFiles = () => sourceFiles(SRC).filter((f) => !f.includes('dev-pages'));

describe('translations', () => {
  it('has the same files for both languages', () => {
    expect(readdirSync(join(WEB, 'public', 'locales', 'vn')).sort()).toEqual(
      readdirSync(join(WEB, 'public', 'locales', 'en')).sort(),
    );
  });

  it('reads the namespaces of a component as the product does', () => {
    const file = join(SRC, 'renderers', 'form', 'x.tsx');
    expect(
      namespacesOf(file, "const { t } = useTranslation([given.screenCode, 'forms', 'common']);"),
    ).toEqual(['common', 'forms']);
    expect(namespacesOf(join(SRC, 'cells', 'x.tsx'), 'actions.t(x)')).toEqual(['common', 'table']);
  });

  it('has a Vietnamese text for every text of the web app in a namespace its component reads', () => {
    const vn = readNamespaces('vn');
    const missing: string[] = [];
    for (const file of productFiles()) {
      const source = readFileSync(file, 'utf8');
      const namespaces = namespacesOf(file, source);
      for (const key of textsIn(source)) {
        if (!namespaces.some((ns) => vn.get(ns)?.[key] !== undefined))
          missing.push(`${relative(SRC, file)} [${namespaces.join(', ')}]: ${key}`);
      }
    }
    expect(missing.sort()).toEqual([]);
  });

  it('has a Vietnamese text for every text of the shipped screen configuration (the screens file)', () => {
    const screens = readNamespaces('vn').get('screens') ?? {};
    const seeds = [
      ...sourceFiles(join(WEB, '..', 'server', 'src', 'seed')),
      ...sourceFiles(join(WEB, '..', 'server', 'src', 'modules', 'resources', 'declarations')),
    ];
    const texts = new Set<string>();
    for (const file of seeds) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(
        /\b(?:header|label|title|Title|placeHolder|tooltip|confirmMsg|Text): '((?:[^'\\]|\\.)*)'/g,
      ))
        if (match[1]) texts.add(unescapeKey(match[1]));
    }
    expect(texts.size).toBeGreaterThan(100);
    expect([...texts].filter((text) => screens[text] === undefined).sort()).toEqual([]);
  });

  it('keeps the Vietnamese placeholders of each text', () => {
    const names = (s: string) =>
      [...s.matchAll(/\{\{(\w+)\}\}/g)]
        .map((m) => m[1])
        .sort()
        .join(',');
    const wrong: string[] = [];
    for (const [ns, texts] of readNamespaces('vn')) {
      for (const [en, text] of Object.entries(texts))
        if (names(en) !== names(text)) wrong.push(`${ns}: ${en}`);
    }
    expect(wrong).toEqual([]);
  });
});
