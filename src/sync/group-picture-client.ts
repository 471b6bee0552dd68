// Issue #28 item 1: a group's picture, changed by an admin online (worker/account.ts uploadGroupPicture,
// removeGroupPicture): image bytes need the network, as the profile picture's do, so these are calls,
// not outbox commands. The answer's group replaces its row here, so every screen shows the change.
// Also the one reading of what went wrong, for the settings screen (src/routes/-group-admin-picture.tsx).
import { checkAvatar } from '../state/account';
import { AuthError, unwrap } from '../state/auth';
import { syncEngine } from './client';

export async function uploadGroupPicture(groupId: number, file: File): Promise<void> {
  const bytes = await file.arrayBuffer();
  unwrap(await (await syncEngine()).account('uploadGroupPicture', { groupId, bytes, type: file.type }));
}

export async function removeGroupPicture(groupId: number): Promise<void> {
  unwrap(await (await syncEngine()).account('removeGroupPicture', { groupId }));
}

/** Why a picture is refused: this device's first check of the file, or the server's answer (413, or the type by its bytes). */
export type PictureRefusal = 'tooBig' | 'wrongType';

export function fileRefusal(file: Pick<File, 'type' | 'size'>): PictureRefusal | null {
  const problem = checkAvatar(file);
  return problem === 'size' ? 'tooBig' : problem === 'type' ? 'wrongType' : null;
}

export function answerRefusal(err: unknown): PictureRefusal | null {
  if (!(err instanceof AuthError)) return null;
  if (err.status === 413) return 'tooBig';
  return err.data.code === 'avatar.unsupported_type' ? 'wrongType' : null;
}
