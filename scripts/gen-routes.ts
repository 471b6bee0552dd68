// Regenerates src/routeTree.gen.ts from src/routes/ without a full build (the same generator and
// options as the router plugin in vite.config.ts): `npx tsx scripts/gen-routes.ts`.
import { Generator, getConfig } from '@tanstack/router-generator';

const config = getConfig({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts' });
const generator = new Generator({ config, root: process.cwd() });
await generator.run();
console.log('src/routeTree.gen.ts regenerated');
