// docs/product.md §3 profile.avatar, §7 GET user/photo/{a}/{b}: upload (raw body or multipart), the type by
// magic bytes, the 2 MB limit, the public image, removal, and img_show on the public profile.
import { describe, expect, it } from 'vitest';
import type { ApiPublicProfile, UserResponse } from '../../common/account-contract';
import type { ApiError, Envelope } from '../../common/contract';
import { useApi } from './api';

const api = useApi();

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('png-body')]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('jpeg-body')]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x10, 0, 0, 0]), Buffer.from('WEBPVP8 body')]);
const GIF = Buffer.from('GIF89a-body');

type Upload = { status: number; json: Envelope<UserResponse> & ApiError };

async function upload(token: string | undefined, body: Buffer | FormData | string, contentType?: string, extra: Record<string, string> = {}): Promise<Upload> {
  const headers: Record<string, string> = { ...extra };
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  if (contentType !== undefined) headers['content-type'] = contentType;
  const response = await fetch(`${api.server.url}/api/v1/user/avatar`, { method: 'POST', headers, body: Buffer.isBuffer(body) ? new Uint8Array(body) : body });
  return { status: response.status, json: (await response.json()) as Upload['json'] };
}

const photo = (path: string) => fetch(`${api.server.url}${path}`);

describe('POST user/avatar', () => {
  it('stores a PNG sent as the body and serves it at the avatar URL, cached as immutable', async () => {
    const member = await api.register('Avatar Ava');
    const r = await upload(member.authorization.token, PNG, 'image/png');
    expect(r.status).toBe(200);
    const avatar = r.json.data.user.profile.avatar ?? '';
    expect(avatar).toMatch(new RegExp(`^/api/v1/user/photo/${member.user.id}/[a-f0-9]{32}\\.png$`));
    const image = await photo(avatar);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('accepts a JPEG in multipart/form-data and a WebP as octet-stream; a new upload retires the old URL', async () => {
    const token = (await api.register('Avatar Ben')).authorization.token;
    const form = new FormData();
    form.append('note', 'ignored');
    form.append('avatar', new Blob([JPEG], { type: 'image/jpeg' }), 'me.jpg');
    const jpeg = await upload(token, form);
    expect(jpeg.status).toBe(200);
    const first = jpeg.json.data.user.profile.avatar ?? '';
    expect(first).toMatch(/\.jpg$/);
    expect(Buffer.from(await (await photo(first)).arrayBuffer()).equals(JPEG)).toBe(true);
    const webp = await upload(token, WEBP, 'application/octet-stream');
    expect(webp.json.data.user.profile.avatar).toMatch(/\.webp$/);
    expect((await photo(first)).status).toBe(404);
  });

  it.each([
    ['a GIF', GIF, 'image/gif'],
    ['text declared as PNG', Buffer.from('not an image at all'), 'image/png'],
    ['an empty body', Buffer.alloc(0), 'image/png'],
  ])('refuses %s with 422', async (_name, body, type) => {
    const r = await upload((await api.register('Avatar Cy')).authorization.token, body, type);
    expect(r.status).toBe(422);
    expect(r.json.errors?.avatar?.[0]).toEqual(expect.any(String));
  });

  it('refuses JSON with 422 and anything over 2 MB with 413', async () => {
    const token = (await api.register('Avatar Di')).authorization.token;
    expect((await upload(token, JSON.stringify({ avatar: 'x' }), 'application/json')).status).toBe(422);
    const justOver = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    expect((await upload(token, justOver, 'image/png')).json).toMatchObject({ status: 413, message: 'The image is larger than 2 MB' });
    expect((await upload(token, Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]), 'image/png')).status).toBe(413);
  });

  it('is member-only: guest 403, visitor 401', async () => {
    const guest = await api.guest();
    expect((await upload(guest.authorization.token, PNG, 'image/png')).status).toBe(403);
    expect((await upload(undefined, PNG, 'image/png')).status).toBe(401);
  });

  it('honours the Idempotency-Key (same image: replay; another image: 422)', async () => {
    const token = (await api.register('Avatar Eve')).authorization.token;
    const key = { 'idempotency-key': 'avatar-upload-1' };
    const first = await upload(token, PNG, 'image/png', key);
    const again = await upload(token, PNG, 'image/png', key);
    expect(again.json).toEqual(first.json);
    expect((await upload(token, JPEG, 'image/jpeg', key)).status).toBe(422);
  });
});

describe('DELETE user/avatar and GET user/photo', () => {
  it('removes the picture; the URL then answers 404', async () => {
    const token = (await api.register('Avatar Fay')).authorization.token;
    const avatar = (await upload(token, PNG, 'image/png')).json.data.user.profile.avatar ?? '';
    const r = await api.call<Envelope<UserResponse>>('DELETE', 'user/avatar', { token });
    expect(r.status).toBe(200);
    expect(r.json.data.user.profile.avatar).toBeNull();
    expect((await photo(avatar)).status).toBe(404);
    expect((await api.call('DELETE', 'user/avatar', { token: (await api.guest()).authorization.token })).status).toBe(403);
    expect((await api.call('DELETE', 'user/avatar')).status).toBe(401);
  });

  it('answers 404 for malformed or unknown photo paths', async () => {
    for (const path of ['abc/def', '1/..%2F..%2Fetc.png', '1/0123456789abcdef0123456789abcdef.gif', '1/0123456789abcdef0123456789abcdef.png']) {
      expect((await photo(`/api/v1/user/photo/${path}`)).status).toBe(404);
    }
  });

  it('hides the picture on the public profile when img_show is off, except from its owner', async () => {
    const member = await api.register('Avatar Gil');
    const token = member.authorization.token;
    const avatar = (await upload(token, PNG, 'image/png')).json.data.user.profile.avatar;
    await api.call('PUT', 'user/profile', { token, body: { img_show: false } });
    const profile = (t?: string) => api.call<Envelope<{ profile: ApiPublicProfile }>>('GET', `user/profile/${member.user.id}`, t === undefined ? {} : { token: t });
    expect((await profile()).json.data.profile).toMatchObject({ avatar: null, img_show: false });
    expect((await profile(token)).json.data.profile.avatar).toBe(avatar);
  });
});
