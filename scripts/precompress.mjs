// Precompresses a built web app: next to every text asset of 1 KB or more, a `.br` (brotli at its
// best quality) and a `.gz` (gzip level 9), so that the server sends them with no work per request
// (@fastify/static's `preCompressed`). Source maps are left alone: only developer tools fetch them.
// Usage: node scripts/precompress.mjs <dist folder>
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const COMPRESSIBLE_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.json',
  '.svg',
  '.txt',
  '.xml',
  '.webmanifest',
  '.ttf',
  '.ico',
]);
export const MIN_BYTES = 1024;

function* filesUnder(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/** Writes the compressed variants; returns the totals so the build can print what it saved. */
export function precompress(folder) {
  const totals = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  for (const path of filesUnder(folder)) {
    if (!COMPRESSIBLE_EXTENSIONS.has(extname(path)) || statSync(path).size < MIN_BYTES) continue;
    const content = readFileSync(path);
    const brotli = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gzip = gzipSync(content, { level: 9 });
    // A variant that is not smaller would only cost the client a decode.
    if (brotli.length < content.length) writeFileSync(`${path}.br`, brotli);
    if (gzip.length < content.length) writeFileSync(`${path}.gz`, gzip);
    totals.files += 1;
    totals.bytes += content.length;
    totals.brotliBytes += Math.min(brotli.length, content.length);
    totals.gzipBytes += Math.min(gzip.length, content.length);
  }
  return totals;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const folder = resolve(process.argv[2] ?? 'dist');
  const { files, bytes, brotliBytes, gzipBytes } = precompress(folder);
  const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
  console.log(
    `precompressed ${files} files: ${kb(bytes)} → brotli ${kb(brotliBytes)}, gzip ${kb(gzipBytes)}`,
  );
}
