// Request bodies for an image upload (POST user/avatar, POST group/{id}/picture): the raw image as
// the body (any image/* or application/octet-stream type), or multipart/form-data with one file
// part. Registered only in the scope of the upload route (imageUploadRoute). The type is decided
// later by magic bytes (domain/images.ts), never by headers.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AVATAR_MAX_BYTES } from '../../common/account-contract';
import type { Db } from '../db/client';
import { UNSUPPORTED_IMAGE } from '../domain/images';
import type { Session } from '../domain/tokens';
import { HttpError } from './errors';
import { mutation, type MutationRequest } from './mutation';

/** An uploaded file. toJSON keeps the Idempotency-Key request hash small: a digest, not the bytes. */
export class UploadedFile {
  readonly bytes: Buffer;

  constructor(bytes: Buffer) {
    this.bytes = bytes;
  }

  toJSON(): { sha256: string; size: number } {
    return { sha256: createHash('sha256').update(this.bytes).digest('hex'), size: this.bytes.length };
  }
}

const CRLF2 = Buffer.from('\r\n\r\n');

function boundaryOf(request: FastifyRequest): string | undefined {
  const header = request.headers['content-type'] ?? '';
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(header);
  return match?.[1] ?? match?.[2];
}

/** The first part that carries a filename (the file input), else the first part; empty if none. */
function firstFilePart(body: Buffer, boundary: string): Buffer {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: { headers: string; content: Buffer }[] = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const part = body.subarray(start + delimiter.length, next);
    const split = part.indexOf(CRLF2);
    if (split !== -1) {
      // The part ends with the CRLF that precedes the next delimiter.
      const content = part.subarray(split + CRLF2.length, Math.max(split + CRLF2.length, part.length - 2));
      parts.push({ headers: part.subarray(0, split).toString('latin1'), content });
    }
    start = next;
  }
  const file = parts.find((p) => /filename=/i.test(p.headers)) ?? parts[0];
  return file?.content ?? Buffer.alloc(0);
}

export function registerImageUploadParsers(scope: FastifyInstance): void {
  const raw = (body: string | Buffer) => (Buffer.isBuffer(body) ? body : Buffer.from(body));
  for (const type of [/^image\//, 'application/octet-stream']) {
    scope.addContentTypeParser(type, { parseAs: 'buffer' }, (_request, body, done) => done(null, new UploadedFile(raw(body))));
  }
  scope.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (request, body, done) => {
    const boundary = boundaryOf(request);
    done(null, new UploadedFile(boundary === undefined ? Buffer.alloc(0) : firstFilePart(raw(body), boundary)));
  });
}

const SEND_AN_IMAGE = `${UNSUPPORTED_IMAGE}, sent as the request body or as multipart/form-data`;
// Room for the multipart framing around a file of the largest accepted size.
const UPLOAD_BODY_LIMIT = AVATAR_MAX_BYTES + 64 * 1024;

type UploadContext = { tx: Db; session: Session; request: MutationRequest };
type UploadHandler<T> = (ctx: UploadContext, image: Buffer) => Promise<{ data: T }>;

/**
 * POST `path` as an image upload: its own scope (the image parsers apply to it only), the body
 * limit, a mutation() that is never batched in sync/push, and the 422 on `field` of a body that is
 * no image at all. The handler gets the bytes; domain/images.ts acceptImage checks them.
 */
export function imageUploadRoute<T>(app: FastifyInstance, db: Db, path: string, field: string, handler: UploadHandler<T>): void {
  void app.register(async (scope) => {
    registerImageUploadParsers(scope);
    scope.post(path, { bodyLimit: UPLOAD_BODY_LIMIT }, mutation(db, async (ctx) => {
      if (!(ctx.request.body instanceof UploadedFile)) throw new HttpError(422, SEND_AN_IMAGE, { [field]: [SEND_AN_IMAGE] });
      return handler(ctx, ctx.request.body.bytes);
    }, { singleOnly: 'it is an image upload' }));
  });
}
