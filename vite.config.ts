import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { buildIdPlugin } from './build/build-id-plugin';
import { bootChunk } from './build/boot-chunk';
import { firstPaintPlugin } from './build/first-paint-plugin';
import { precompressPlugin } from './build/precompress-plugin';
import { cataloguePlugin } from './build/catalogue-plugin';
import { radixImportsPlugin } from './build/radix-imports-plugin';
import { budgetPlugin, PAGE_BUDGET, PAGE_GOAL, WORKER_BUDGET, type FirstLoad } from './build/budget-plugin';

// Issue #14 point 2: what a guest's first visit to / then /community loads (build/budget-plugin.ts):
// the entry and its static imports, the split route components of the landing, the app layout and
// the community feed, the consent banner (a first visit has no choice yet), and one language's
// catalogue: checked for each language, since a first visit loads whichever the address or the
// browser names.
const FIRST_VISIT_SCREENS = /[\\/]src[\\/]routes[\\/](index|_app|_app[\\/]community)\.tsx\?tsr-split=component$/;
const CONSENT_BANNER = /[\\/]node_modules[\\/]vanilla-cookieconsent[\\/]/;
const FIRST_LOADS: FirstLoad[] = ['en-US', 'pt-BR', 'es-ES'].map((locale) => ({
  name: `guest / then /community, ${locale}`,
  // The banner's texts come in the visit's language only (src/platform/consent-texts.ts).
  loads: [FIRST_VISIT_SCREENS, CONSENT_BANNER, new RegExp(`virtual:prayer-catalogue/${locale}$`), new RegExp(`consent-texts-${locale.slice(0, 2)}\\.ts$`)],
  budget: PAGE_BUDGET,
  goal: PAGE_GOAL,
}));

// The API server (server/start.ts) serves dist/ and /api/v1 from one origin; in `npm run dev`
// Vite proxies /api to it.
export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts' }),
    react(),
    radixImportsPlugin(),
    cataloguePlugin(),
    buildIdPlugin(),
    firstPaintPlugin(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      // The web app manifest is the static public/manifest.webmanifest (linked from index.html).
      manifest: false,
      injectManifest: {
        // One classic script: registered at /sw.js without { type: 'module' }, which not every
        // browser supports for service workers (src/platform/sw-register.ts).
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,json}'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    precompressPlugin(),
    budgetPlugin({ firstLoads: FIRST_LOADS, workers: [{ name: 'sync worker', file: /^assets\/sync-worker-[\w-]+\.js$/, budget: WORKER_BUDGET }] }),
  ],
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: true, rolldownOptions: { output: { codeSplitting: bootChunk() } } },
  server: { proxy: { '/api': `http://localhost:${process.env.PORT ?? 8080}` } },
});
