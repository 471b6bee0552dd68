// Issue #49 major 5 and review m13: the invite's card says who invited the person (a guest who chose
// no name as "Visitante 4821"), the group's name and member count; without a known inviter the
// Portuguese heading has no gender ("Você recebeu um convite", not "Você foi convidado").
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiInvitePreview } from '../../common/group-contract';
import { guestNumber } from '../../common/guest-name';
import { InviteCard } from '../../src/routes/-invite-card';
import { localeRender, type LocaleRender } from '../helpers/locale-render';

let rendering: LocaleRender;
beforeAll(async () => { rendering = await localeRender(); });

const preview = (invitedBy: ApiInvitePreview['invited_by']): ApiInvitePreview => ({
  group: { id: 7, name: 'Tuesday Small Group', description: null, channel_id: 2, picture: null, member_count: 3 },
  joinable: true, reason: null, invited_by: invitedBy,
});

describe("the invite's card", () => {
  it.each([
    ['en-US', 'Demo Member invited you to a prayer group', '3 members'],
    ['pt-BR', 'Demo Member convidou você para um grupo de oração', '3 membros'],
    ['es-ES', 'Demo Member te invitó a un grupo de oración', '3 miembros'],
  ])('%s: who invited them, the group and its size', async (locale, heading, members) => {
    const html = await rendering.render(locale, <InviteCard preview={preview({ id: 1, name: 'Demo Member' })} />);
    expect(html).toContain(`>${heading}</h1>`);
    expect(html).toContain('>Tuesday Small Group</h2>');
    expect(html).toContain(`>${members}</p>`);
  });

  it('pt-BR: a guest inviter is named as a guest, and with no inviter the heading has no gender', async () => {
    expect(await rendering.render('pt-BR', <InviteCard preview={preview({ id: 42, name: '' })} />)).toContain(`>Visitante ${String(guestNumber(42))} convidou você`);
    const html = await rendering.render('pt-BR', <InviteCard preview={preview(null)} />);
    expect(html).toContain('>Você recebeu um convite para um grupo de oração</h1>');
    expect(html).not.toMatch(/convidad[oa]/);
  });
});
