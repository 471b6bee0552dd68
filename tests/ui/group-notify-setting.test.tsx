// Issue #28 item 6: the group notification setting as each language renders it (three radios in a
// fieldset whose legend names the choice, the current one checked, a waiting choice said), and the
// Notifications item of a group's new post. Static markup (the app's i18next catalogues, no network).
import { beforeAll, describe, expect, it } from 'vitest';
import { GroupNotifyChoice } from '../../src/components/group-notify-setting';
import { localeRender, type LocaleRender } from '../helpers/locale-render';

let rendering: LocaleRender;
beforeAll(async () => { rendering = await localeRender(); });

const choice = (locale: string, pending: boolean) =>
  rendering.render(locale, <GroupNotifyChoice level="requests" pending={pending} failed={false} onChoose={() => undefined} />);

describe('the group notification setting', () => {
  it.each(['en-US', 'pt-BR', 'es-ES'])('%s: three labelled radios, the current one checked, no raw key', async (locale) => {
    const html = await choice(locale, false);
    const t = rendering.instance.getFixedT(locale);
    expect(html).not.toMatch(/groupNotify\./);
    expect(html).toMatch(/^<fieldset[^>]*aria-describedby="([^"]+)"/);
    expect(html).toContain(`<legend>${t('groupNotify.setting.legend')}</legend>`);
    expect(html.match(/type="radio"/g)).toHaveLength(3);
    expect(html.match(/checked=""/g)).toHaveLength(1);
    expect(html).toMatch(/checked="" value="requests"/);
    for (const level of ['all', 'requests', 'none'] as const) expect(html).toContain(t(`groupNotify.setting.${level}`));
    expect(html).not.toContain(t('groupNotify.setting.saving'));
  });

  it('says when a choice waits to be sent', async () => {
    const html = await choice('pt-BR', true);
    expect(html).toMatch(/role="status">Salvo neste aparelho/);
  });

  // Issue #49 major 2: a choice made here is answered once it is no longer waiting.
  it.each([['en-US', 'Saved'], ['pt-BR', 'Salvo'], ['es-ES', 'Guardado']])('%s: says Saved once the server has the choice made here', async (locale, saved) => {
    const html = await rendering.render(locale, <GroupNotifyChoice level="none" pending={false} failed={false} chosen="none" onChoose={() => undefined} />);
    expect(html).toContain(`role="status">${saved}</p>`);
    expect(html).not.toContain('role="alert"');
  });

  it('says the choice was not saved when the server\'s came back', async () => {
    const html = await rendering.render('en-US', <GroupNotifyChoice level="all" pending={false} failed={false} chosen="none" onChoose={() => undefined} />);
    expect(html).toMatch(/checked="" value="all"/);
    expect(html).toContain('role="alert">Not saved: your earlier choice is back.');
  });

  it.each([
    ['en-US', 'Ana posted in Choir'],
    ['pt-BR', 'Ana publicou em Choir'],
    ['es-ES', 'Ana publicó en Choir'],
  ])('%s: a group post in the Notifications list names its author and the group', (locale, text) => {
    expect(rendering.instance.getFixedT(locale)('groupNotify.post', { name: 'Ana', group: 'Choir' })).toBe(text);
  });
});
