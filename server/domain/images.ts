// Uploaded images (docs/product.md §3 profile.avatar, §11 'Limits'): the one check of size and type
// and the one way a stored image is named, shared by profile pictures (avatars.ts) and group
// pictures (group-pictures.ts). The type is read from the file's first bytes, never from headers.
import { randomBytes } from 'node:crypto';
import { AVATAR_MAX_BYTES } from '../../common/account-contract';
import { HttpError } from '../http/errors';

export const UNSUPPORTED_IMAGE = 'Use a PNG, JPEG or WebP image';

/** A stored image's file name: 128 random bits, new on every upload, so its URL is unguessable and immutable. */
export const IMAGE_FILE_PATTERN = /^[a-f0-9]{32}\.(png|jpg|webp)$/;

type ImageType = { contentType: 'image/png' | 'image/jpeg' | 'image/webp'; ext: 'png' | 'jpg' | 'webp' };
export type AcceptedImage = { fileName: string; contentType: ImageType['contentType']; bytes: Buffer };

/** The image type from the file's first bytes (magic numbers); the declared type is never trusted. */
function detectImage(bytes: Buffer): ImageType | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { contentType: 'image/png', ext: 'png' };
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { contentType: 'image/jpeg', ext: 'jpg' };
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return { contentType: 'image/webp', ext: 'webp' };
  return undefined;
}

/**
 * A PNG, JPEG or WebP of at most 2 MB, with its new file name; else the error of the field
 * (`avatar`, `picture`). The codes are the same for every image (avatar.*: common/error-codes.ts),
 * as the failure is: the app translates them without knowing which picture it was.
 */
export function acceptImage(bytes: Buffer, field: string): AcceptedImage {
  if (bytes.length === 0) throw new HttpError(422, 'Choose an image to upload', { [field]: ['Choose an image to upload'] }, { code: 'avatar.missing' });
  if (bytes.length > AVATAR_MAX_BYTES) throw new HttpError(413, 'The image is larger than 2 MB', undefined, { code: 'avatar.too_large' });
  const type = detectImage(bytes);
  if (type === undefined) throw new HttpError(422, UNSUPPORTED_IMAGE, { [field]: [UNSUPPORTED_IMAGE] }, { code: 'avatar.unsupported_type' });
  return { fileName: `${randomBytes(16).toString('hex')}.${type.ext}`, contentType: type.contentType, bytes };
}
