import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { buildIdPlugin } from './build/build-id-plugin';
import { bootChunk } from './build/boot-chunk';
import { firstPaintPlugin } from './build/first-paint-plugin';
import { precompressPlugin } from './build/precompress-plugin';

// The API server (server/start.ts) serves dist/ and /api/v1 from one origin; in `npm run dev`
// Vite proxies /api to it.
export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts' }),
    react(),
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
  ],
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: true, rolldownOptions: { output: { codeSplitting: bootChunk() } } },
  server: { proxy: { '/api': `http://localhost:${process.env.PORT ?? 8080}` } },
});
