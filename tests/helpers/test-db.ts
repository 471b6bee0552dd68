// The database of one test server: in-memory PGlite from the migrated template by default, or,
// when TEST_DATABASE_URL=postgres://... is set, a fresh database on that PostgreSQL server
// (created per server and dropped on close), so the same suite runs on both engines (DESIGN.md §6).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, type DbHandle } from '../../server/db/client';
import { migratedTemplate } from './pglite-template';

export type TestDb = { handle: DbHandle; dispose(): Promise<void> };

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function openPostgresTestDb(adminUrl: string): Promise<TestDb> {
  const name = `prayer_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await createDb(url.toString());
  return {
    handle,
    async dispose() {
      await handle.close();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export async function openTestDb(): Promise<TestDb> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl !== undefined && adminUrl !== '') return openPostgresTestDb(adminUrl);
  const handle = await createDb('memory://', { loadDataDir: await migratedTemplate() });
  return { handle, dispose: () => handle.close() };
}
