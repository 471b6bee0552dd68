// Issue #49 item 3: an invite link `/g/<code>` unfurls in messaging apps (server/invite-unfurl.ts,
// served by server/static.ts): the group's name, a line and its picture as Open Graph and Twitter
// card tags while the link is live, under any locale prefix; "This invite link no longer works" and
// nothing of the group once rotated, expired, used up, the group deleted, or for a member an admin
// removed. Every value escaped. The real static registration over shells in a temporary directory,
// on the API's database (PGlite, or PostgreSQL through scripts/with-postgres.sh).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../common/contract';
import type { GroupResponse, InviteResponse } from '../../common/group-contract';
import { registerStatic } from '../../server/static';
import { ok, useApi } from './api';
import { createGroup, join as joinGroup, person } from './groups-support';

const SHELL = (lang: string) => `<!doctype html>\n<html lang="${lang}">\n  <head>\n    <meta charset="UTF-8" />\n    <title>Prayer Community</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n`;
const NAME = `Surgery <circle> & "friends" ${process.pid}`;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('group-png')]);

const api = useApi({ seed: false });
let web: FastifyInstance;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'invite-unfurl-'));
  writeFileSync(join(dir, 'index.html'), SHELL('en-US'));
  writeFileSync(join(dir, 'index.pt.html'), SHELL('pt-BR'));
  web = Fastify();
  await registerStatic(web, dir, { db: api.server.handle.db, publicUrl: 'https://pray.example' });
});
afterAll(async () => {
  await web.close();
  rmSync(dir, { recursive: true, force: true });
});

async function page(path: string, cookie?: string): Promise<{ status: number; html: string; cache: string | undefined }> {
  const r = await web.inject({ method: 'GET', url: path, ...(cookie === undefined ? {} : { headers: { cookie } }) });
  return { status: r.statusCode, html: r.body, cache: r.headers['cache-control'] as string | undefined };
}

/** The Open Graph and Twitter tags of a page, key -> content, as a messaging app reads them (entities decoded). */
function tagsOf(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<meta (?:property|name)="((?:og|twitter):[\w:]+)" content="([^"]*)"/g)) {
    out[m[1] ?? ''] = (m[2] ?? '').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&amp;', '&');
  }
  return out;
}

const GONE = { 'og:title': 'This invite link no longer works', 'twitter:title': 'This invite link no longer works' };

async function liveGroup(): Promise<{ admin: { token: string; id: number }; groupId: number; code: string; picture: string }> {
  const admin = await person(api, 'Ada <b>Admin</b>');
  const group = await createGroup(api, admin.token, { name: NAME, description: 'We pray on Fridays' });
  const r = await fetch(`${api.server.url}/api/v1/group/${group.id}/picture`, { method: 'POST', headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'image/png' }, body: new Uint8Array(PNG) });
  const picture = ((await r.json()) as Envelope<GroupResponse>).data.group.picture ?? '';
  return { admin, groupId: group.id, code: group.invite?.code ?? '', picture };
}

function expectNothingOf(html: string, picture: string): void {
  expect(html).not.toContain(String(process.pid));
  expect(html).not.toContain('Fridays');
  expect(html).not.toContain(picture);
  expect(html).not.toContain('Admin');
}

describe('GET /g/<code> unfurls', () => {
  it('while live: the group\'s name, a line and its picture, escaped, under every locale prefix', async () => {
    const { groupId, code, picture } = await liveGroup();
    expect(picture).not.toBe('');
    const en = await page(`/g/${code}`);
    expect(en.status).toBe(200);
    expect(en.cache).toBe('no-store');
    expect(en.html).not.toContain('<circle>');
    expect(en.html).toContain('Surgery &lt;circle&gt; &amp; &quot;friends&quot;');
    expect(tagsOf(en.html)).toMatchObject({
      'og:title': NAME, 'twitter:title': NAME, 'og:image': `https://pray.example${picture}`, 'twitter:image': `https://pray.example${picture}`,
      'og:description': 'Ada <b>Admin</b> invited you to a prayer group. We pray on Fridays', 'twitter:card': 'summary_large_image',
    });
    expect(en.html).not.toContain('<b>');
    expect(en.html).toMatch(/<html lang="en-US">/);
    const pt = await page(`/pt/g/${code}?utm=x`);
    expect(pt.html).toMatch(/<html lang="pt-BR">/);
    expect(tagsOf(pt.html)).toMatchObject({ 'og:title': NAME, 'og:description': 'Ada <b>Admin</b> convidou você para um grupo de oração. We pray on Fridays' });
    expect(tagsOf((await page(`/es/g/${code}`)).html)['og:title']).toBe(NAME);
    // Other navigations are the plain shell.
    expect(tagsOf((await page('/community')).html)).toEqual({});
    void groupId;
  });

  it('rotated, expired, used up, the group deleted, an unknown code: "no longer works", nothing of the group', async () => {
    const rotated = await liveGroup();
    ok(await api.call<Envelope<InviteResponse>>('POST', `group/${rotated.groupId}/invite`, { token: rotated.admin.token, body: {} }), 201);
    const old = await page(`/g/${rotated.code}`);
    expect(tagsOf(old.html)).toMatchObject(GONE);
    expect(tagsOf(old.html)['og:image']).toBeUndefined();
    expectNothingOf(old.html, rotated.picture);

    const expired = await liveGroup();
    await api.server.handle.withSession((s) => s.rows("UPDATE group_invites SET expires_at = now() - interval '1 minute' WHERE code = $1", [expired.code]));
    const e = await page(`/pt/g/${expired.code}`);
    expect(tagsOf(e.html)['og:title']).toBe('Este link de convite não funciona mais');
    expectNothingOf(e.html, expired.picture);

    const usedUp = await liveGroup();
    await api.server.handle.withSession((s) => s.rows('UPDATE group_invites SET max_uses = 1, uses = 1 WHERE code = $1', [usedUp.code]));
    expectNothingOf((await page(`/g/${usedUp.code}`)).html, usedUp.picture);

    const deleted = await liveGroup();
    ok(await api.call('DELETE', `group/${deleted.groupId}`, { token: deleted.admin.token }));
    const d = await page(`/g/${deleted.code}`);
    expect(tagsOf(d.html)).toMatchObject(GONE);
    expectNothingOf(d.html, deleted.picture);

    expect(tagsOf((await page('/g/AAAAAAAAAAAA')).html)).toMatchObject(GONE);
  });

  it('a member an admin removed, with their session cookie, learns nothing from it; a live member and a visitor see the card', async () => {
    const g = await liveGroup();
    const [removed, member] = await Promise.all([person(api, 'Rex Removed'), person(api, 'Mel Member')]);
    for (const p of [removed, member]) await joinGroup(api, p.token, g.code);
    ok(await api.call('DELETE', `group/${g.groupId}/member/${removed.id}`, { token: g.admin.token }));
    const asRemoved = await page(`/g/${g.code}`, `lang=en; prayer_token=${encodeURIComponent(removed.token)}`);
    expect(tagsOf(asRemoved.html)).toMatchObject(GONE);
    expectNothingOf(asRemoved.html, g.picture);
    expect(tagsOf((await page(`/g/${g.code}`, `prayer_token=${member.token}`)).html)['og:title']).toBe(NAME);
    expect(tagsOf((await page(`/g/${g.code}`)).html)['og:title']).toBe(NAME);
  });
});
