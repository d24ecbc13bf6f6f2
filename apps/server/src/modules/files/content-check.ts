import { isUtf8 } from 'node:buffer';
import { extname } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';

/** Text types have no magic number: they are accepted only as valid UTF-8 without NUL bytes. */
const TEXT_TYPES: Record<string, string> = {
  csv: 'text/csv; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  tsv: 'text/tab-separated-values; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  json: 'application/json',
};

/** Extensions that name the same format as the one file-type reports. */
const SAME_FORMAT: Record<string, string> = { jpeg: 'jpg', jpe: 'jpg', tif: 'tiff' };

const normalize = (extension: string) => SAME_FORMAT[extension] ?? extension;

export type AcceptedTypes = { extensions: Set<string>; mimePatterns: string[]; listed: string[] };

/** Reads `MediaAcceptedType` (".jpg,.png,image/*"): extensions and MIME patterns. */
export function parseAcceptedTypes(setting: string): AcceptedTypes {
  const listed = setting
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter((item) => item !== '');
  return {
    listed,
    extensions: new Set(
      listed.filter((item) => item.startsWith('.')).map((item) => normalize(item.slice(1))),
    ),
    mimePatterns: listed.filter((item) => item.includes('/')),
  };
}

const mimeMatches = (mime: string, pattern: string) =>
  pattern.endsWith('/*') ? mime.startsWith(pattern.slice(0, -1)) : mime === pattern;

/** The file's extension, lower case, without the dot; '' when it has none. */
export function extensionOf(name: string): string {
  return normalize(extname(name).slice(1).toLowerCase());
}

/**
 * Checks a file against the accepted types by its extension AND by its content: a detected format
 * must be the one the extension names; a file with no magic number passes only as UTF-8 text.
 * Returns the content type to store, or null when the file is not supported.
 */
export async function checkFileContent(
  name: string,
  bytes: Uint8Array,
  accepted: AcceptedTypes,
): Promise<string | null> {
  const extension = extensionOf(name);
  if (extension === '') return null;
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) {
    if (normalize(detected.ext) !== extension) return null;
    const allowed =
      accepted.extensions.has(extension) || accepted.mimePatterns.some((p) => mimeMatches(detected.mime, p));
    return allowed ? detected.mime : null;
  }
  const textType = TEXT_TYPES[extension];
  if (!textType) return null;
  const allowed =
    accepted.extensions.has(extension) ||
    accepted.mimePatterns.some((p) => mimeMatches(textType.split(';')[0] ?? '', p));
  if (!allowed || !isUtf8(bytes) || bytes.includes(0)) return null;
  return textType;
}

/** A file name safe to store and to put in a header: no path, no control characters, bounded. */
export function safeFileName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim();
  if (base === '' || base === '.' || base === '..') return 'file';
  if (base.length <= 200) return base;
  const extension = extname(base).slice(0, 20);
  return `${base.slice(0, 200 - extension.length)}${extension}`;
}
