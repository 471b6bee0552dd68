// The local-store seed (e2e/support/local-store-seed.ts fillLocalStore) of the tree under test:
// its rows must have the shape that tree's app reads (e.g. a feed index key the newer app needs
// and the older one lacks), so a --root tree that has the helper seeds with its own copy.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright';
import type * as SeedModule from '../../e2e/support/local-store-seed';
import { fillLocalStore as ownFillLocalStore } from '../../e2e/support/local-store-seed';

export type FillLocalStore = (page: Page, count: number, options?: { groupId?: number }) => Promise<number>;

export async function localStoreSeeder(root: string): Promise<{ fill: FillLocalStore; from: string }> {
  const file = join(root, 'e2e/support/local-store-seed.ts');
  if (!existsSync(file)) return { fill: ownFillLocalStore, from: 'e2e/support/local-store-seed.ts of this checkout' };
  const module = (await import(pathToFileURL(file).href)) as typeof SeedModule;
  return { fill: module.fillLocalStore, from: file };
}
