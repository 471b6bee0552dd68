// Profile pictures (docs/product.md §3 profile.avatar, §7 GET user/photo/{a}/{b}): upload and removal by
// the member (mutation()), and the public image itself. Registered from user-routes.ts.
import type { FastifyInstance } from 'fastify';
import { requireMember } from '../domain/account-settings';
import { readAvatar, removeAvatar, saveAvatar } from '../domain/avatars';
import { toApiUser } from '../domain/users';
import { photoParams } from '../http/account-schemas';
import { notFound } from '../http/errors';
import { imageUploadRoute } from '../http/image-upload';
import { mutation } from '../http/mutation';
import type { RouteDeps } from './deps';

export function registerAvatarRoutes(app: FastifyInstance, { db, config }: RouteDeps): void {
  imageUploadRoute(app, db, '/user/avatar', 'avatar', async ({ tx, session }, image) => {
    requireMember(session.user);
    return { data: { user: await toApiUser(tx, await saveAvatar(tx, session.user.id, image), config) } };
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
