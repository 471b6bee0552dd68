// Issue #13 point 2: how a reminder reads in Settings → Prayer reminders, in the three languages:
// its days (weekday names from Intl, "every day", "every day until" for "daily for N days"), its
// time, its next time, the waiting note, and the on/off switch's state.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { localeRender, type LocaleRender } from '../helpers/locale-render';
import { ReminderRow, type ReminderRowData } from '../../src/components/reminder-row';
import { scheduleLabel, targetLabel } from '../../src/components/reminder-texts';

let rendering: LocaleRender;
beforeAll(async () => {
  rendering = await localeRender();
});
const render = (locale: string, node: ReactNode) => rendering.render(locale, node);

const noop = () => undefined;
const row = (overrides: Partial<ReminderRowData>): ReminderRowData => ({
  what: 'Bookmarks', days: [1, 3, 5], time: '07:30', ends_on: null, enabled: true, nextAt: Date.parse('2026-03-04T07:30:00Z'), isWaiting: false, ...overrides,
});

describe('a reminder row', () => {
  it('names its weekdays and time in the interface language', async () => {
    expect(await render('en-US', <ReminderRow reminder={row({})} onToggle={noop} onEdit={noop} onDelete={noop} />)).toContain('Mon, Wed, Fri at 7:30');
    expect(await render('pt-BR', <ReminderRow reminder={row({})} onToggle={noop} onEdit={noop} onDelete={noop} />)).toContain('seg., qua., sex. às 07:30');
    expect(await render('es-ES', <ReminderRow reminder={row({})} onToggle={noop} onEdit={noop} onDelete={noop} />)).toContain('lun, mié, vie a las 7:30');
  });

  it('says "every day", and "every day until" for a reminder that ends', async () => {
    const t = rendering.instance.getFixedT('en-US');
    expect(scheduleLabel({ days: [0, 1, 2, 3, 4, 5, 6], time: '21:00', ends_on: null }, t, 'en-US')).toBe('Every day at 9:00 PM');
    expect(scheduleLabel({ days: [0, 1, 2, 3, 4, 5, 6], time: '21:00', ends_on: '2026-03-07' }, t, 'en-US')).toBe('Every day until March 7 at 9:00 PM');
    const pt = rendering.instance.getFixedT('pt-BR');
    expect(scheduleLabel({ days: [0, 1, 2, 3, 4, 5, 6], time: '21:00', ends_on: '2026-03-07' }, pt, 'pt-BR')).toBe('Todos os dias até 7 de março às 21:00');
    expect(targetLabel({ kind: 'session', source: { kind: 'list', list_id: 3 } }, 'Family', rendering.instance.getFixedT('es-ES'))).toBe('La lista «Family»');
    expect(targetLabel({ kind: 'post', post_id: 3 }, 'Pray for my sister', t)).toBe('Pray for my sister');
  });

  it('shows a waiting change and the switch state', async () => {
    const waiting = await render('en-US', <ReminderRow reminder={row({ isWaiting: true, enabled: false, nextAt: null })} onToggle={noop} onEdit={noop} onDelete={noop} />);
    expect(waiting).toContain('Saved on this device; it will be sent when you are online.');
    expect(waiting).toContain('role="switch" aria-checked="false"');
    expect(waiting).toContain('No upcoming reminder');
    const sent = await render('en-US', <ReminderRow reminder={row({})} onToggle={noop} onEdit={noop} onDelete={noop} />);
    expect(sent).not.toContain('Saved on this device');
    expect(sent).toContain('aria-checked="true"');
  });
});
