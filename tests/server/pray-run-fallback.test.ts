// A run of prays whose answers cannot be stored (a key claimed by another call between the push's
// read of its keys and the run's insert of them, server/domain/idempotency.ts storeAnswers) is
// undone whole and applied one call at a time: each pray counted once, each answered as its
// single call. The claim "meanwhile" is made by a trigger of the test's own, once: a sequence
// (not undone by a rollback) lets it fire for the first prayer row inserted and never again.
// Embedded and PostgreSQL alike (plain SQL).
import { beforeAll, describe, expect, it } from 'vitest';
import type { PushMutation } from '../../common/sync-contract';
import { useApi } from './api';
import { newRequest } from './post-actors';
import { countRows, pushOk } from './sync-support';

const api = useApi();
let token: string;
let userId: number;
let postIds: number[];
beforeAll(async () => {
  const registered = await api.register('Claimed Clara');
  token = registered.authorization.token;
  userId = registered.user.id;
  const author = (await api.register('Author Alex')).authorization.token;
  postIds = [(await newRequest(api, author, 'First request')).id, (await newRequest(api, author, 'Second request')).id];
  await api.server.handle.withSession((s) => s.exec(`
    CREATE SEQUENCE claim_once;
    CREATE FUNCTION claim_meanwhile() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF nextval('claim_once') = 1 THEN
        INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response)
        VALUES (NEW.user_id, 'fallback-2', 'another request', 200, 'null'::json);
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER claim_meanwhile BEFORE INSERT ON prayers FOR EACH ROW EXECUTE FUNCTION claim_meanwhile();`));
});

describe('a pray run whose keys are claimed meanwhile', () => {
  it('is undone whole, the claim with it, and applied one call at a time: each pray once, every answer stored', async () => {
    const mutations: PushMutation[] = Array.from({ length: 6 }, (_, i) => ({ key: `fallback-${String(i)}`, method: 'POST', path: `post/${String(postIds[i % 2])}/pray` }));
    const results = await pushOk(api, token, mutations);
    expect(results.map((r) => [r.status, r.replayed])).toEqual(mutations.map(() => [200, false]));
    expect(await Promise.all(postIds.map((id) => countRows(api, 'prayers', 'post_id', id)))).toEqual([3, 3]);
    // Twelve prayer rows were begun: six by the run, undone with its savepoint (and the trigger's
    // claim with them), then six one at a time. Had the run's insert skipped the claimed key, it
    // would have kept its six and 'fallback-2' would hold the trigger's answer.
    const [sequence] = await api.server.handle.withSession((s) => s.rows<{ last_value: string }>('SELECT last_value FROM claim_once'));
    expect(Number(sequence?.last_value)).toBe(12);
    const stored = await api.server.handle.withSession((s) => s.rows<{ key: string; request_hash: string; has_post: boolean }>(
      "SELECT key, request_hash, (response->'data'->'post') IS NOT NULL AS has_post FROM idempotency_keys WHERE user_id = $1 ORDER BY key", [userId]));
    expect(stored.map((row) => [row.key, row.request_hash !== 'another request', row.has_post])).toEqual(mutations.map((m) => [m.key, true, true]));
    // A replay answers from the stored rows: nothing applied twice.
    const again = await pushOk(api, token, mutations);
    expect(again.map((r) => [r.status, r.replayed])).toEqual(mutations.map(() => [200, true]));
    expect(await Promise.all(postIds.map((id) => countRows(api, 'prayers', 'post_id', id)))).toEqual([3, 3]);
  });
});
