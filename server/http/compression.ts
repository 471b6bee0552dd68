// Compressed API responses (issue #14 point 1): JSON above API_COMPRESS_MIN_BYTES goes out as
// brotli or gzip, by the request's Accept-Encoding, with `Vary: Accept-Encoding`. Registered
// inside the /api/v1 plugin only: the built assets are precompressed at build time
// (build/precompress-plugin.ts) and served as they are (server/static.ts).
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this a response is sent as it is: the framing would cost more than it saves. */
export const API_COMPRESS_MIN_BYTES = 1024;
/**
 * Brotli's default (11) is for files compressed once; a response is compressed on every request.
 * Quality 4 still beats gzip on JSON at a fraction of the CPU.
 */
const BROTLI_QUALITY = 4;

export async function registerApiCompression(api: FastifyInstance): Promise<void> {
  await api.register(compress, {
    global: true,
    threshold: API_COMPRESS_MIN_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: 6 },
  });
}
