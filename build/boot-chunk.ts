// Issue #10 P2 (cold offline start): one chunk for everything a start needs, instead of the ~40
// small chunks the automatic splitting made (each a request through the service worker and a
// module to link before the entry runs). The boot chunk holds every module the entry imports
// statically, and the split route components of the screens a start usually lands on (the
// landing page, the app layout, the community feed), so their lazy imports find them loaded.
// Everything else (other screens, Firebase, the consent banner) stays in its own lazy chunk.
import { fileURLToPath } from 'node:url';
import type { Rolldown } from 'vite';

type ChunkingContext = { getModuleInfo(moduleId: string): Rolldown.ModuleInfo | null };

const ENTRY = fileURLToPath(new URL('../src/main.tsx', import.meta.url));
/** The route components split by the router plugin that a start renders first. */
const FIRST_SCREENS = /[\\/]src[\\/]routes[\\/](index|_app|_app[\\/]community)\.tsx\?tsr-split=component/;

/** The modules reachable from `roots` through static imports only. */
function staticClosure(roots: string[], ctx: ChunkingContext): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const id = queue.pop();
    if (id === undefined || seen.has(id)) continue;
    seen.add(id);
    for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) queue.push(next);
  }
  return seen;
}

/** The `output.codeSplitting` of vite.config.ts. */
export function bootChunk(): Rolldown.OutputOptions['codeSplitting'] {
  let boot: Set<string> | null = null;
  return {
    groups: [
      {
        debugName: 'boot',
        name(moduleId, ctx) {
          boot ??= staticClosure([ENTRY], ctx);
          if (FIRST_SCREENS.test(moduleId)) return 'boot';
          return boot.has(moduleId) && moduleId !== ENTRY ? 'boot' : null;
        },
      },
    ],
  };
}
