import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrationsFolder, queryRows, sql, type Database } from '@kedai/db';
import { searchEngineLoaded, warmSearchEngine } from '../catalogue/service';

/**
 * What this process's readiness depends on besides the database: set by server.ts as the process
 * starts and stops. Tests set them directly.
 */
export interface ReadinessInputs {
  /** Set first on SIGTERM (`startDraining`): the balancer stops sending requests before the process closes. */
  draining: boolean;
  /** Whether the LISTEN subscription to other processes' changes is up (platform/cache.ts); up unless told. */
  subscriptionUp: () => boolean;
  /**
   * Whether this process answers searches (SERVICES names `store`): only then does it load the search
   * index and wait for it to be ready. A jobs-only or auth-only process never searches.
   */
  searches: boolean;
}

export function readinessInputs(searches = true): ReadinessInputs {
  return { draining: false, subscriptionUp: () => true, searches };
}

/** The checks of GET /health/ready: each true when it passes. */
export interface ReadinessChecks {
  database: boolean;
  migrations: boolean;
  searchIndex: boolean;
  subscription: boolean;
  notDraining: boolean;
}

/** A probe that hangs is a failing one: the balancer's own timeout should not be the first to say so. */
const DATABASE_CHECK_MS = 2_000;

// The newest migration this build knows: its journal entry's time is what drizzle records when applying it.
let headMillis: number | undefined;
function headMigrationMillis(): number {
  if (headMillis === undefined) {
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
    headMillis = Math.max(...journal.entries.map((entry) => entry.when));
  }
  return headMillis;
}

/**
 * The database answers, and its migrations reach this build's newest one. A database migrated further
 * (a newer process of a rolling deploy started first) counts as at the head: its migrations only add.
 */
async function databaseChecks(db: Database): Promise<Pick<ReadinessChecks, 'database' | 'migrations'>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database check timed out')), DATABASE_CHECK_MS);
  });
  try {
    const check = (async () => {
      await queryRows(db, sql`SELECT 1`);
      const rows = await queryRows<{ latest: string | null }>(
        db,
        sql`SELECT max(created_at)::text AS latest FROM drizzle.__drizzle_migrations`,
      ).catch(() => [{ latest: null }]);
      const latest = rows[0]?.latest;
      return { database: true, migrations: latest !== null && latest !== undefined && Number(latest) >= headMigrationMillis() };
    })();
    return await Promise.race([check, timeout]);
  } catch {
    return { database: false, migrations: false };
  } finally {
    clearTimeout(timer);
  }
}

/** Every check of readiness; a probe also (re)starts loading the search index, which a failed load would otherwise await from a search. */
export async function readinessChecks(db: Database, inputs: ReadinessInputs): Promise<ReadinessChecks> {
  const searchIndex = !inputs.searches || searchEngineLoaded(db);
  if (!searchIndex) warmSearchEngine(db);
  const { database, migrations } = await databaseChecks(db);
  return {
    database,
    migrations,
    searchIndex,
    subscription: inputs.subscriptionUp(),
    notDraining: !inputs.draining,
  };
}
