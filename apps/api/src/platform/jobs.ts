import type { FastifyBaseLogger } from 'fastify';
import { isTransaction, queryRows, sql, type Database, type SQL } from '@kedai/db';
import { CHANNELS, tellOthers } from './pubsub';
import type { DomainEvent, DomainEventType } from './events';

/**
 * Durable jobs (issue 28, decision 0022): work after a commit, in the `jobs` table, claimed by one
 * process at a time with `FOR UPDATE SKIP LOCKED` (the same on PostgreSQL and the embedded PGlite),
 * retried with exponential backoff, and `dead` after `maxAttempts` tries, when staff see it in the
 * back office and may queue it again. Handlers are at least once: a process that dies after the work
 * and before recording it leaves the job to be claimed again when its lease ends, so a handler makes
 * a second run harmless (a mail already sent is not sent again, a state already changed is left).
 */

interface JobContext {
  db: Database;
  log: FastifyBaseLogger;
  jobId: number;
  /** 1 on the first try. */
  attempt: number;
}

export interface JobKind<Payload = Record<string, unknown>> {
  /** `<module>.<what>`, e.g. `mail.deliver`; stored in `jobs.kind`. */
  name: string;
  /** Tries before the job is dead; default `DEFAULT_MAX_ATTEMPTS`. */
  maxAttempts?: number;
  /** Event types this kind handles: each such event becomes one job of this kind, its payload the event. */
  on?: readonly DomainEventType[];
  /** Does the work; throws to fail this try. */
  run(payload: Payload, context: JobContext): Promise<void>;
}

/** Work that runs every `everyMs` (order expiry, …): one row per kind, claimed by one process per run. */
export interface RecurringJob {
  name: string;
  everyMs: number;
  /** Returns how many things it did (logged when more than none). A failure is logged and the next run is as usual. */
  run(context: JobContext): Promise<number>;
}

/** The payload of a job made from an event. */
export interface EventJobPayload {
  event: DomainEvent;
}

const DEFAULT_MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 10_000;
const LONGEST_RETRY_MS = 60 * 60_000;
/** How long a claimed job is its process's: past it, another process takes it for dead and claims the job again. */
const DEFAULT_LEASE_MS = 5 * 60_000;
/** Finished jobs are kept this long for staff to look at, then deleted. */
const DONE_KEPT = '7 days';
/** Longest error text kept on a job. */
const ERROR_MAX_LENGTH = 1000;

/** The wait before the try after failed try `attempt` (1 for the first): 10 s doubling, at most an hour. */
export function retryDelayMs(attempt: number): number {
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, Math.min(attempt - 1, 20)));
}

export interface QueueOptions {
  /** Not before (default: at once). */
  runAt?: Date;
  maxAttempts?: number;
  /** At most one job per key, ever: queuing a second does nothing and answers null. */
  singletonKey?: string;
}

/**
 * Queues a job of `kind`. Inside a transaction it is queued with the change (or not at all). Answers
 * its id, or null when `singletonKey` names a job already queued.
 */
export async function queueJob(
  db: Database,
  kind: string,
  payload: Record<string, unknown>,
  options: QueueOptions = {},
): Promise<number | null> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO jobs (kind, payload, run_at, max_attempts, singleton_key)
        VALUES (${kind}, ${JSON.stringify(payload)}::jsonb, ${options.runAt ? sql`${options.runAt.toISOString()}::timestamptz` : sql`now()`},
                ${options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS}, ${options.singletonKey ?? null})
        ON CONFLICT (singleton_key) DO NOTHING
        RETURNING id`,
  );
  // Due now and visible now: every runner looks at once. A transaction's job waits for the commit,
  // which its caller announces (`wakeJobRunners`), or for the runners' next poll.
  if (rows[0] && !options.runAt && !isTransaction(db)) wakeJobRunners(db);
  return rows[0] ? Number(rows[0].id) : null;
}

/**
 * Tells every process's job runner (this one's too, through its own subscription) to look for due
 * jobs now. A lost message only waits for the runners' next poll (`pollMs`).
 */
export function wakeJobRunners(db: Database): void {
  tellOthers(db, CHANNELS.jobs);
}

export interface JobRow {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  state: 'queued' | 'running' | 'done' | 'dead';
  runAt: string;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface JobRunnerOptions {
  db: Database;
  log: FastifyBaseLogger;
  kinds: readonly JobKind<any>[];
  recurring: readonly RecurringJob[];
  /** Tests pass a standing clock; absent, the database's `now()` (the clock every process shares). */
  clock?: (() => Date) | undefined;
  /** How often an idle runner looks for due jobs; wake-ups (`wake`) come sooner. Default 1 s. */
  pollMs?: number;
  leaseMs?: number;
}

/**
 * Runs the jobs of the kinds it knows: hands new events to their handlers, claims due jobs one at a
 * time, records each outcome. `runDue` does what is due now and returns (tests call it); `start` keeps
 * doing so until `stop`.
 */
export class JobRunner {
  private readonly kinds: Map<string, JobKind<any>>;
  private readonly recurring: Map<string, RecurringJob>;
  private readonly now: () => SQL;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = true;
  private stopping = false;
  private wakeAgain = false;

  constructor(private readonly options: JobRunnerOptions) {
    this.kinds = new Map(options.kinds.map((kind) => [kind.name, kind]));
    this.recurring = new Map(options.recurring.map((job) => [job.name, job]));
    const clock = options.clock;
    this.now = clock ? () => sql`${clock().toISOString()}::timestamptz` : () => sql`now()`;
    for (const name of this.recurring.keys()) {
      if (this.kinds.has(name)) throw new Error(`job kind ${name} is both recurring and queued`);
    }
    this.recurring.set('jobs.purge', { name: 'jobs.purge', everyMs: 60 * 60_000, run: () => this.purge() });
  }

  /** Makes sure every recurring job has its row (due at once when new). */
  async schedule(): Promise<void> {
    for (const job of this.recurring.values()) {
      await this.options.db.execute(
        sql`INSERT INTO jobs (kind, run_at, max_attempts, singleton_key) VALUES (${job.name}, ${this.now()}, 1, ${`every:${job.name}`})
            ON CONFLICT (singleton_key) DO NOTHING`,
      );
    }
  }

  /** Turns events not yet handed out into one job per handler (each once, also with several processes). */
  async dispatchEvents(limit = 100): Promise<number> {
    const handlers = [...this.kinds.values()].filter((kind) => kind.on && kind.on.length > 0);
    return this.options.db.transaction(async (tx) => {
      const events = await queryRows<{
        id: string;
        type: DomainEventType;
        subject: string;
        payload: Record<string, unknown>;
        occurred_at: string;
      }>(
        tx,
        sql`SELECT id, type, subject, payload, occurred_at FROM domain_events WHERE dispatched_at IS NULL ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
      );
      for (const row of events) {
        const event: DomainEvent = {
          id: Number(row.id),
          type: row.type,
          subject: row.subject,
          payload: row.payload,
          occurredAt: new Date(row.occurred_at).toISOString(),
        };
        for (const kind of handlers.filter((handler) => handler.on!.includes(event.type))) {
          await tx.execute(
            sql`INSERT INTO jobs (kind, payload, run_at, max_attempts, singleton_key, event_id)
                VALUES (${kind.name}, ${JSON.stringify({ event } satisfies EventJobPayload)}::jsonb, ${this.now()},
                        ${kind.maxAttempts ?? DEFAULT_MAX_ATTEMPTS}, ${`event:${event.id}:${kind.name}`}, ${event.id})
                ON CONFLICT (singleton_key) DO NOTHING`,
          );
        }
      }
      if (events.length > 0) {
        await tx.execute(
          sql`UPDATE domain_events SET dispatched_at = now() WHERE id IN (${sql.join(
            events.map((row) => sql`${row.id}`),
            sql`, `,
          )})`,
        );
      }
      return events.length;
    });
  }

  /** Claims one due job of a known kind and runs it; false when none is due. */
  async runOne(): Promise<boolean> {
    const { db, log } = this.options;
    const names = [...this.kinds.keys(), ...this.recurring.keys()];
    if (names.length === 0) return false;
    const lease = `${Math.round((this.options.leaseMs ?? DEFAULT_LEASE_MS) / 1000)} seconds`;
    const [claimed] = await queryRows<{
      id: string;
      kind: string;
      payload: Record<string, unknown>;
      attempts: number;
      max_attempts: number;
    }>(
      db,
      sql`UPDATE jobs SET state = 'running', attempts = attempts + 1, locked_until = ${this.now()} + ${lease}::interval
          WHERE id = (
            SELECT id FROM jobs
            WHERE state IN ('queued', 'running') AND run_at <= ${this.now()}
              AND (state = 'queued' OR locked_until < ${this.now()})
              AND kind IN (${sql.join(
                names.map((name) => sql`${name}`),
                sql`, `,
              )})
            ORDER BY run_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING id, kind, payload, attempts, max_attempts`,
    );
    if (!claimed) return false;
    const id = Number(claimed.id);
    const context: JobContext = { db, log: log.child({ job: claimed.kind, jobId: id }), jobId: id, attempt: claimed.attempts };
    const recurring = this.recurring.get(claimed.kind);
    let error: string | undefined;
    try {
      if (recurring) {
        const done = await recurring.run(context);
        if (done > 0) context.log.info({ done }, 'job run');
      } else {
        await this.kinds.get(claimed.kind)!.run(claimed.payload, context);
      }
    } catch (cause) {
      error = (cause instanceof Error ? cause.message : String(cause)).slice(0, ERROR_MAX_LENGTH) || 'unknown error';
    }
    await this.record(id, claimed.attempts, claimed.max_attempts, recurring, error, context.log);
    return true;
  }

  private async record(
    id: number,
    attempts: number,
    maxAttempts: number,
    recurring: RecurringJob | undefined,
    error: string | undefined,
    log: FastifyBaseLogger,
  ) {
    const { db } = this.options;
    if (recurring) {
      // Never dead: the next run comes as usual, and the last failure shows until a run succeeds.
      if (error) log.error({ error }, 'the job failed; it runs again later');
      await db.execute(
        sql`UPDATE jobs SET state = 'queued', locked_until = NULL, run_at = ${this.now()} + ${`${recurring.everyMs} milliseconds`}::interval,
                attempts = ${error ? sql`attempts` : sql`0`}, last_error = ${error ?? null}, finished_at = ${this.now()}
            WHERE id = ${id}`,
      );
      return;
    }
    if (!error) {
      await db.execute(sql`UPDATE jobs SET state = 'done', locked_until = NULL, finished_at = ${this.now()} WHERE id = ${id}`);
      return;
    }
    if (attempts >= maxAttempts) {
      log.error({ error, attempts }, 'the job failed for the last time: dead until staff retry it');
      await db.execute(
        sql`UPDATE jobs SET state = 'dead', locked_until = NULL, last_error = ${error}, finished_at = ${this.now()} WHERE id = ${id}`,
      );
      return;
    }
    const delay = retryDelayMs(attempts);
    log.warn({ error, attempts, retryInMs: delay }, 'the job failed; it is tried again later');
    await db.execute(
      sql`UPDATE jobs SET state = 'queued', locked_until = NULL, last_error = ${error},
              run_at = ${this.now()} + ${`${delay} milliseconds`}::interval
          WHERE id = ${id}`,
    );
  }

  /** Hands out new events and runs every job due now; answers how many jobs ran. */
  async runDue(): Promise<number> {
    while ((await this.dispatchEvents()) > 0);
    let ran = 0;
    while (!this.stopping && (await this.runOne())) {
      ran++;
      // A job may record events (and so queue more work due now).
      while ((await this.dispatchEvents()) > 0);
    }
    return ran;
  }

  /** Deletes finished jobs older than a week (a recurring job of its own, `jobs.purge`). */
  async purge(): Promise<number> {
    const rows = await queryRows<{ id: string }>(
      this.options.db,
      sql`DELETE FROM jobs WHERE state = 'done' AND finished_at < ${this.now()} - ${DONE_KEPT}::interval RETURNING id`,
    );
    return rows.length;
  }

  /** Runs due jobs now and every `pollMs` (sooner on `wake`), one pass at a time, until `stop`. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.stopping = false;
    this.wake();
  }

  /** Looks for due jobs now (another process queued one, or this one did). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.wakeAgain = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.runDue()
      .catch((error: unknown) => this.options.log.error({ err: error }, 'jobs: a pass failed; trying again later'))
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        if (this.wakeAgain) {
          this.wakeAgain = false;
          this.wake();
          return;
        }
        this.timer = setTimeout(() => this.wake(), this.options.pollMs ?? 1000);
        this.timer.unref();
      });
  }

  /** Stops between jobs: the one under way finishes and records its outcome. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping = true;
    clearTimeout(this.timer);
    await this.running;
  }
}
/** A `jobs` row as the database answers it (snake case, ids and times as the drivers give them). */
interface JobRecord {
  id: string | number;
  kind: string;
  payload: Record<string, unknown>;
  state: JobRow['state'];
  run_at: string | Date;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  created_at: string | Date;
  finished_at: string | Date | null;
}

const JOB_COLUMNS = sql`id, kind, payload, state, run_at, attempts, max_attempts, last_error, created_at, finished_at`;

function toJobRow(row: JobRecord): JobRow {
  const iso = (at: string | Date) => new Date(at).toISOString();
  return {
    id: Number(row.id),
    kind: row.kind,
    payload: row.payload,
    state: row.state,
    runAt: iso(row.run_at),
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    lastError: row.last_error,
    createdAt: iso(row.created_at),
    finishedAt: row.finished_at === null ? null : iso(row.finished_at),
  };
}

/**
 * Staff's retry of a dead job: queued again, due at once, with its tries counted from none (its last
 * error stays until a try succeeds). Answers the job, or null when there is no dead job `id`.
 */
export async function retryDeadJob(db: Database, id: number): Promise<JobRow | null> {
  const [row] = await queryRows<JobRecord>(
    db,
    sql`UPDATE jobs SET state = 'queued', attempts = 0, run_at = now(), locked_until = NULL, finished_at = NULL
        WHERE id = ${id} AND state = 'dead'
        RETURNING ${JOB_COLUMNS}`,
  );
  return row ? toJobRow(row) : null;
}

/** Jobs newest first, optionally of one state or kind; `beforeId` pages on (the last id of the page before). */
export async function listJobs(
  db: Database,
  filter: { state?: JobRow['state']; kind?: string; limit: number; beforeId?: number },
): Promise<JobRow[]> {
  const conditions = [
    filter.state ? sql`state = ${filter.state}` : undefined,
    filter.kind ? sql`kind = ${filter.kind}` : undefined,
    filter.beforeId !== undefined ? sql`id < ${filter.beforeId}` : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
  const where = conditions.length > 0 ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  const rows = await queryRows<JobRecord>(db, sql`SELECT ${JOB_COLUMNS} FROM jobs ${where} ORDER BY id DESC LIMIT ${filter.limit}`);
  return rows.map(toJobRow);
}

/** How many jobs are in each state (every state, 0 when none). */
export async function countJobsByState(db: Database): Promise<Record<JobRow['state'], number>> {
  const counts: Record<JobRow['state'], number> = { queued: 0, running: 0, done: 0, dead: 0 };
  const rows = await queryRows<{ state: JobRow['state']; count: string | number }>(
    db,
    sql`SELECT state, count(*) AS count FROM jobs GROUP BY state`,
  );
  for (const row of rows) counts[row.state] = Number(row.count);
  return counts;
}

/** One job by id, or null (the back office tells an unknown job from one that is not dead). */
export async function findJob(db: Database, id: number): Promise<JobRow | null> {
  const [row] = await queryRows<JobRecord>(db, sql`SELECT ${JOB_COLUMNS} FROM jobs WHERE id = ${id}`);
  return row ? toJobRow(row) : null;
}
