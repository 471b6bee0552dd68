// Issue #27 item 2: GET /metrics (server/http/metrics.ts, docs/deploy.md 'Metrics'): off by default,
// and once METRICS_TOKEN is set, only for that bearer token; the Prometheus text then counts
// requests by route pattern and status, sync/push batches and items, replays, refusals by code,
// push sends by result (through the local fake FCM), the reminder backlog and lag, the database's
// use and the process's default metrics; the live streams open, pokes sent and streams refused (issue #48).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ReminderInput } from '../../common/reminders-contract';
import { startApi, useApi, type Api } from './api';
import { liveStream, settle } from './live-support';
import { addDevice, useFakeFcm } from './notifications-fake-fcm';
import { pushOk } from './sync-support';

const TOKEN = 'metrics-token-for-the-test-0123456789';

function scrape(api: Api, authorization?: string): Promise<Response> {
  return fetch(`${api.server.url}/metrics`, authorization === undefined ? {} : { headers: { authorization } });
}

/** The value of one sample line (`name{labels} value`), or undefined when the line is not there. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics off (no METRICS_TOKEN)', () => {
  const api = useApi({ seed: false });

  it('is a 404 like any unknown address, with or without a token', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}`]) {
      const response = await scrape(api, authorization);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('# HELP');
    }
  });
});

describe('GET /metrics on', () => {
  const fcm = useFakeFcm();
  // No scheduler tick: the reminder made due below stays due until scraped.
  const api = useApi(() => ({ metricsToken: TOKEN, push: fcm.config, reminderTickMs: 0 }));

  it('answers 401 without the token or with another, in constant time and without a hint', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN]) {
      const response = await scrape(api, authorization);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(await response.text()).not.toContain('# HELP');
    }
  });

  it('counts requests, sync/push, replays, refusals, push sends, reminders and the database', async () => {
    const author = await api.register('Metrics Author');
    const friend = await api.register('Metrics Friend');
    const device = `device-${randomUUID()}`;
    await addDevice(api, author.authorization.token, device);
    const post = await api.createPost(author.authorization.token, { text: 'Please pray for the harvest.', type: 'REQUEST' });
    expect((await api.call('GET', 'health')).status).toBe(200);
    expect((await api.call('GET', 'auth/me')).status).toBe(401);
    // A single call sent twice with its key: the second is a replay.
    for (let i = 0; i < 2; i += 1) {
      const r = await api.call('POST', 'post', { token: friend.authorization.token, body: { text: 'Strength for the week.', type: 'REQUEST' }, headers: { 'idempotency-key': 'metrics-single-1' } });
      expect(r.status).toBe(201);
    }
    // A batch of three: a pray (which pushes to the author's device), its key again (a replay) and a refusal.
    const results = await pushOk(api, friend.authorization.token, [
      { key: 'metrics-pray-1', method: 'POST', path: `post/${post.id}/pray` },
      { key: 'metrics-pray-1', method: 'POST', path: `post/${post.id}/pray` },
      { key: 'metrics-missing-1', method: 'POST', path: 'post/999999999/pray' },
    ]);
    expect(results.map((r) => [r.status, r.replayed])).toEqual([[200, false], [200, true], [404, false]]);
    expect((await fcm.waitForSent(device, 1)).length).toBeGreaterThan(0);
    const reminderId = randomUUID();
    const reminder: ReminderInput = { target: { kind: 'post', post_id: post.id }, days: [0, 1, 2, 3, 4, 5, 6], time: '08:00', time_zone: 'UTC', ends_on: null, enabled: true };
    expect((await api.call('PUT', `reminders/${reminderId}`, { token: author.authorization.token, body: reminder })).status).toBe(200);
    await api.server.handle.withSession((s) => s.rows("UPDATE reminders SET next_at = now() - interval '10 minutes' WHERE id = $1", [reminderId]));

    const response = await scrape(api, `Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();

    expect(sample(text, 'prayer_http_requests_total{method="GET",route="/api/v1/health",status="200"}')).toBe(1);
    expect(sample(text, 'prayer_http_requests_total{method="GET",route="/api/v1/auth/me",status="401"}')).toBe(1);
    expect(sample(text, 'prayer_http_requests_total{method="POST",route="/api/v1/sync/push",status="200"}')).toBe(1);
    expect(sample(text, 'prayer_http_requests_total{method="GET",route="/metrics",status="401"}')).toBeGreaterThanOrEqual(5);
    // The route's pattern, never the address with its ids.
    expect(text).not.toContain(`/post/${post.id}`);
    expect(sample(text, 'prayer_http_request_duration_seconds_count{method="GET",route="/api/v1/health"}')).toBe(1);
    expect(text).toContain('prayer_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/v1/health"}');

    expect(sample(text, 'prayer_sync_push_batches_total')).toBe(1);
    expect(sample(text, 'prayer_sync_push_items_total')).toBe(3);
    expect(sample(text, 'prayer_idempotent_replays_total{via="sync_push"}')).toBe(1);
    expect(sample(text, 'prayer_idempotent_replays_total{via="request"}')).toBe(1);
    expect(sample(text, 'prayer_refusals_total{code="post.not_found",via="sync_push"}')).toBe(1);
    expect(sample(text, 'prayer_refusals_total{code="auth.unauthenticated",via="request"}')).toBeGreaterThanOrEqual(6);
    expect(sample(text, 'prayer_push_sends_total{result="sent"}')).toBe(fcm.sent.length);

    expect(sample(text, 'prayer_reminder_backlog')).toBe(1);
    expect(sample(text, 'prayer_reminder_lag_seconds')).toBeGreaterThanOrEqual(590);
    expect(sample(text, 'prayer_db_pool_connections')).toBeGreaterThanOrEqual(1);
    for (const name of ['prayer_db_pool_idle_connections', 'prayer_db_pool_waiting', 'prayer_db_in_flight']) expect(sample(text, name)).toBeGreaterThanOrEqual(0);
    // prom-client's defaults: memory and the event loop's delay.
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toContain('# TYPE nodejs_eventloop_lag_p99_seconds gauge');
  });

  it('counts the live streams open, the pokes sent by kind and the streams refused (issue #48)', async () => {
    const author = (await api.register('Live Metrics')).authorization.token;
    const watcher = (await api.register('Live Watcher')).authorization.token;
    const stream = await liveStream(api.server.url, watcher);
    let text = await (await scrape(api, `Bearer ${TOKEN}`)).text();
    expect(sample(text, 'prayer_live_streams')).toBe(1);
    await api.createPost(author, { text: 'Counted by the metrics.', type: 'REQUEST' });
    await stream.poke((p) => p.new_posts !== undefined);
    stream.close();
    await settle(200);
    text = await (await scrape(api, `Bearer ${TOKEN}`)).text();
    expect(sample(text, 'prayer_live_streams')).toBe(0);
    expect(sample(text, 'prayer_live_pokes_total{kind="new_posts"}')).toBeGreaterThanOrEqual(1);
    expect(text).toContain('# TYPE prayer_live_refused_total counter');
  });

  it('keeps the counts of one app apart from another app in the same process', async () => {
    const other = await startApi({ seed: false, metricsToken: TOKEN, reminderTickMs: 0 });
    try {
      const text = await (await scrape(other, `Bearer ${TOKEN}`)).text();
      expect(sample(text, 'prayer_sync_push_batches_total')).toBe(0);
      expect(text).not.toContain('route="/api/v1/sync/push"');
    } finally {
      await other.close();
    }
  });
});
