// The id of the build this bundle belongs to, compiled in by build/build-id-plugin.ts (which also
// writes it to dist/build.json, the manifest src/platform/sw-update.ts polls).
declare const __BUILD_ID__: string | undefined;

/** Null where the plugin did not run (unit tests). */
export function currentBuildId(): string | null {
  return typeof __BUILD_ID__ === 'string' && __BUILD_ID__ !== '' ? __BUILD_ID__ : null;
}
