// The abuse limit's database store (issue #14 point 5, server/http/rate-limit-store.ts): one
// atomic count per key and window, on PGlite and on PostgreSQL (the same SQL; only PostgreSQL
// uses it in production, server/app.ts). Two app instances on one database share the budget.
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { countHit, routeKeyPrefix } from '../../server/http/rate-limit-store';
import { useTestDb } from '../helpers/use-test-db';

const testDb = useTestDb({ seed: true });

describe('countHit', () => {
  it('counts hits per key inside a window, and starts over once the window has ended', async () => {
    const { db } = testDb.handle;
    const first = await countHit(db, 'POST /auth/login|10.0.0.1', 60_000);
    const second = await countHit(db, 'POST /auth/login|10.0.0.1', 60_000);
    const other = await countHit(db, 'POST /auth/login|10.0.0.2', 60_000);
    expect([first.current, second.current, other.current]).toEqual([1, 2, 1]);
    expect(second.ttl).toBeGreaterThan(55_000);
    expect(second.ttl).toBeLessThanOrEqual(60_000);

    await countHit(db, 'short', 200);
    expect((await countHit(db, 'short', 200)).current).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 250));
    const fresh = await countHit(db, 'short', 200);
    expect(fresh.current).toBe(1);
    expect(fresh.ttl).toBeGreaterThan(100);
  });

  it('never loses a hit when many arrive at once', async () => {
    const { db } = testDb.handle;
    const results = await Promise.all(Array.from({ length: 20 }, () => countHit(db, 'burst', 60_000)));
    expect(results.map((r) => r.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});

describe('routeKeyPrefix', () => {
  it('names the route from the plugin options (routeInfo) or the route itself', () => {
    expect(routeKeyPrefix({ routeInfo: { method: 'POST', url: '/api/v1/auth/login' } })).toBe('POST /api/v1/auth/login|');
    expect(routeKeyPrefix({ method: ['GET', 'HEAD'], url: '/x' })).toBe('GET,HEAD /x|');
  });
});

describe('two app instances on one database with the database store', () => {
  it('count one budget: the third login attempt is refused on whichever instance it lands', async () => {
    const config = loadConfig({}, { rateLimit: { enabled: true, max: 2, timeWindowMs: 60_000 }, logger: false, push: null });
    const apps = await Promise.all([0, 1].map(() => buildApp({ db: testDb.handle.db, config, dbKind: 'postgres' })));
    try {
      const attempt = (index: number) => apps[index % 2]?.inject({
        method: 'POST', url: '/api/v1/auth/login', payload: { email: 'nobody-limit@prayer.local', password: 'wrong-password' },
        remoteAddress: '10.9.9.9',
      });
      const statuses = [];
      for (const index of [0, 1, 0, 1]) statuses.push((await attempt(index))?.statusCode);
      expect(statuses).toEqual([401, 401, 429, 429]);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
  });
});
