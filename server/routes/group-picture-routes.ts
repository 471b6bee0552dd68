// A prayer group's picture (issue #28 item 1; docs/api.md 'Prayer groups';
// docs/decisions/0199-group-pictures-are-uploaded-served-under-an-unguessable-name.md): upload and
// removal by an admin (mutation()s, the upload never batched in sync/push, as the avatar's), and
// the image itself. Registered from group-routes.ts. Thin adapters over domain/group-pictures.ts.
import type { FastifyInstance } from 'fastify';
import type { GroupResponse } from '../../common/group-contract';
import type { Db } from '../db/client';
import { readGroupPicture, removeGroupPicture, saveGroupPicture } from '../domain/group-pictures';
import { groupNotFound } from '../domain/groups';
import { groupParams, groupPictureParams } from '../http/group-schemas';
import { imageUploadRoute } from '../http/image-upload';
import { mutation } from '../http/mutation';
import { parseInput } from '../http/validate';

export function registerGroupPictureRoutes(app: FastifyInstance, db: Db): void {
  imageUploadRoute(app, db, '/group/:groupId/picture', 'picture', async ({ tx, session, request }, image) => {
    const { groupId } = parseInput(groupParams, request.params);
    return { data: { group: await saveGroupPicture(tx, groupId, session.user.id, image) } satisfies GroupResponse };
  });

  app.delete('/group/:groupId/picture', mutation(db, async ({ tx, session, request }) => {
    const { groupId } = parseInput(groupParams, request.params);
    return { data: { group: await removeGroupPicture(tx, groupId, session.user.id) } satisfies GroupResponse };
  }));

  // No session asked: the unguessable name is the key (an <img> sends no token). Any path that is
  // not the live group's current picture, a malformed one included, is the 404 of an unknown group.
  // `private`: browsers keep it for a year (the name changes with the image), shared caches never.
  app.get('/group/:groupId/picture/:file', async (request, reply) => {
    const params = groupPictureParams.safeParse(request.params);
    const picture = params.success ? await readGroupPicture(db, params.data.groupId, params.data.file) : undefined;
    if (picture === undefined) throw groupNotFound();
    return reply.type(picture.contentType).header('cache-control', 'private, max-age=31536000, immutable').send(picture.bytes);
  });
}
