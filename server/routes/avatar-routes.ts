// Profile pictures (docs/product.md §3 profile.avatar, §7 GET user/photo/{a}/{b}): upload and removal by
// the member (mutation()), and the public image itself. Registered from user-routes.ts.
import type { FastifyInstance } from 'fastify';
import { AVATAR_MAX_BYTES } from '../../common/account-contract';
import { requireMember } from '../domain/account-settings';
import { readAvatar, removeAvatar, saveAvatar, UNSUPPORTED_IMAGE } from '../domain/avatars';
import { toApiUser } from '../domain/users';
import { photoParams } from '../http/account-schemas';
import { HttpError, notFound } from '../http/errors';
import { registerImageUploadParsers, UploadedFile } from '../http/image-upload';
import { mutation } from '../http/mutation';
import type { RouteDeps } from './deps';

const SEND_AN_IMAGE = `${UNSUPPORTED_IMAGE}, sent as the request body or as multipart/form-data`;
// Room for the multipart framing around a file of the largest accepted size.
const UPLOAD_BODY_LIMIT = AVATAR_MAX_BYTES + 64 * 1024;

export function registerAvatarRoutes(app: FastifyInstance, { db, config }: RouteDeps): void {
  // Own scope: the image parsers apply to the upload route only.
  void app.register(async (scope) => {
    registerImageUploadParsers(scope);
    scope.post('/user/avatar', { bodyLimit: UPLOAD_BODY_LIMIT }, mutation(db, async ({ tx, session, request }) => {
      requireMember(session.user);
      if (!(request.body instanceof UploadedFile)) throw new HttpError(422, SEND_AN_IMAGE, { avatar: [SEND_AN_IMAGE] });
      const user = await saveAvatar(tx, session.user.id, request.body.bytes);
      return { data: { user: await toApiUser(tx, user, config) } };
    }, { singleOnly: 'it is an image upload' }));
  });

  app.delete('/user/avatar', mutation(db, async ({ tx, session }) => {
    requireMember(session.user);
    return { data: { user: await toApiUser(tx, await removeAvatar(tx, session.user.id), config) } };
  }));

  // {a}/{b} = user id / file name. The name changes on every upload, so the image never changes
  // under a URL: cached for a year. A malformed path is a 404 like an unknown one.
  app.get('/user/photo/:userId/:file', async (request, reply) => {
    const params = photoParams.safeParse(request.params);
    const photo = params.success ? await readAvatar(db, params.data.userId, params.data.file) : undefined;
    if (photo === undefined) throw notFound('Photo');
    return reply.type(photo.contentType).header('cache-control', 'public, max-age=31536000, immutable').send(photo.bytes);
  });
}
