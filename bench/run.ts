// `npm run bench`: runs every benchmark in sequence and prints its figures. Exits non-zero when a
// benchmark's check fails (e.g. a feed query that reads posts sequentially), so it can gate CI.
import { runFeedBench } from './feed';

const BENCHES: { name: string; run: () => Promise<boolean> }[] = [
  { name: 'feed', run: runFeedBench },
];

let failed = 0;
for (const bench of BENCHES) {
  console.log(`\n== bench: ${bench.name}`);
  const started = performance.now();
  const ok = await bench.run();
  console.log(`== ${bench.name}: ${ok ? 'ok' : 'FAILED'} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (!ok) failed += 1;
}
process.exitCode = failed === 0 ? 0 : 1;
