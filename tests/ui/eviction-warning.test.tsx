// Issue #13 point 5: the eviction warning. It shows exactly when the browser has NOT granted
// persistent storage and the outbox holds work: a mark on the sync indicator's pill and a short
// warning above the waiting list, which offers to install the app when the browser can, and says
// "stay online" or "connect" by the network. When to ask persist() (src/platform/storage-persistence.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { localeRender, type LocaleRender } from '../helpers/locale-render';
import { SyncIndicatorView, type SyncIndicatorStatus } from '../../src/components/sync-indicator';
import { EvictionNotice, WhenOpenNote } from '../../src/components/waiting-changes-dialog';
import { evictionWarningOf } from '../../src/components/eviction-warning';
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

const PERSISTENCES: Persistence[] = ['persisted', 'not-persisted', 'unknown', 'unsupported'];
const notWebKit = { isWebKit: false, isAppleMobile: false };
const noop = () => undefined;

describe('the eviction rule', () => {
  it.each([
    ['not-persisted', 1, true],
    ['not-persisted', 0, false],
    ['persisted', 1, false],
    ['persisted', 0, false],
    ['unknown', 1, false],
    ['unknown', 0, false],
    // No persistence API (WebKitGTK, older Safari): Safari's 7-day rule applies (issue #23 point 4).
    ['unsupported', 1, true],
    ['unsupported', 0, false],
  ] as const)('persistence %s with %i waiting: warning %s', (persistence, pending, expected) => {
    expect(isEvictionRisk(persistence, pending)).toBe(expected);
    expect(evictionWarningOf({ persistence, pending, isOnline: true, onInstall: null, ...notWebKit }) !== null).toBe(expected);
  });

  it('names the WebKit rule in Safari\'s family, or wherever the browser has no persistence API', () => {
    const facts = { pending: 1, isOnline: true, onInstall: null, isAppleMobile: false };
    expect(evictionWarningOf({ ...facts, persistence: 'unsupported', isWebKit: false })?.isWebKit).toBe(true);
    expect(evictionWarningOf({ ...facts, persistence: 'not-persisted', isWebKit: true })?.isWebKit).toBe(true);
    expect(evictionWarningOf({ ...facts, persistence: 'not-persisted', isWebKit: false })?.isWebKit).toBe(false);
  });
});

describe('the sync indicator', () => {
  it('marks the waiting pill only when persistence is not granted and something waits, online or offline', async () => {
    for (const persistence of PERSISTENCES) {
      for (const pending of [0, 2]) {
        for (const online of [true, false]) {
          const html = await render('en-US', <SyncIndicatorView status={status({ pending, online })} onShowFailed={noop} onShowWaiting={noop} persistence={persistence} />);
          const expected = (persistence === 'not-persisted' || persistence === 'unsupported') && pending > 0;
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
    const online = await render(locale, <EvictionNotice warning={{ isOnline: true, onInstall: null, ...notWebKit }} />);
    expect(online).toContain(stay);
    expect(online).not.toContain(connect);
    expect(online).not.toContain(install);
    const offline = await render(locale, <EvictionNotice warning={{ isOnline: false, onInstall: noop, ...notWebKit }} />);
    expect(offline).toContain(connect);
    expect(offline).not.toContain(stay);
    expect(offline).toMatch(new RegExp(`<button[^>]*>${install}</button>`));
  });

  it.each([
    ['en-US', '7 days without a visit', 'tap Share, then Add to Home Screen', 'Add to Dock'],
    ['pt-BR', '7 dias sem visita', 'toque em Compartilhar e depois em Adicionar à Tela de Início', 'Adicionar ao Dock'],
    ['es-ES', '7 días sin visitarlo', 'toca Compartir y después Añadir a pantalla de inicio', 'Añadir al Dock'],
  ])('in %s, in Safari\'s family: the 7-day rule, and how to install there (Share on iOS, the menu elsewhere)', async (locale, rule, ios, menu) => {
    const iphone = await render(locale, <EvictionNotice warning={{ isOnline: true, onInstall: null, isWebKit: true, isAppleMobile: true }} />);
    expect(iphone).toContain(rule);
    expect(iphone).toContain(ios);
    const desktop = await render(locale, <EvictionNotice warning={{ isOnline: true, onInstall: null, isWebKit: true, isAppleMobile: false }} />);
    expect(desktop).toContain(rule);
    expect(desktop).toContain(menu);
    expect(desktop).not.toContain(ios);
    const chromium = await render(locale, <EvictionNotice warning={{ isOnline: true, onInstall: null, ...notWebKit }} />);
    expect(chromium).not.toContain(rule);
    expect(chromium).not.toContain('eviction-install-how');
  });
});

it.each([
  ['en-US', 'they are sent while the app is open'],
  ['pt-BR', 'enquanto o aplicativo estiver aberto'],
  ['es-ES', 'mientras la aplicación está abierta'],
])('in %s, without Background Sync the waiting list says its changes go out while the app is open', async (locale, words) => {
  expect(await render(locale, <WhenOpenNote />)).toContain(words);
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
  it('reads the state; unsupported without the API', async () => {
    expect(await createStoragePersistence({ storage: fakeStorage(false).storage, store: memoryStore(), now: () => 0 }).refresh()).toBe('not-persisted');
    expect(await createStoragePersistence({ storage: fakeStorage(true).storage, store: memoryStore(), now: () => 0 }).refresh()).toBe('persisted');
    expect(await createStoragePersistence({ storage: undefined, store: memoryStore(), now: () => 0 }).refresh()).toBe('unsupported');
    expect(await createStoragePersistence({ storage: {}, store: memoryStore(), now: () => 0 }).ask('change')).toBe('unsupported');
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
