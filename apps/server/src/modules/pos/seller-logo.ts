import { readFile, stat } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import type { FilesService } from '../files/service';

/** A logo larger than this is left off the invoice (a logo is a few kilobytes; this keeps PDFs small). */
export const MAX_LOGO_BYTES = 2 * 1024 * 1024;

/** The image formats a PDF can hold as they are, told by their first bytes (never by the address). */
export type LogoImage = { format: 'png' | 'jpeg'; bytes: Uint8Array };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

/** The image `bytes` hold when they are a PNG or a JPEG; else null. */
export function logoImageOf(bytes: Uint8Array): LogoImage | null {
  const startsWith = (signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (startsWith(PNG_SIGNATURE)) return { format: 'png', bytes };
  if (startsWith(JPEG_SIGNATURE)) return { format: 'jpeg', bytes };
  return null;
}

/** Reads a stream up to `limit` bytes; null when it is longer. */
async function readLimited(stream: Readable, limit: number): Promise<Uint8Array | null> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    length += (chunk as Buffer).length;
    if (length > limit) {
      stream.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * The logo the settings name (`logoUrl`), for the server's own documents (the invoice PDF), read from
 * where this server keeps it: a stored file (`/files/{id}/...`) or a file of the web app
 * (`/config/logo.png`, the default). An http(s) address is not fetched: the server does not call out to
 * an address a setting names (the browser's receipt and invoice still show it). Anything that is not a
 * PNG or JPEG by its content, too large, missing or outside those places gives no logo, never an error.
 */
export function sellerLogoReader(places: {
  webDir: string | null;
  files: Pick<FilesService, 'open'>;
}): (logoUrl: string) => Promise<LogoImage | null> {
  return async (logoUrl) => {
    try {
      const path = sitePath(logoUrl);
      if (path === null) return null;
      const bytes = await (path.startsWith('/files/')
        ? storedFile(path, places.files)
        : webFile(path, places.webDir));
      return bytes ? logoImageOf(bytes) : null;
    } catch {
      return null;
    }
  };
}

/** The path of an address of this site (no scheme, no host, no `..`), decoded; else null. */
function sitePath(logoUrl: string): string | null {
  if (!logoUrl.startsWith('/') || logoUrl.startsWith('//') || logoUrl.startsWith('/\\')) return null;
  const path = decodeURIComponent(new URL(logoUrl, 'http://site.invalid').pathname);
  return path.split('/').includes('..') ? null : path;
}

async function storedFile(path: string, files: Pick<FilesService, 'open'>): Promise<Uint8Array | null> {
  const id = /^\/files\/([0-9a-f-]{36})\//.exec(path)?.[1];
  if (!id) return null;
  const opened = await files.open(id);
  return opened ? readLimited(opened.stream, MAX_LOGO_BYTES) : null;
}

async function webFile(path: string, webDir: string | null): Promise<Uint8Array | null> {
  if (!webDir) return null;
  const root = resolve(webDir);
  const file = resolve(root, `.${path}`);
  const inside = relative(root, file);
  if (inside === '' || inside.startsWith('..') || inside.startsWith(sep)) return null;
  const info = await stat(file);
  if (!info.isFile() || info.size > MAX_LOGO_BYTES) return null;
  return readFile(file);
}
