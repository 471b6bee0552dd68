// The load generator of the scale bench: a child process (not a worker thread, so that
// process.cpuUsage() of the bench process is the server's alone) that keeps `connections`
// keep-alive requests in flight for `seconds` (after `warmup` seconds not recorded), each sent when
// the previous answer has been read, and reports every latency. A request is a GET of `path`, or a
// POST sync/push of `prays` pray mutations on the posts of `postIds` in turn, each with a fresh
// Idempotency-Key (the key prefix is unique per run).
import { spawn } from 'node:child_process';
import { percentile } from '../report';

export type LoadRequest = {
  url: string;
  token: string;
  connections: number;
  seconds: number;
  warmup: number;
  /** Stop once this many answers are recorded (after at least `minCount`); 0: no limit. */
  maxCount?: number;
  push?: { postIds: number[]; prays: number; keyPrefix: string };
};

export type LoadResult = { count: number; errors: number; seconds: number; p50: number; p99: number; perSecond: number; firstError?: string };

const LOADER = String.raw`
const http = require('node:http');
let input = '';
process.stdin.on('data', (d) => { input += d; });
process.stdin.on('end', () => { run(JSON.parse(input)).then((r) => process.stdout.write(JSON.stringify(r))); });
async function run({ url, token, connections, seconds, warmup, maxCount, push }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(url);
  const latencies = [];
  let errors = 0, firstError, sent = 0, recording = false;
  function body() {
    if (!push) return undefined;
    const mutations = [];
    for (let i = 0; i < push.prays; i += 1) {
      const post = push.postIds[(sent * push.prays + i) % push.postIds.length];
      mutations.push({ key: push.keyPrefix + '-' + sent + '-' + i, method: 'POST', path: 'post/' + post + '/pray' });
    }
    sent += 1;
    return JSON.stringify({ mutations });
  }
  function once() {
    return new Promise((resolve) => {
      const payload = body();
      const headers = { authorization: 'Bearer ' + token };
      if (payload !== undefined) { headers['content-type'] = 'application/json'; headers['content-length'] = Buffer.byteLength(payload); }
      const started = performance.now();
      const req = http.request({ agent, host: target.hostname, port: target.port, path: target.pathname + target.search, method: payload === undefined ? 'GET' : 'POST', headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => { if (push || text.length < 400) text += d; });
        res.on('end', () => {
          const ok = res.statusCode === 200 && (!push || !/"status":(?!200)\d+/.test(text));
          if (!ok) { errors += 1; firstError ??= res.statusCode + ' ' + text.slice(0, 300); }
          else if (recording) latencies.push(performance.now() - started);
          resolve();
        });
      });
      req.on('error', (e) => { errors += 1; firstError ??= String(e); resolve(); });
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }
  const warmEnd = performance.now() + warmup * 1000;
  async function warm() { do { await once(); } while (performance.now() < warmEnd); }
  await Promise.all(Array.from({ length: connections }, warm));
  recording = true;
  const started = performance.now();
  const end = started + seconds * 1000;
  async function loop() { while (performance.now() < end && (!maxCount || latencies.length < maxCount)) await once(); }
  await Promise.all(Array.from({ length: connections }, loop));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return { latencies, errors, seconds: elapsed, firstError };
}
`;

type Raw = { latencies: number[]; errors: number; seconds: number; firstError?: string };

export function runLoad(request: LoadRequest): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', LOADER], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (d: string) => { out += d; });
    child.once('error', reject);
    child.once('close', (code) => {
      if (code !== 0) { reject(new Error(`load generator exited with ${String(code)}`)); return; }
      const raw = JSON.parse(out) as Raw;
      const sorted = [...raw.latencies].sort((a, b) => a - b);
      resolve({
        count: sorted.length, errors: raw.errors, seconds: raw.seconds, p50: percentile(sorted, 50), p99: percentile(sorted, 99),
        perSecond: sorted.length / raw.seconds, ...(raw.firstError === undefined ? {} : { firstError: raw.firstError }),
      });
    });
    child.stdin.end(JSON.stringify(request));
  });
}
