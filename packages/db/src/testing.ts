import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateDatabase, openDatabase, type DatabaseHandle } from './client';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or — when
 * TEST_DATABASE_URL is set — a new PostgreSQL database created for this file and dropped on close,
 * so parallel files and repeated runs never see each other's rows.
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const handle = await openDatabase();
    await migrateDatabase(handle);
    return handle;
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
