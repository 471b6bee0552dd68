// P2 in a new browser process each start (issue #25 point 3: "within 1.5x of the bare page in a new
// browser process too"): the subject is installed in a profile on disk, the browser closed; then
// each start launches the browser again on that profile, offline, and opens the subject's page.
// Nothing is warm but the disk: the service worker, the scripts' compiled code (V8's code cache,
// when the browser kept one) and the database are read back as a phone's browser would after it
// was swiped away.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright';
import { CHROMIUM_ARGS } from '../../e2e/support/chromium';
import { addNameShim, appContextOptions, sleep } from './app';
import { ms } from './figures';
import type { StartSubject } from './p2-cold-start';
import { firstItem, firstItemProbe, RESTING_MS, splitMedians, type BootSplit } from './p2-probe';
import type { LatencyProxy } from './proxy';
import type { ScenarioEnv } from './scenario';

async function launch(env: ScenarioEnv, profile: string, origin: string): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: env.options.chromium, args: CHROMIUM_ARGS, headless: true, ...appContextOptions(origin),
  });
  env.defer(() => context.close());
  await addNameShim(context);
  return context;
}

/** `runs` offline starts of `subject`, each in a browser process of its own; `proxy`: cut while they run. */
export async function newProcessStarts(env: ScenarioEnv, subject: StartSubject, runs: number, proxy: LatencyProxy | null): Promise<number[]> {
  const profile = mkdtempSync(join(tmpdir(), 'p2-profile-'));
  env.defer(async () => rmSync(profile, { recursive: true, force: true }));
  const label = `${subject.label}, new process`;
  const installer = await launch(env, profile, subject.origin);
  env.figures.info(`${label}: installed (controlled, local posts held)`, await subject.install(installer.pages()[0] ?? (await installer.newPage())));
  await installer.close();
  if (proxy) proxy.isDown = true;
  const times: number[] = [];
  const splits: BootSplit[] = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      const context = await launch(env, profile, subject.origin);
      await context.setOffline(true);
      await context.addInitScript(firstItemProbe);
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(subject.path);
      const shown = await firstItem(page);
      await sleep(RESTING_MS);
      times.push(shown.sinceNav);
      splits.push(shown.split);
      await context.close();
    }
  } finally {
    if (proxy) proxy.isDown = false;
  }
  env.figures.info(`${label}: offline start, each run`, times.map((t) => ms(t, 0)).join(', '));
  const split = splitMedians(splits, times);
  env.figures.info(`${label}: offline start split, medians since navigation: ${split.names}`, split.values);
  return times;
}
