// Request schemas of prayer groups (issue #28; docs/product.md §11 Prayer groups), zod at the edge
// (docs/architecture/server.md 'Reference server'). Objects strip unknown fields, as every schema
// of /api/v1.
import { z } from 'zod';
import { CHANNELS } from '../../common/contract';
import { GROUP_LIMITS, GROUP_NOTIFY_LEVELS, GROUP_ROLES, INVITE_CODE_PATTERN, JOIN_DECISIONS } from '../../common/group-contract';
import { IMAGE_FILE_PATTERN } from '../domain/images';
import { idParam } from './schemas';

const tooLong = (limit: number) => `Keep it under ${limit} characters`;
const CHANNEL_MESSAGE = `channel_id must be one of ${CHANNELS.map((c) => c.id).join(', ')}`;

const groupName = z.string({ message: 'Give your group a name' }).trim()
  .min(1, 'Give your group a name')
  .max(GROUP_LIMITS.name, tooLong(GROUP_LIMITS.name));

/** Empty text means none. */
const description = z.string({ message: 'description must be text' }).trim()
  .max(GROUP_LIMITS.description, tooLong(GROUP_LIMITS.description))
  .nullable()
  .transform((v) => (v === null || v === '' ? null : v));

/** A picture this server serves (docs/decisions/0180-prayer-groups-on-the-server.md): never a third party's URL. */
const PICTURE_MESSAGE = 'picture must be a path of this server under /api/v1/, or null';
const picture = z.string({ message: PICTURE_MESSAGE }).regex(/^\/api\/v1\/[\w\-./]{1,200}$/, PICTURE_MESSAGE)
  .refine((v) => !v.includes('..'), PICTURE_MESSAGE)
  .nullable();

const channelId = z.union(CHANNELS.map((c) => z.literal(c.id)), { message: CHANNEL_MESSAGE });

export const createGroupSchema = z.object({
  name: groupName,
  description: description.optional().transform((v) => v ?? null),
  channel_id: channelId.optional(),
  picture: picture.optional().transform((v) => v ?? null),
});

export const updateGroupSchema = z.object({
  name: groupName.optional(),
  description: description.optional(),
  picture: picture.optional(),
}).refine((b) => b.name !== undefined || b.description !== undefined || b.picture !== undefined, {
  message: 'Send name, description or picture to change', path: ['body'],
});

const ROLE_MESSAGE = `role must be one of ${GROUP_ROLES.join(', ')}`;
const successor = idParam.optional();

export const setRoleSchema = z.object({
  role: z.enum(GROUP_ROLES, { message: ROLE_MESSAGE }),
  successor_id: successor,
});

/** PUT group/{id}/notify (issue #28 item 6). */
export const notifySchema = z.object({
  level: z.enum(GROUP_NOTIFY_LEVELS, { message: `level must be one of ${GROUP_NOTIFY_LEVELS.join(', ')}` }),
});

export const leaveSchema = z.object({ successor_id: successor });

const expiresAt = z.iso.datetime({ offset: true, message: 'expires_at must be an ISO date-time' }).transform((s) => new Date(s)).nullable();

export const rotateInviteSchema = z.object({
  expires_at: expiresAt.optional().transform((v) => v ?? null),
  max_uses: z.number({ message: 'max_uses must be a number' }).int('max_uses must be a whole number')
    .min(1, 'max_uses must be at least 1').max(GROUP_LIMITS.maxUses, `max_uses must be at most ${GROUP_LIMITS.maxUses}`)
    .nullable().optional().transform((v) => v ?? null),
});

export const decideSchema = z.object({
  decision: z.enum(JOIN_DECISIONS, { message: `decision must be one of ${JOIN_DECISIONS.join(', ')}` }),
});

/** Invite codes are 12 characters of base64url (domain/group-invites.ts). */
export const inviteParams = z.object({ code: z.string().regex(INVITE_CODE_PATTERN, 'code must be an invite code of 12 letters, digits, - or _') });
export const groupParams = z.object({ groupId: idParam });
export const memberParams = z.object({ groupId: idParam, userId: idParam });
/** GET group/{id}/picture/{file} (domain/group-pictures.ts). */
export const groupPictureParams = z.object({ groupId: idParam, file: z.string().regex(IMAGE_FILE_PATTERN) });
export const groupItemParams = z.object({ groupId: idParam, id: idParam });
export const groupPageSchema = z.object({ page: z.coerce.number({ message: 'page must be a number' }).int().min(1).max(100_000).optional().default(1) });
