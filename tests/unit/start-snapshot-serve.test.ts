// When the service worker serves the start snapshot (sw/start-snapshot.ts startSnapshotFor) and when
// it gives the shell instead. Cache Storage does not run in Node: a small stand-in holds the one
// snapshot and records deletes (the real one runs in e2e/start-snapshot.spec.ts and the
// cross-engine journey 9).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSnapshotFor } from '../../sw/start-snapshot';
import { START_SNAPSHOT_CACHE, START_SNAPSHOT_KEY } from '../../common/start-snapshot';
import { relativeTable } from '../../common/relative-time';

const NOW = Date.parse('2026-11-29T12:00:00Z');
const HOUR_AGO = new Date(NOW - 3600_000).toISOString();
const SCRIPT = '/assets/boot-abc123.js';
const CSP = "default-src 'self'";

let stored: Response | undefined;
let deletes: string[];

function snapshot(headers: Record<string, string> = {}): Response {
  const body = `<!doctype html><html lang="en-US"><head><script type="module" src="${SCRIPT}"></script></head><body><div id="root"><div class="start-snapshot"><article><time datetime="${HOUR_AGO}" title="t">now</time></article></div></div></body></html>`;
  return new Response(body, {
    headers: {
      'x-snapshot-path': '/community', 'x-snapshot-scripts': SCRIPT, 'x-snapshot-at': String(NOW),
      'x-snapshot-times': encodeURIComponent(JSON.stringify(relativeTable('en-US'))), ...headers,
    },
  });
}

const shell = () => Promise.resolve(new Response('<!doctype html><title>shell</title>', { headers: { 'content-security-policy': CSP, 'content-length': '33' } }));
const precached = (path: string) => path === SCRIPT;
const serve = (address: string) => startSnapshotFor(new URL(address, 'https://prayer.example'), precached, shell());

beforeEach(() => {
  deletes = [];
  stored = snapshot();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  vi.stubGlobal('caches', {
    match: (key: string, options: { cacheName: string }) => Promise.resolve(key === START_SNAPSHOT_KEY && options.cacheName === START_SNAPSHOT_CACHE ? stored?.clone() : undefined),
    delete: (name: string) => {
      deletes.push(name);
      stored = undefined;
      return Promise.resolve(true);
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('startSnapshotFor', () => {
  it('serves it at its own address with the shell’s headers, its times told as of now', async () => {
    const served = await serve('/community');
    expect(served).not.toBeNull();
    expect(served?.headers.get('content-security-policy')).toBe(CSP);
    expect(served?.headers.get('content-length')).toBeNull();
    expect(served?.headers.get('server-timing')).toMatch(/snapshot-read;dur=/);
    expect(await served?.text()).toContain('>1 hour ago</time>');
  });

  it('gives the shell at another address or with a query, and keeps the snapshot', async () => {
    expect(await serve('/pt/community')).toBeNull();
    expect(await serve('/community?type=THANKS')).toBeNull();
    expect(deletes).toEqual([]);
  });

  it('drops a snapshot whose scripts this worker does not hold (another build)', async () => {
    stored = snapshot({ 'x-snapshot-scripts': '/assets/boot-old999.js' });
    expect(await serve('/community')).toBeNull();
    await vi.waitFor(() => expect(deletes).toEqual([START_SNAPSHOT_CACHE]));
  });

  it('drops a snapshot drawn on another day (the counts of "today")', async () => {
    // 25 hours before is another calendar day wherever the device is.
    stored = snapshot({ 'x-snapshot-at': String(NOW - 25 * 3600_000) });
    expect(await serve('/community')).toBeNull();
    await vi.waitFor(() => expect(deletes).toEqual([START_SNAPSHOT_CACHE]));
  });

  it('words its times itself when the table is missing', async () => {
    stored = snapshot({ 'x-snapshot-times': 'not json' });
    expect(await (await serve('/community'))?.text()).toContain('>1 hour ago</time>');
  });
});
