// Issue #13 point 5: the eviction warning. It shows exactly when the browser has NOT granted
// persistent storage and the outbox holds work: a mark on the sync indicator's pill and a short
// warning above the waiting list, which offers to install the app when the browser can, and says
// "stay online" or "connect" by the network. When to ask persist() (src/platform/storage-persistence.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { localeRender, type LocaleRender } from '../helpers/locale-render';
import { SyncIndicatorView, type SyncIndicatorStatus } from '../../src/components/sync-indicator';
import { EvictionNotice, evictionWarningOf } from '../../src/components/waiting-changes-dialog';
import {
  createStoragePersistence, isEvictionRisk, PERSIST_ASKED_KEY, type Persistence, type StorageManagerLike,
} from '../../src/platform/storage-persistence';
import { memoryStore } from '../../src/platform/runtime';
import { PROMPT_DISMISS_MS } from '../../common/constants';

let rendering: LocaleRender;
beforeAll(async () => {
  rendering = await localeRender();
});
const render = (locale: string, node: ReactNode) => rendering.render(locale, node);

const status = (overrides: Partial<SyncIndicatorStatus>): SyncIndicatorStatus => ({
  online: true, pending: 0, syncing: false, failed: 0, stalled: false, ...overrides,
});

const PERSISTENCES: Persistence[] = ['persisted', 'not-persisted', 'unknown'];
const noop = () => undefined;

describe('the eviction rule', () => {
  it.each([
    ['not-persisted', 1, true],
    ['not-persisted', 0, false],
    ['persisted', 1, false],
    ['persisted', 0, false],
    ['unknown', 1, false],
    ['unknown', 0, false],
  ] as const)('persistence %s with %i waiting: warning %s', (persistence, pending, expected) => {
    expect(isEvictionRisk(persistence, pending)).toBe(expected);
    expect(evictionWarningOf({ persistence, pending, isOnline: true, onInstall: null }) !== null).toBe(expected);
  });
});

describe('the sync indicator', () => {
  it('marks the waiting pill only when persistence is not granted and something waits, online or offline', async () => {
    for (const persistence of PERSISTENCES) {
      for (const pending of [0, 2]) {
        for (const online of [true, false]) {
          const html = await render('en-US', <SyncIndicatorView status={status({ pending, online })} onShowFailed={noop} onShowWaiting={noop} persistence={persistence} />);
          const expected = persistence === 'not-persisted' && pending > 0;
          expect(html.includes('sync-pill__risk'), `${persistence} ${pending} ${online}`).toBe(expected);
          expect(html.includes('only on this device for now')).toBe(expected);
        }
      }
    }
  });

  it('keeps the pill text first, so its name starts with what it shows', async () => {
    const html = await render('pt-BR', <SyncIndicatorView status={status({ pending: 2, online: false })} onShowFailed={noop} onShowWaiting={noop} persistence="not-persisted" />);
    expect(html).toContain('aria-label="Sem conexão · 2 aguardando, por enquanto só neste aparelho"');
  });
});

describe('the warning in the waiting list', () => {
  it.each([
    ['en-US', 'Stay online until they are sent.', 'Connect to the internet to send them.', 'Install the app'],
    ['pt-BR', 'Fique online até que sejam enviadas.', 'Conecte-se à internet para enviá-las.', 'Instalar o aplicativo'],
    ['es-ES', 'Mantente conectado hasta que se envíen.', 'Conéctate a internet para enviarlos.', 'Instalar la aplicación'],
  ])('in %s says what helps: stay online, or connect; install only when the browser offers it', async (locale, stay, connect, install) => {
    const online = await render(locale, <EvictionNotice warning={{ isOnline: true, onInstall: null }} />);
    expect(online).toContain(stay);
    expect(online).not.toContain(connect);
    expect(online).not.toContain(install);
    const offline = await render(locale, <EvictionNotice warning={{ isOnline: false, onInstall: noop }} />);
    expect(offline).toContain(connect);
    expect(offline).not.toContain(stay);
    expect(offline).toMatch(new RegExp(`<button[^>]*>${install}</button>`));
  });
});

/** A StorageManager that grants persistence on the `grantOnAsk`-th persist() call (0: never). */
function fakeStorage(initially: boolean, grantOnAsk = 0) {
  const state = { persisted: initially, asks: 0 };
  const storage: StorageManagerLike = {
    persisted: () => Promise.resolve(state.persisted),
    persist: () => {
      state.asks += 1;
      if (state.asks === grantOnAsk) state.persisted = true;
      return Promise.resolve(state.persisted);
    },
  };
  return { state, storage };
}

describe('asking the browser to keep the storage', () => {
  it('reads the state, unknown without the API', async () => {
    expect(await createStoragePersistence({ storage: fakeStorage(false).storage, store: memoryStore(), now: () => 0 }).refresh()).toBe('not-persisted');
    expect(await createStoragePersistence({ storage: fakeStorage(true).storage, store: memoryStore(), now: () => 0 }).refresh()).toBe('persisted');
    expect(await createStoragePersistence({ storage: undefined, store: memoryStore(), now: () => 0 }).refresh()).toBe('unknown');
    expect(await createStoragePersistence({ storage: {}, store: memoryStore(), now: () => 0 }).ask('change')).toBe('unknown');
  });

  it('asks after a change once a page and at most once a week; never when already persisted', async () => {
    const store = memoryStore();
    let now = 1_000_000;
    const { state, storage } = fakeStorage(false);
    const page = createStoragePersistence({ storage, store, now: () => now });
    expect(await page.ask('change')).toBe('not-persisted');
    await page.ask('change');
    expect(state.asks).toBe(1);
    expect(store.getItem(PERSIST_ASKED_KEY)).toBe(String(now));
    // A new page within the week: not again.
    await createStoragePersistence({ storage, store, now: () => now }).ask('change');
    expect(state.asks).toBe(1);
    now += PROMPT_DISMISS_MS;
    await createStoragePersistence({ storage, store, now: () => now }).ask('change');
    expect(state.asks).toBe(2);
    const granted = fakeStorage(true);
    await createStoragePersistence({ storage: granted.storage, store: memoryStore(), now: () => now }).ask('change');
    expect(granted.state.asks).toBe(0);
  });

  it('asks once more when installed, whatever the week says, and the state follows the answer', async () => {
    const store = memoryStore();
    const { state, storage } = fakeStorage(false, 2);
    const page = createStoragePersistence({ storage, store, now: () => 5 });
    const seen: Persistence[] = [];
    page.subscribe(() => seen.push(page.getSnapshot()));
    await page.ask('change');
    expect(await page.ask('installed')).toBe('persisted');
    expect(state.asks).toBe(2);
    expect(seen).toEqual(['not-persisted', 'persisted']);
    await page.ask('installed');
    expect(state.asks).toBe(2);
  });
});
