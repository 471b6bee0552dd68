// The service-worker updater (src/platform/sw-update.ts) over fakes, for its tests: a manual
// clock, a session store, a controller container, and a fetch serving /sw.js and build.json.
import { createSwUpdater, type FetchLike, type SwUpdateEnv } from '../../src/platform/sw-update';
import { fakeContainer, manualClock, mapStore } from './support';

export type Call = { url: string; init: RequestInit };
type Served = { sw: number | 'offline'; build: unknown };

/** An updater over fakes: a manual clock, a session store, a container and a fetch that serves /sw.js and build.json. */
export function setupUpdater(options: { controlled?: boolean; buildId?: string | null; online?: boolean; hidden?: boolean } = {}) {
  const clock = manualClock();
  const session = mapStore();
  const container = fakeContainer(options.controlled ?? true);
  const calls: Call[] = [];
  const served: Served = { sw: 200, build: { buildId: 'b1' } };
  const reloads: string[] = [];
  let online = options.online ?? true;
  let hidden = options.hidden ?? true;
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, init });
    if (url === '/sw.js') {
      if (served.sw === 'offline') throw new TypeError('fetch failed');
      return { status: served.sw, json: async () => null };
    }
    return { status: 200, json: async () => served.build };
  };
  const env: SwUpdateEnv = {
    container,
    fetch,
    session,
    clock,
    isOnline: () => online,
    reload: () => void reloads.push('reload'),
    isHidden: () => hidden,
    assign: (href) => void reloads.push(href),
    buildId: options.buildId === undefined ? 'b1' : options.buildId,
  };
  const updater = createSwUpdater(env);
  return {
    clock,
    session,
    container,
    calls,
    served,
    reloads,
    updater,
    setOnline: (value: boolean) => (online = value),
    setHidden: (value: boolean) => (hidden = value),
  };
}
