// docs/product.md §3 service worker message NAVIGATE_TO, the push payload {title, body, url}, and docs/product.md §7
// API config published to the service worker.
import { beforeEach, describe, expect, it } from 'vitest';
import { clearAllTables } from '../../src/model/db';
import { setMeta } from '../../src/model/meta';
import { apiConfigMessage, listenForNavigate, publishApiConfig } from '../../src/platform/sw-messages';
import { notificationTarget, parseApiConfig, parseNavigateTo, pushDisplayOf } from '../../common/sw-protocol';
import type { ApiConfigMessage } from '../../common/sw-protocol';
import { Listeners } from './support';

const ORIGIN = 'https://pray.example';

function messageSource() {
  const events = new Listeners();
  return {
    events,
    addEventListener: (type: 'message', listener: (event: MessageEvent) => void) => events.add(type, listener),
    removeEventListener: (type: 'message', listener: (event: MessageEvent) => void) => events.remove(type, listener),
    post: (data: unknown) => events.fire('message', { data }),
  };
}

describe('NAVIGATE_TO on the page', () => {
  it('routes same-origin targets as paths and sends anything else home', () => {
    const source = messageSource();
    const paths: string[] = [];
    listenForNavigate(source, ORIGIN, (path) => paths.push(path));
    source.post({ type: 'NAVIGATE_TO', url: '/community/post/12' });
    source.post({ type: 'NAVIGATE_TO', url: `${ORIGIN}/lists/3?tab=items#top` });
    source.post({ type: 'NAVIGATE_TO', url: 'https://evil.example/phish' });
    expect(paths).toEqual(['/community/post/12', '/lists/3?tab=items#top', '/']);
  });

  it('ignores other messages and stops when unsubscribed', () => {
    const source = messageSource();
    const paths: string[] = [];
    const stop = listenForNavigate(source, ORIGIN, (path) => paths.push(path));
    source.post({ type: 'OTHER', url: '/x' });
    source.post({ type: 'NAVIGATE_TO' });
    source.post('NAVIGATE_TO');
    stop();
    source.post({ type: 'NAVIGATE_TO', url: '/late' });
    expect(paths).toEqual([]);
    expect(source.events.count('message')).toBe(0);
  });

  it('parses only well-formed messages', () => {
    expect(parseNavigateTo({ type: 'NAVIGATE_TO', url: '/a' })).toEqual({ type: 'NAVIGATE_TO', url: '/a' });
    expect(parseNavigateTo({ type: 'NAVIGATE_TO', url: 3 })).toBeNull();
    expect(parseNavigateTo(null)).toBeNull();
  });
});

describe('push payload and notification click target', () => {
  it('reads {title, body, url} at the top level, under data, or under notification', () => {
    expect(pushDisplayOf({ title: 'Prayed', body: 'Ana prayed for you', url: '/community/post/1' })).toEqual({
      title: 'Prayed',
      body: 'Ana prayed for you',
      url: '/community/post/1',
    });
    expect(pushDisplayOf({ data: { title: 'T', body: 'B', url: '/lists/2' } })).toEqual({ title: 'T', body: 'B', url: '/lists/2' });
    expect(pushDisplayOf({ notification: { title: 'T' }, data: { url: '/x' } })).toEqual({ title: 'T', body: '', url: '/x' });
    expect(pushDisplayOf({ title: 'No url' })).toEqual({ title: 'No url', body: '', url: '/' });
  });

  it('shows nothing for a payload without a title', () => {
    expect(pushDisplayOf({ body: 'b' })).toBeNull();
    expect(pushDisplayOf('text')).toBeNull();
    expect(pushDisplayOf(null)).toBeNull();
  });

  it('leads to our url, or the link of a notification Firebase displayed; never off-site', () => {
    expect(notificationTarget({ url: '/community/post/5' }, ORIGIN)).toBe('/community/post/5');
    expect(notificationTarget({ FCM_MSG: { fcmOptions: { link: `${ORIGIN}/notifications` } } }, ORIGIN)).toBe('/notifications');
    expect(notificationTarget({ FCM_MSG: { data: { url: '/pray' } } }, ORIGIN)).toBe('/pray');
    expect(notificationTarget({ url: 'https://elsewhere.example/' }, ORIGIN)).toBe('/');
    expect(notificationTarget(undefined, ORIGIN)).toBe('/');
  });
});

type Posted = ApiConfigMessage[];

function controllerSource() {
  const events = new Listeners();
  const posted: Posted = [];
  const controller: { postMessage(message: ApiConfigMessage): void } | null = { postMessage: (message) => void posted.push(message) };
  const source = {
    controller,
    addEventListener: (type: 'controllerchange', listener: () => void) => events.add(type, listener),
    removeEventListener: (type: 'controllerchange', listener: () => void) => events.remove(type, listener),
  };
  return { source, events, posted };
}

async function waitFor(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
}

describe('API config published to the service worker', () => {
  beforeEach(async () => {
    await clearAllTables();
  });

  it('builds {type: API_CONFIG, baseUrl, headers} without any token', () => {
    const message = apiConfigMessage(`${ORIGIN}/api/v1`, { channelId: 2, lang: 'pt-BR' });
    expect(message).toEqual({
      type: 'API_CONFIG',
      baseUrl: `${ORIGIN}/api/v1`,
      headers: { accept: 'application/json', 'x-platform': 'web', 'x-version': '1.0.0', 'x-channel-id': '2', 'x-lang': 'pt-BR' },
    });
    expect(parseApiConfig(message)).toEqual(message);
    expect(parseApiConfig({ type: 'API_CONFIG', baseUrl: 1, headers: {} })).toBeNull();
  });

  it('publishes now, again when the channel changes, and to a new controller', async () => {
    const { source, events, posted } = controllerSource();
    await setMeta('channel', { channelId: 1, lang: 'en-US' });
    const stop = publishApiConfig(source, `${ORIGIN}/api/v1`);
    await waitFor(() => posted.length === 1);
    expect(posted[0]?.headers['x-channel-id']).toBe('1');

    await setMeta('channel', { channelId: 3, lang: 'es-ES' });
    await waitFor(() => posted.length === 2);
    expect(posted[1]?.headers).toMatchObject({ 'x-channel-id': '3', 'x-lang': 'es-ES' });

    events.fire('controllerchange');
    expect(posted).toHaveLength(3);
    expect(posted[2]).toEqual(posted[1]);
    stop();
    expect(events.count('controllerchange')).toBe(0);
  });
});
