// Vite plugin for the build manifest of docs/product.md §4 ('A build manifest is polled for a newer build
// id'): every build gets an id, compiled into the app as __BUILD_ID__ and written to
// dist/build.json as {buildId}. A page whose id differs from the served manifest is stale
// (src/platform/sw-update.ts). The service worker must not precache build.json (sw/sw.ts).
import { randomUUID } from 'node:crypto';
import type { Plugin } from 'vite';

export const BUILD_MANIFEST_FILE = 'build.json';

/** BUILD_ID from the environment (reproducible CI builds), else a fresh id per build. */
export function defaultBuildId(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.BUILD_ID?.trim();
  return fromEnv ? fromEnv : `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}`;
}

export function buildIdPlugin(buildId: string = defaultBuildId()): Plugin {
  return {
    name: 'prayer-build-id',
    config: () => ({ define: { __BUILD_ID__: JSON.stringify(buildId) } }),
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: BUILD_MANIFEST_FILE, source: `${JSON.stringify({ buildId })}\n` });
    },
  };
}
