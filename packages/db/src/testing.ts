import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { dumpPglite, migrateDatabase, migrationsFolder, openDatabase, type DatabaseHandle } from './client';

/**
 * Where the migrated PGlite cluster that every test database starts from is kept: named by a digest
 * of the migrations and the PGlite version, so a new migration or upgrade builds a new one.
 */
function pgliteTemplatePath(): string {
  const digest = createHash('sha256');
  // The package does not export its package.json: find it above its entry point.
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  digest.update(readFileSync(join(dir, 'package.json')));
  for (const file of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    const path = join(migrationsFolder, file);
    if (file.endsWith('.sql') || file.endsWith('.json')) digest.update(file).update(readFileSync(path));
  }
  return join(tmpdir(), 'kedai-test-db', `pglite-${digest.digest('hex').slice(0, 16)}.tar`);
}

/**
 * Builds the migrated template once (the first caller; vitest's global setup does it before the
 * workers start). Starting PGlite empty runs initdb and then every migration, seconds each on a busy
 * machine; loading the template is one step. Written under another name and renamed, so a reader
 * never sees half a file and two builders cannot spoil each other's.
 */
export async function ensurePgliteTemplate(): Promise<string> {
  const path = pgliteTemplatePath();
  if (existsSync(path)) return path;
  const handle = await openDatabase();
  try {
    await migrateDatabase(handle);
    const dump = Buffer.from(await (await dumpPglite(handle)).arrayBuffer());
    mkdirSync(join(path, '..'), { recursive: true });
    const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, dump);
    renameSync(partial, path);
  } finally {
    await handle.close();
  }
  return path;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or — when
 * TEST_DATABASE_URL is set — a new PostgreSQL database created for this file and dropped on close,
 * so parallel files and repeated runs never see each other's rows.
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    return openDatabase({ loadDataDir: new Blob([readFileSync(await ensurePgliteTemplate())]) });
  }
  const name = `kedai_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 5 });
  await migrateDatabase(handle);
  return {
    ...handle,
    kind: 'postgres',
    // For a second connection pool, as another API process would open (tests of what processes tell each other).
    url: url.toString(),
    async close() {
      // `pool.end()` resolves before its connections have finished closing; killing them with
      // DROP … WITH (FORCE) would surface as unhandled 57P01 errors, so wait until they are gone.
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      try {
        for (let attempt = 0; ; attempt++) {
          try {
            await cleanup.query(`DROP DATABASE IF EXISTS "${name}"`);
            break;
          } catch (error) {
            const inUse = (error as { code?: string }).code === '55006';
            if (!inUse || attempt >= 100) throw error;
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        }
      } finally {
        await cleanup.end();
      }
    },
  };
}
