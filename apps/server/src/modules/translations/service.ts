import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { KeyedCache } from '../../lib/cache';
import type { ConfigurationService } from '../configuration/service';

/** The languages the product speaks; `vi` is `vn`. */
export const TEXT_LANGUAGES = ['en', 'vn'] as const;
export type TextLanguage = (typeof TEXT_LANGUAGES)[number];

/** `vn` for vi or vn, `en`, else null (no such language). */
export function textLanguage(code: string): TextLanguage | null {
  const lower = code.toLowerCase();
  if (lower === 'vi' || lower === 'vn') return 'vn';
  return lower === 'en' ? 'en' : null;
}

/** A namespace as files name it: each screen's code is one, so only safe names get this far. */
export const NAMESPACE_PATTERN = /^[\w-]{1,64}$/;

/**
 * The language files the web app loads: the shipped texts of the build with the configuration's
 * texts over them (the studio's translations). A namespace the build has no file for is the
 * configuration's texts alone, or an empty set.
 */
export class TranslationService {
  /** The build's files, read once: they change only with a new build. */
  private readonly shipped = new KeyedCache<string, Record<string, string>>(Number.POSITIVE_INFINITY);

  constructor(
    private readonly distDir: string | null,
    private readonly configuration: ConfigurationService,
  ) {}

  private shippedTexts(language: TextLanguage, namespace: string): Promise<Record<string, string>> {
    return this.shipped.get(`${language}/${namespace}`, async () => {
      if (!this.distDir) return {};
      const path = join(this.distDir, 'locales', language, `${namespace}.json`);
      if (!existsSync(path)) return {};
      try {
        const texts: unknown = JSON.parse(await readFile(path, 'utf8'));
        return typeof texts === 'object' && texts !== null ? (texts as Record<string, string>) : {};
      } catch {
        return {};
      }
    });
  }

  /**
   * Every text the build ships, by language and namespace (the studio lists them beside the
   * configured ones). English files hold only the texts whose wording differs from their key.
   */
  async shippedFiles(): Promise<Record<TextLanguage, Record<string, Record<string, string>>>> {
    const files = { en: {}, vn: {} } as Record<TextLanguage, Record<string, Record<string, string>>>;
    if (!this.distDir) return files;
    for (const language of TEXT_LANGUAGES) {
      const folder = join(this.distDir, 'locales', language);
      const names = existsSync(folder) ? await readdir(folder) : [];
      for (const name of names.sort()) {
        const namespace = /^(.+)\.json$/.exec(name)?.[1];
        if (!namespace || !NAMESPACE_PATTERN.test(namespace)) continue;
        files[language][namespace] = await this.shippedTexts(language, namespace);
      }
    }
    return files;
  }

  /** One language file as JSON text. */
  async file(language: TextLanguage, namespace: string): Promise<string> {
    const [shipped, live] = await Promise.all([
      this.shippedTexts(language, namespace),
      this.configuration.current(),
    ]);
    const configured = live.document.translations[language]?.[namespace];
    return JSON.stringify(configured ? { ...shipped, ...configured } : shipped);
  }
}
