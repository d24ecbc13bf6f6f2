import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses answers on the fly: JSON and text of 1 KB or more, brotli or gzip as the client accepts.
 * Built assets arrive precompressed from the build (static-web sends their `.br`/`.gz`), so this
 * mostly handles API answers; brotli runs at quality 4 here, which compresses JSON about as well as
 * gzip 6 at a fraction of the best quality's time. The event stream is hijacked and never passes
 * here; files (images, exports) are already compressed or are not text and are left alone.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    // Request bodies are read as sent: a compressed upload would let a small request expand past the
    // body limit's intent, and no client of ours sends one.
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: /^(application\/(json|javascript)|text\/(html|css|plain|javascript)|image\/svg\+xml)/,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
