// POST sync/push speed (issue #10: the client sends up to SYNC_PUSH_MAX_MUTATIONS (1,000) mutations a push; 500 prays must be
// applied well under 2 s on PGlite). Times real pushes through HTTP and prints the figures. The
// check is relative (a batched pray costs less than a single call, measured interleaved): a busy
// machine slows both alike, while an absolute bound would fail whenever other jobs share the CPU.
import { beforeAll, describe, expect, it } from 'vitest';
import { SYNC_PUSH_MAX_MUTATIONS, type PushMutation } from '../../common/sync-contract';
import { useApi } from './api';
import { newRequest } from './post-actors';
import { countRows, pushOk, single } from './sync-support';

const ENGINE = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const ROUNDS = 5;
const SINGLES_PER_ROUND = 20;
const api = useApi();
let token: string;
let postIds: number[];
beforeAll(async () => {
  token = (await api.register('Fast Fiona')).authorization.token;
  const author = (await api.register('Author Alex')).authorization.token;
  postIds = [];
  for (let i = 0; i < 20; i += 1) postIds.push((await newRequest(api, author, `Request number ${i}`)).id);
});

const pray = (key: string, i: number): PushMutation => ({ key, method: 'POST', path: `post/${postIds[i % postIds.length] ?? 0}/pray` });

async function timedPush(round: number): Promise<number> {
  const mutations = Array.from({ length: SYNC_PUSH_MAX_MUTATIONS }, (_, i) => pray(`perf-${round}-${i}`, i));
  const started = performance.now();
  const results = await pushOk(api, token, mutations);
  const ms = performance.now() - started;
  expect(results.every((r) => r.status === 200 && !r.replayed)).toBe(true);
  return ms;
}

async function timedSingles(round: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < SINGLES_PER_ROUND; i += 1) expect((await single(api, token, pray(`solo-${round}-${i}`, i))).status).toBe(200);
  return performance.now() - started;
}

describe(`POST sync/push speed on ${ENGINE}`, () => {
  it(`applies ${SYNC_PUSH_MAX_MUTATIONS} prays in one push, and ${ROUNDS * SYNC_PUSH_MAX_MUTATIONS} in ${ROUNDS} pushes, faster than single calls`, { timeout: 60_000 }, async () => {
    const first = await timedPush(-1);
    const pushes: number[] = [];
    let singles = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      singles += await timedSingles(round);
      pushes.push(await timedPush(round));
    }
    const pushed = pushes.reduce((a, b) => a + b, 0);
    const perPush = pushed / (ROUNDS * SYNC_PUSH_MAX_MUTATIONS);
    const perSingle = singles / (ROUNDS * SINGLES_PER_ROUND);
    // Issue #10 P4's figures: ms a pray, and ms a full push (mean, fastest and slowest of the rounds).
    console.log(`sync/push on ${ENGINE}: ${SYNC_PUSH_MAX_MUTATIONS} prays in one push ${Math.round(first)} ms (first push); `
      + `${ROUNDS * SYNC_PUSH_MAX_MUTATIONS} prays in ${ROUNDS} pushes ${Math.round(pushed)} ms (${perPush.toFixed(2)} ms a pray; a push of ${SYNC_PUSH_MAX_MUTATIONS}: `
      + `${Math.round(pushed / ROUNDS)} ms mean, ${Math.round(Math.min(...pushes))}-${Math.round(Math.max(...pushes))} ms); `
      + `single calls ${perSingle.toFixed(2)} ms a pray`);
    const prayed = await Promise.all(postIds.map((id) => countRows(api, 'prayers', 'post_id', id)));
    expect(prayed.reduce((a, b) => a + b, 0)).toBe((ROUNDS + 1) * SYNC_PUSH_MAX_MUTATIONS + ROUNDS * SINGLES_PER_ROUND);
    expect(perPush).toBeLessThan(perSingle);
  });
});
