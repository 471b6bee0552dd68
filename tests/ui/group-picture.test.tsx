// Issue #28 item 1: the group's picture on its settings screen, as each language renders it: "Change
// picture" (and "Remove picture" once there is one) for an admin online; offline, or for a group not
// yet on the server, the controls are off and say why; the group's initial stands in for no picture.
// And the one reading of a refused file: this device's check first, then the server's answer.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ShownGroup } from '../../src/db/group-reads';
import { GroupPicture } from '../../src/components/group-picture';
import { GroupPictureSetting } from '../../src/routes/-group-admin-picture';
import { AuthError } from '../../src/state/auth';
import { answerRefusal, fileRefusal } from '../../src/sync/group-picture-client';
import { localeRender, type LocaleRender } from '../helpers/locale-render';

const at = '2026-11-29T10:00:00.000Z';
const PATH = `/api/v1/group/7/picture/${'a'.repeat(32)}.png`;
const group: ShownGroup = {
  id: 7, name: 'tuesday group', description: null, channel_id: 1, picture: null, created_at: at, updated_at: at,
  member_count: 3, my_role: 'admin', my_notify: 'all', isPending: false, invite: null,
};

let rendering: LocaleRender;
beforeAll(async () => { rendering = await localeRender(); });

const disabledButtons = (html: string) => (html.match(/<button[^>]*disabled=""/g) ?? []).length;

describe('the group picture setting', () => {
  it.each(['en-US', 'pt-BR', 'es-ES'])('%s: online, an admin changes a group with no picture; its initial shows', async (locale) => {
    const t = rendering.instance.getFixedT(locale);
    const html = await rendering.render(locale, <GroupPictureSetting group={group} online />);
    expect(html).not.toMatch(/groups\.admin\./);
    expect(html).toContain(t('groups.admin.picture.change'));
    expect(html).not.toContain(t('groups.admin.picture.remove'));
    expect(html).toContain(t('groups.admin.picture.none'));
    expect(html).toContain(t('groups.admin.picture.hint'));
    expect(html).toMatch(/<span class="avatar group-picture"[^>]*>T<\/span>/);
    expect(disabledButtons(html)).toBe(0);
  });

  it.each(['en-US', 'pt-BR', 'es-ES'])('%s: with a picture, it shows and can be removed; offline both are off and say why', async (locale) => {
    const t = rendering.instance.getFixedT(locale);
    const online = await rendering.render(locale, <GroupPictureSetting group={{ ...group, picture: PATH }} online />);
    expect(online).toContain(`src="${PATH}"`);
    expect(online).toContain(t('groups.admin.picture.remove'));
    const offline = await rendering.render(locale, <GroupPictureSetting group={{ ...group, picture: PATH }} online={false} />);
    expect(offline).toContain(t('groups.admin.picture.offline'));
    expect(disabledButtons(offline)).toBe(2);
  });

  it('a group made on this device and not yet sent cannot get a picture yet', async () => {
    const t = rendering.instance.getFixedT('pt-BR');
    const html = await rendering.render('pt-BR', <GroupPictureSetting group={{ ...group, id: -3, isPending: true }} online />);
    expect(html).toContain(t('groups.admin.picture.notYet'));
    expect(disabledButtons(html)).toBe(1);
  });

  it('GroupPicture: the image, decorative, else the initial', async () => {
    // React 19's static markup adds a preload link before the image.
    expect(await rendering.render('en-US', <GroupPicture name="Family" picture={PATH} />)).toContain(`<img class="group-picture" src="${PATH}" alt="" width="40" height="40"/>`);
    expect(await rendering.render('en-US', <GroupPicture name=" ana" picture={null} />)).toContain('>A</span>');
  });
});

describe('why a picture is refused', () => {
  it('this device checks the file first: type, then size (2 MB)', () => {
    expect(fileRefusal({ type: 'image/gif', size: 10 })).toBe('wrongType');
    expect(fileRefusal({ type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toBe('tooBig');
    expect(fileRefusal({ type: 'image/webp', size: 2 * 1024 * 1024 })).toBeNull();
  });

  it('the server\'s answer: 413 is too big, avatar.unsupported_type the wrong type, anything else is no refusal of the file', () => {
    expect(answerRefusal(new AuthError({ status: 413, message: 'The image is larger than 2 MB', code: 'avatar.too_large' }))).toBe('tooBig');
    expect(answerRefusal(new AuthError({ status: 422, message: 'Use a PNG, JPEG or WebP image', code: 'avatar.unsupported_type' }))).toBe('wrongType');
    expect(answerRefusal(new AuthError({ status: 403, message: 'Only admins', code: 'group.not_admin' }))).toBeNull();
    expect(answerRefusal(new Error('offline'))).toBeNull();
  });
});
