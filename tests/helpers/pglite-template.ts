// A migrated, empty PGlite data directory, cached on disk per migration set. Booting PGlite from
// it skips initdb (~1.5 s instead of ~4-8 s), which keeps a suite of many test files fast.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb } from '../../server/db/client';
import { listMigrations, migrate } from '../../server/db/migrate';

let cached: Promise<Blob> | undefined;

function templatePath(): string {
  // The package's exports hide package.json; its entry file identifies the installed build as well.
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const hash = createHash('sha256').update(readFileSync(pgliteEntry));
  for (const m of listMigrations()) hash.update(m.name).update(m.sql);
  return join(tmpdir(), `prayer-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
}

async function buildTemplate(file: string): Promise<Blob> {
  const handle = await createDb('memory://');
  try {
    await migrate(handle);
    if (handle.snapshot === undefined) throw new Error('memory:// did not open PGlite');
    const blob = await handle.snapshot();
    // Write then rename, so a parallel test process never reads half a file.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
    renameSync(partial, file);
    return blob;
  } finally {
    await handle.close();
  }
}

export function migratedTemplate(): Promise<Blob> {
  cached ??= (async () => {
    const file = templatePath();
    return existsSync(file) ? new Blob([readFileSync(file)]) : buildTemplate(file);
  })();
  return cached;
}
