/**
 * What the fuzzer compares before and after each refused request: a journal of row changes. Every
 * application table gets a row-level trigger (in the test's own database only) that appends the
 * table's name to `fuzz_writes` for each row inserted, updated or deleted. The journal is
 * transactional, so work rolled back leaves nothing; a refused request must leave the journal's
 * newest entry where it was. Reading it is one index lookup, so every refused request is checked,
 * not a sample.
 */
import { sql, type Database } from '@kedai/db';

/** Tables a refused request may write, each with why; they get no trigger. */
export const WRITTEN_WHEN_REFUSED: Record<string, string> = {
  rate_limits: 'Counts attempts, refused ones included: that is what a rate limit is for',
};

/** Link previews keep a page that could not be read a short while (modules/opengraph). */
const PREVIEW_FAILURE_KEPT = {
  tables: ['link_previews'],
  reason:
    'A page that could not be read is kept for a few minutes (link_previews.failure), so a link many see in a chat is not fetched again at once',
};

/**
 * Refusals that write by design, by `METHOD /path errorCode`: the tables they may write, and why.
 * Any other table written, or the same table by another refusal, is a finding.
 */
export const REFUSALS_THAT_WRITE: Record<string, { tables: string[]; reason: string }> = {
  'POST /auth/refreshAccessToken auth/invalid_refresh_token': {
    tables: ['auth_sessions'],
    reason:
      'A refresh token presented again after its grace revokes its whole session (decision 0008): the fuzzer keeps ' +
      'sending the first one, so the refusal that revokes is the one under test',
  },
  // Wrong two-factor codes count per account before they are judged (decision 0021): the wait after five.
  'POST /tfa/verify auth/tfa_wrong_code': {
    tables: ['users'],
    reason: 'A try is claimed (users.tfa_failures, tfa_retry_at) before the code is judged, so wrong codes in a row are counted',
  },
  'POST /tfa/disable_tfa auth/tfa_wrong_code': {
    tables: ['users'],
    reason: 'A try is claimed (users.tfa_failures, tfa_retry_at) before the code is judged, so wrong codes in a row are counted',
  },
  'POST /tfa/recovery_codes auth/tfa_wrong_code': {
    tables: ['users'],
    reason: 'A try is claimed (users.tfa_failures, tfa_retry_at) before the code is judged, so wrong codes in a row are counted',
  },
  'POST /opengraph link/unreachable': PREVIEW_FAILURE_KEPT,
  'POST /opengraph link/too_large': PREVIEW_FAILURE_KEPT,
  'POST /opengraph link/not_html': PREVIEW_FAILURE_KEPT,
};

/** The rows of a query, on either driver (PGlite answers `{rows}`, as does node-postgres). */
export async function rows(db: Database, query: string): Promise<Record<string, string>[]> {
  const result: unknown = await db.execute(sql.raw(query));
  return Array.isArray(result) ? (result as Record<string, string>[]) : ((result as { rows?: Record<string, string>[] }).rows ?? []);
}

export class WriteJournal {
  tables: string[] = [];

  constructor(private readonly db: Database) {}

  /** Creates the journal and a trigger on every application table but the excluded ones. */
  async install(): Promise<void> {
    const found = await rows(
      this.db,
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    this.tables = found.map((row) => row.table_name!).filter((name) => !name.startsWith('__') && !(name in WRITTEN_WHEN_REFUSED));
    await this.db.execute(sql.raw(`CREATE TABLE fuzz_writes (id bigserial PRIMARY KEY, table_name text NOT NULL, op text NOT NULL)`));
    await this.db.execute(
      sql.raw(`CREATE FUNCTION fuzz_note_write() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO fuzz_writes (table_name, op) VALUES (TG_TABLE_NAME, TG_OP);
          RETURN NULL;
        END $$`),
    );
    for (const table of this.tables) {
      await this.db.execute(
        sql.raw(
          `CREATE TRIGGER fuzz_note_write AFTER INSERT OR UPDATE OR DELETE ON "${table}" FOR EACH ROW EXECUTE FUNCTION fuzz_note_write()`,
        ),
      );
    }
  }

  /** The newest journal entry (0 before any). */
  async mark(): Promise<number> {
    const [row] = await rows(this.db, `SELECT coalesce(max(id), 0)::text AS id FROM fuzz_writes`);
    return Number(row?.id ?? 0);
  }

  /** Reads until two readings agree: work an earlier answer left running (a mail being sent) has landed. */
  async settledMark(attempts = 6): Promise<number> {
    let last = await this.mark();
    for (let i = 0; i < attempts; i++) {
      await new Promise((resolve) => setImmediate(resolve));
      const next = await this.mark();
      if (next === last) return next;
      last = next;
    }
    return last;
  }

  /** What was written after `mark`: `table op` with how many rows. */
  async writtenSince(mark: number): Promise<string[]> {
    const found = await rows(
      this.db,
      `SELECT table_name || ' ' || op || ' x' || count(*)::text AS w FROM fuzz_writes WHERE id > ${Number(mark)} GROUP BY table_name, op ORDER BY 1`,
    );
    return found.map((row) => row.w!);
  }
}
