// The channel of a request (docs/product.md §3 Channels, §7 channel headers): a valid x-channel-id header,
// else the caller's own channel, else the default channel 1.
import type { FastifyRequest } from 'fastify';
import { CHANNELS, type ChannelId } from '../../common/contract';
import { DEFAULT_CHANNEL_ID } from '../../common/constants';
import type { Session } from '../domain/tokens';
import { toChannelId } from '../domain/users';

/** Only the headers are read, so a mutation batched in POST sync/push resolves like its single call. */
type WithHeaders = Pick<FastifyRequest, 'headers'>;

export function headerChannel(request: WithHeaders): ChannelId | undefined {
  const raw = request.headers['x-channel-id'];
  const value = Number(Array.isArray(raw) ? raw[0] : raw);
  return CHANNELS.find((c) => c.id === value)?.id;
}

export function resolveChannel(request: WithHeaders, session: Session | undefined): ChannelId {
  return headerChannel(request) ?? (session ? toChannelId(session.user.channelId) : DEFAULT_CHANNEL_ID);
}
