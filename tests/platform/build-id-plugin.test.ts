// docs/product.md §4 build manifest: the build writes dist/build.json {buildId} and compiles the same id
// into the app, so a page can tell it is older than the served build.
import { describe, expect, it } from 'vitest';
import { BUILD_MANIFEST_FILE, buildIdPlugin, defaultBuildId } from '../../build/build-id-plugin';
import { buildIdOf } from '../../src/platform/sw-update';
import { currentBuildId } from '../../src/platform/build-id';

type Emitted = { type: string; fileName: string; source: string };

const emitted: Emitted[] = [];
/** The part of Rollup's plugin context the plugin uses. */
const pluginContext = { emitFile: (file: Emitted) => void emitted.push(file) };

/** A Vite hook is a function or {handler}; call it with the plugin context. */
function handlerOf(hook: unknown): (...args: unknown[]) => unknown {
  const handler = typeof hook === 'object' && hook !== null && 'handler' in hook ? hook.handler : hook;
  if (typeof handler !== 'function') throw new Error('no such hook');
  return (...args) => Reflect.apply(handler, pluginContext, args);
}

describe('build id plugin', () => {
  it('emits build.json with the build id the app is compiled with', () => {
    const plugin = buildIdPlugin('build-42');
    const config = handlerOf(plugin.config)({}, { command: 'build', mode: 'production' });
    expect(config).toEqual({ define: { __BUILD_ID__: JSON.stringify('build-42') } });
    emitted.length = 0;
    handlerOf(plugin.generateBundle)({}, {}, false);
    expect(emitted).toHaveLength(1);
    const [file] = emitted;
    expect(file?.fileName).toBe(BUILD_MANIFEST_FILE);
    expect(buildIdOf(JSON.parse(file?.source ?? 'null'))).toBe('build-42');
  });

  it('takes BUILD_ID from the environment, else makes a fresh id per build', () => {
    expect(defaultBuildId({ BUILD_ID: ' ci-7 ' })).toBe('ci-7');
    const a = defaultBuildId({});
    const b = defaultBuildId({});
    expect(a).toMatch(/^[a-z0-9]+-[0-9a-f]{8}$/);
    expect(a).not.toBe(b);
  });

  it('has no build id where the plugin did not run (unit tests)', () => {
    expect(currentBuildId()).toBeNull();
  });
});
