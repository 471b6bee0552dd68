// Issue #28 item 1: a group's picture (docs/api.md 'Prayer groups';
// docs/decisions/0199-group-pictures-are-uploaded-served-under-an-unguessable-name.md): an admin
// uploads it (raw body or multipart, the avatar's types and 2 MB limit), members and invite holders
// see its path, the image is served under an unguessable name, and it stops being served once
// replaced, removed or its group deleted.
import { describe, expect, it } from 'vitest';
import type { ApiError, Envelope } from '../../common/contract';
import type { GroupResponse, InvitePreviewResponse } from '../../common/group-contract';
import { ok, useApi } from './api';
import { castGroup } from './groups-support';
import { countRows } from './sync-support';

const api = useApi();

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('group-png')]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('group-jpeg')]);
const GIF = Buffer.from('GIF89a-body');

type Answer = { status: number; json: Envelope<GroupResponse> & ApiError };

async function upload(token: string | undefined, groupId: number, body: Buffer | FormData, contentType?: string): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  if (contentType !== undefined) headers['content-type'] = contentType;
  const response = await fetch(`${api.server.url}/api/v1/group/${groupId}/picture`, { method: 'POST', headers, body: Buffer.isBuffer(body) ? new Uint8Array(body) : body });
  return { status: response.status, json: (await response.json()) as Answer['json'] };
}

const image = (path: string) => fetch(`${api.server.url}${path}`);
const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe('POST group/{id}/picture', () => {
  it('stores a PNG, names it in the group for its members and the invite preview, and serves it to whoever has the path', async () => {
    const cast = await castGroup(api);
    const r = await upload(cast.tokens.admin, cast.group.id, PNG, 'image/png');
    expect(r.status).toBe(200);
    const picture = r.json.data.group.picture ?? '';
    expect(picture).toMatch(new RegExp(`^/api/v1/group/${cast.group.id}/picture/[a-f0-9]{32}\\.png$`));
    const member = ok(await api.call<Envelope<GroupResponse>>('GET', `group/${cast.group.id}`, { token: cast.tokens.member }));
    expect(member.data.group.picture).toBe(picture);
    const preview = ok(await api.call<Envelope<InvitePreviewResponse>>('GET', `invite/${cast.group.invite?.code ?? ''}`));
    expect(preview.data.invite.group.picture).toBe(picture);
    const served = await image(picture);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect((await bytesOf(served)).equals(PNG)).toBe(true);
  });

  it('accepts a JPEG in multipart/form-data; a new upload retires the old URL', async () => {
    const cast = await castGroup(api);
    const first = (await upload(cast.tokens.admin, cast.group.id, PNG, 'image/png')).json.data.group.picture ?? '';
    const form = new FormData();
    form.append('note', 'ignored');
    form.append('picture', new Blob([new Uint8Array(JPEG)], { type: 'image/jpeg' }), 'us.jpg');
    const second = await upload(cast.tokens.admin, cast.group.id, form);
    expect(second.status).toBe(200);
    const path = second.json.data.group.picture ?? '';
    expect(path).toMatch(/\.jpg$/);
    expect((await bytesOf(await image(path))).equals(JPEG)).toBe(true);
    expect((await image(first)).status).toBe(404);
  });

  it.each([
    ['a GIF', GIF, 'image/gif', 'avatar.unsupported_type'],
    ['text declared as PNG', Buffer.from('not an image at all'), 'image/png', 'avatar.unsupported_type'],
    ['an empty body', Buffer.alloc(0), 'image/png', 'avatar.missing'],
  ])('refuses %s with 422 on picture, and the group keeps no picture', async (_name, body, type, code) => {
    const cast = await castGroup(api);
    const r = await upload(cast.tokens.admin, cast.group.id, body, type);
    expect(r.status).toBe(422);
    expect(r.json.code).toBe(code);
    expect(r.json.errors?.picture?.[0]).toEqual(expect.any(String));
    expect(ok(await api.call<Envelope<GroupResponse>>('GET', `group/${cast.group.id}`, { token: cast.tokens.admin })).data.group.picture).toBeNull();
  });

  it('refuses JSON with 422 and anything over 2 MB with 413 avatar.too_large', async () => {
    const cast = await castGroup(api);
    const json = await api.call<ApiError>('POST', `group/${cast.group.id}/picture`, { token: cast.tokens.admin, body: { picture: '/api/v1/x.png' } });
    expect(json.status).toBe(422);
    expect(json.json.errors?.picture).toHaveLength(1);
    const justOver = await upload(cast.tokens.admin, cast.group.id, Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), 'image/png');
    expect(justOver.json).toMatchObject({ status: 413, code: 'avatar.too_large' });
  });

  it('is never batched in sync/push (an upload is sent on its own); its removal is', async () => {
    const cast = await castGroup(api);
    const path = `group/${cast.group.id}/picture`;
    const refused = await api.call<ApiError>('POST', 'sync/push', { token: cast.tokens.admin, body: { mutations: [{ key: 'gp-1', method: 'POST', path, body: {} }] } });
    expect(refused.status).toBe(422);
    expect(refused.json.message).toBe(`Mutation 0 (POST ${path}) cannot be batched (it is an image upload): send it on its own, not in sync/push`);
    const removed = await api.call('POST', 'sync/push', { token: cast.tokens.admin, body: { mutations: [{ key: 'gp-2', method: 'DELETE', path }] } });
    expect(removed.status).toBe(200);
  });
});

describe('DELETE group/{id}/picture and what stops the image', () => {
  it('an admin removes the picture: the group has none and the image is gone', async () => {
    const cast = await castGroup(api);
    const picture = (await upload(cast.tokens.admin, cast.group.id, PNG, 'image/png')).json.data.group.picture ?? '';
    const r = ok(await api.call<Envelope<GroupResponse>>('DELETE', `group/${cast.group.id}/picture`, { token: cast.tokens.admin }));
    expect(r.data.group.picture).toBeNull();
    expect((await image(picture)).status).toBe(404);
    expect(ok(await api.call<Envelope<GroupResponse>>('DELETE', `group/${cast.group.id}/picture`, { token: cast.tokens.admin })).data.group.picture).toBeNull();
  });

  it('a deleted group\'s picture, or one PUT group no longer names, is not served', async () => {
    const cast = await castGroup(api);
    const picture = (await upload(cast.tokens.admin, cast.group.id, PNG, 'image/png')).json.data.group.picture ?? '';
    ok(await api.call('PUT', `group/${cast.group.id}`, { token: cast.tokens.admin, body: { picture: null } }));
    expect((await image(picture)).status).toBe(404);
    const again = (await upload(cast.tokens.admin, cast.group.id, PNG, 'image/png')).json.data.group.picture ?? '';
    expect((await image(again)).status).toBe(200);
    ok(await api.call('DELETE', `group/${cast.group.id}`, { token: cast.tokens.admin }));
    expect((await image(again)).status).toBe(404);
    // Nobody may see it again, so its bytes are not kept.
    expect(await countRows(api, 'group_pictures', 'group_id', cast.group.id)).toBe(0);
  });

  it('a wrong or malformed name answers exactly the 404 of an unknown group', async () => {
    const cast = await castGroup(api);
    await upload(cast.tokens.admin, cast.group.id, PNG, 'image/png');
    const notFound = { message: 'Group not found', status: 404, code: 'group.not_found' };
    for (const path of [`group/${cast.group.id}/picture/${'0'.repeat(32)}.png`, `group/${cast.group.id}/picture/x.gif`, `group/999999/picture/${'a'.repeat(32)}.png`]) {
      expect((await api.call('GET', path)).json, path).toEqual(notFound);
    }
  });
});
