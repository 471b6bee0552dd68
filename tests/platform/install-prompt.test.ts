// docs/product.md §4/§9 install prompt: captured once, the 7-day dismissal, the permanent hide flag, and
// the installed app, with a controlled clock.
import { describe, expect, it } from 'vitest';
import { HIDE_INSTALL_KEY, INSTALL_PROMPT_DISMISSED_KEY, PROMPT_DISMISS_MS } from '../../common/constants';
import { FIRST_VISIT_DAY_KEY, HAS_PRAYED_KEY, localDay } from '../../src/platform/engagement';
import { createInstallPrompt, type InstallPromptEvent } from '../../src/platform/install-prompt';
import { Listeners, mapStore } from './support';

const NOW = 1_700_000_000_000;

class FakeInstallEvent extends Event implements InstallPromptEvent {
  prevented = false;
  prompts = 0;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;

  constructor(outcome: 'accepted' | 'dismissed') {
    super('beforeinstallprompt');
    this.userChoice = Promise.resolve({ outcome });
  }

  override preventDefault(): void {
    this.prevented = true;
  }

  async prompt(): Promise<void> {
    this.prompts += 1;
  }
}

function installEvent(outcome: 'accepted' | 'dismissed' = 'accepted'): FakeInstallEvent {
  return new FakeInstallEvent(outcome);
}

/** `store` defaults to someone who has prayed here (issue #12: the prompt waits for that or a return). */
function setup(options: { standalone?: boolean; store?: Record<string, string>; now?: number } = {}) {
  const events = new Listeners();
  const storage = mapStore(options.store ?? { [HAS_PRAYED_KEY]: 'true' });
  let standalone = options.standalone ?? false;
  const prompt = createInstallPrompt({
    target: { addEventListener: (type, l) => events.add(type, l), removeEventListener: (type, l) => events.remove(type, l) },
    storage,
    isStandalone: () => standalone,
    now: () => options.now ?? NOW,
  });
  return { events, storage, prompt, setStandalone: (value: boolean) => (standalone = value) };
}

describe('install prompt', () => {
  it('captures beforeinstallprompt, suppresses the browser infobar, and then may show', () => {
    const { events, prompt } = setup();
    expect(prompt.shouldShow(NOW)).toBe(false);
    const event = installEvent();
    events.fire('beforeinstallprompt', event);
    expect(event.prevented).toBe(true);
    expect(prompt.shouldShow(NOW)).toBe(true);
  });

  it('never shows in the installed app (display-mode standalone) or after appinstalled', () => {
    const a = setup({ standalone: true });
    a.events.fire('beforeinstallprompt', installEvent());
    expect(a.prompt.shouldShow(NOW)).toBe(false);

    const b = setup();
    b.events.fire('beforeinstallprompt', installEvent());
    b.events.fire('appinstalled');
    expect(b.prompt.shouldShow(NOW)).toBe(false);
    expect(b.prompt.getSnapshot()).toEqual({ canPrompt: false, installed: true });
  });

  it('stays hidden for 7 days after "not now", stored as a timestamp', () => {
    const { events, prompt, storage } = setup();
    events.fire('beforeinstallprompt', installEvent());
    prompt.dismiss(NOW);
    expect(storage.getItem(INSTALL_PROMPT_DISMISSED_KEY)).toBe(String(NOW));
    expect(prompt.shouldShow(NOW + PROMPT_DISMISS_MS - 1)).toBe(false);
    expect(prompt.shouldShow(NOW + PROMPT_DISMISS_MS)).toBe(true);
  });

  it('a dismissal from an earlier visit counts too', () => {
    const { events, prompt } = setup({ store: { [HAS_PRAYED_KEY]: 'true', [INSTALL_PROMPT_DISMISSED_KEY]: String(NOW - 1000) } });
    events.fire('beforeinstallprompt', installEvent());
    expect(prompt.shouldShow(NOW)).toBe(false);
  });

  it('hides for good with vite-pwa:hide-install = "true"', () => {
    const { events, prompt, storage } = setup();
    events.fire('beforeinstallprompt', installEvent());
    prompt.hideForever();
    expect(storage.getItem(HIDE_INSTALL_KEY)).toBe('true');
    expect(prompt.shouldShow(NOW + 10 * PROMPT_DISMISS_MS)).toBe(false);
  });

  it('prompts the captured event once', async () => {
    const { events, prompt } = setup();
    const event = installEvent('accepted');
    events.fire('beforeinstallprompt', event);
    expect(await prompt.prompt()).toBe('accepted');
    expect(event.prompts).toBe(1);
    expect(await prompt.prompt()).toBe('unavailable');
    expect(event.prompts).toBe(1);
    expect(prompt.shouldShow(NOW)).toBe(false);
  });

  it('declining the browser dialog hides the prompt permanently (docs/product.md §4 cancelling)', async () => {
    const { events, prompt, storage } = setup();
    events.fire('beforeinstallprompt', installEvent('dismissed'));
    expect(await prompt.prompt()).toBe('dismissed');
    expect(storage.getItem(HIDE_INSTALL_KEY)).toBe('true');
    events.fire('beforeinstallprompt', installEvent());
    expect(prompt.shouldShow(NOW)).toBe(false);
  });

  it('notifies subscribers, with a snapshot that changes only on change', () => {
    const { events, prompt } = setup();
    let calls = 0;
    const unsubscribe = prompt.subscribe(() => (calls += 1));
    const first = prompt.getSnapshot();
    expect(prompt.getSnapshot()).toBe(first);
    events.fire('beforeinstallprompt', installEvent());
    expect(calls).toBe(1);
    expect(prompt.getSnapshot()).toEqual({ canPrompt: true, installed: false });
    expect(prompt.getSnapshot()).not.toBe(first);
    unsubscribe();
    prompt.dismiss(NOW);
    expect(calls).toBe(1);
  });

  it('ignores events that are not install prompts, and stops listening when stopped', () => {
    const { events, prompt } = setup();
    events.fire('beforeinstallprompt', new Event('beforeinstallprompt'));
    expect(prompt.getSnapshot().canPrompt).toBe(false);
    prompt.stop();
    expect(events.count('beforeinstallprompt')).toBe(0);
    expect(events.count('appinstalled')).toBe(0);
  });

  describe('waits for a prayer or a return (issue #12)', () => {
    const DAY_MS = 24 * 60 * 60 * 1000;

    it('not on the first visit, nor on a reload the same day; from the next day on', () => {
      const { events, prompt, storage } = setup({ store: {} });
      expect(storage.getItem(FIRST_VISIT_DAY_KEY)).toBe(localDay(NOW));
      events.fire('beforeinstallprompt', installEvent());
      expect(prompt.shouldShow(NOW)).toBe(false);
      expect(prompt.shouldShow(NOW + 60_000)).toBe(false);
      expect(prompt.shouldShow(NOW + DAY_MS)).toBe(true);
    });

    it('a later start keeps the first day; a prayer lets it show at once and is told to listeners once', () => {
      const firstDay = localDay(NOW - 3 * DAY_MS);
      const returning = setup({ store: { [FIRST_VISIT_DAY_KEY]: firstDay } });
      expect(returning.storage.getItem(FIRST_VISIT_DAY_KEY)).toBe(firstDay);
      returning.events.fire('beforeinstallprompt', installEvent());
      expect(returning.prompt.shouldShow(NOW)).toBe(true);

      const fresh = setup({ store: {} });
      fresh.events.fire('beforeinstallprompt', installEvent());
      let changes = 0;
      fresh.prompt.subscribe(() => (changes += 1));
      fresh.prompt.notePrayed();
      fresh.prompt.notePrayed();
      expect(changes).toBe(1);
      expect(fresh.storage.getItem(HAS_PRAYED_KEY)).toBe('true');
      expect(fresh.prompt.shouldShow(NOW)).toBe(true);
    });
  });
});
