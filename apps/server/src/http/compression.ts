import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Smaller answers are sent as they are: compressing them costs more than the bytes it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses responses (issue 17): brotli when the client accepts it, else gzip. Registered before
 * the routes and the static files, as `@fastify/compress` requires. It leaves alone:
 * - the built client's files, already compressed at build time (`preCompressed`): a reply that
 *   carries a Content-Encoding is passed through untouched;
 * - request bodies: no request decompression, so the payment and verification webhooks verify
 *   their signatures over the bytes as sent, and no zip bomb gets past the body limit;
 * - the sockets, which Socket.IO serves beside Fastify, not through it.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    globalDecompression: false,
    // Quality 5 in text mode. Measured on the 1.2 MB asset list: quality 4 (the plugin's default)
    // 162 KB in 21 ms, 5 144 KB in 26 ms, 9 139 KB in 99 ms, 11 120 KB in 2.8 s (the build's
    // choice for files compressed once). 5 is where the size stops falling faster than time grows.
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 5,
      },
    },
  });
}
