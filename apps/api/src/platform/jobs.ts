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
 * Each claim has its own token: a running job's heartbeat extends its lease while it is alive, and an
 * outcome is recorded only by the claim that still holds the job (a late one is dropped).
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
  /** Of those events, the ones worth a job (default: all); the others are dispatched without one, sparing a job that would do nothing. */
  wants?: (event: DomainEvent) => boolean;
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
/** The error of a job whose process stopped on its last try. */
const LEASE_EXPIRED_ERROR = 'its process stopped before it finished (lease expired)';
/** Finished jobs are kept this long for staff to look at, then deleted. */
const DONE_KEPT = '7 days';
/** Longest error text kept on a job. */
const ERROR_MAX_LENGTH = 1000;

/** The wait before the try after failed try `attempt` (1 for the first): 10 s doubling, at most an hour. */
/** `JobRunnerOptions.every` by default: a timer that never keeps the process alive. */
function everyInterval(ms: number, beat: () => void): () => void {
  const timer = setInterval(beat, ms);
  timer.unref();
  return () => clearInterval(timer);
}

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

/** A claimed job: its id and the token of this claim. */
interface Claim {
  id: number;
  token: string;
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
  /**
   * Calls `beat` every `ms` until the returned function is called: the running job's heartbeat.
   * Default `setInterval`; tests pass one whose beats they fire, so none waits on the real clock.
   */
  every?: (ms: number, beat: () => void) => () => void;
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

  /**
   * Turns events not yet handed out into one job per handler (each once, also with several processes).
   * Only events of a type this runner handles: another process (a rolling deploy's newer one) may
   * handle more, so an event no handler here knows stays undispatched for it. Events nobody handles
   * stay undispatched for good, which is harmless: the table keeps them as the record of what happened.
   */
  async dispatchEvents(limit = 100): Promise<number> {
    const handlers = [...this.kinds.values()].filter((kind) => kind.on && kind.on.length > 0);
    const types = [...new Set(handlers.flatMap((kind) => kind.on!))];
    if (types.length === 0) return 0;
    return this.options.db.transaction(async (tx) => {
      const events = await queryRows<{
        id: string;
        type: DomainEventType;
        subject: string;
        payload: Record<string, unknown>;
        occurred_at: string;
      }>(
        tx,
        sql`SELECT id, type, subject, payload, occurred_at FROM domain_events
            WHERE dispatched_at IS NULL AND type IN (${sql.join(
              types.map((type) => sql`${type}`),
              sql`, `,
            )})
            ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
      );
      for (const row of events) {
        const event: DomainEvent = {
          id: Number(row.id),
          type: row.type,
          subject: row.subject,
          payload: row.payload,
          occurredAt: new Date(row.occurred_at).toISOString(),
        };
        for (const kind of handlers.filter((handler) => handler.on!.includes(event.type) && (handler.wants?.(event) ?? true))) {
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
    const leaseMs = this.options.leaseMs ?? DEFAULT_LEASE_MS;
    const lease = `${leaseMs} milliseconds`;
    const kindIn = sql`kind IN (${sql.join(
      names.map((name) => sql`${name}`),
      sql`, `,
    )})`;
    await this.buryExpired();
    const [claimed] = await queryRows<{
      id: string;
      kind: string;
      payload: Record<string, unknown>;
      attempts: number;
      max_attempts: number;
      claim_token: string;
    }>(
      db,
      sql`UPDATE jobs SET state = 'running', attempts = attempts + 1, locked_until = ${this.now()} + ${lease}::interval,
              claim_token = gen_random_uuid()
          WHERE id = (
            SELECT id FROM jobs
            WHERE state IN ('queued', 'running') AND run_at <= ${this.now()}
              AND (state = 'queued' OR locked_until < ${this.now()})
              AND ${kindIn}
            ORDER BY run_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING id, kind, payload, attempts, max_attempts, claim_token`,
    );
    if (!claimed) return false;
    const id = Number(claimed.id);
    const claim: Claim = { id, token: claimed.claim_token };
    const context: JobContext = { db, log: log.child({ job: claimed.kind, jobId: id }), jobId: id, attempt: claimed.attempts };
    const recurring = this.recurring.get(claimed.kind);
    const heartbeat = this.heartbeat(claim, leaseMs, context.log);
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
    } finally {
      await heartbeat.stop();
    }
    await this.record(claim, claimed.attempts, claimed.max_attempts, recurring, error, context.log);
    return true;
  }

  /**
   * A running job past its lease on its last try (its process stopped every time) is not claimed and
   * run again forever: it is dead, as a job that failed its last try is. Recurring jobs never die.
   */
  private async buryExpired(): Promise<void> {
    const names = [...this.kinds.keys()];
    if (names.length === 0) return;
    const buried = await queryRows<{ id: string; kind: string; attempts: number }>(
      this.options.db,
      sql`UPDATE jobs SET state = 'dead', locked_until = NULL, claim_token = NULL, last_error = ${LEASE_EXPIRED_ERROR},
              finished_at = ${this.now()}
          WHERE state = 'running' AND locked_until < ${this.now()} AND attempts >= max_attempts
            AND kind IN (${sql.join(
              names.map((name) => sql`${name}`),
              sql`, `,
            )})
          RETURNING id, kind, attempts`,
    );
    for (const row of buried) {
      this.options.log.error({ job: row.kind, jobId: Number(row.id), attempts: row.attempts }, `the job is dead: ${LEASE_EXPIRED_ERROR}`);
    }
  }

  /**
   * While a job runs, moves its lease on every third of it, so a slow but alive job is not taken for
   * dead; only while this claim still holds the job. Stopped when the job ends.
   */
  private heartbeat(claim: Claim, leaseMs: number, log: FastifyBaseLogger): { stop(): Promise<void> } {
    let beat: Promise<unknown> = Promise.resolve();
    let beating = true;
    const every = this.options.every ?? everyInterval;
    const cancel = every(Math.max(1, Math.floor(leaseMs / 3)), () => {
      if (!beating) return;
      beat = queryRows(
        this.options.db,
        sql`UPDATE jobs SET locked_until = ${this.now()} + ${`${leaseMs} milliseconds`}::interval
            WHERE ${this.holds(claim)} RETURNING id`,
      )
        .then((rows) => {
          if (rows.length === 0) {
            beating = false;
            cancel();
          }
        })
        .catch((error: unknown) => log.warn({ err: error }, 'jobs: a heartbeat failed; trying again'));
    });
    return {
      async stop() {
        beating = false;
        cancel();
        await beat;
      },
    };
  }

  /** The job is still this claim's: running under its token (not claimed again since its lease passed). */
  private holds(claim: Claim): SQL {
    return sql`id = ${claim.id} AND state = 'running' AND claim_token = ${claim.token}`;
  }

  /** Writes a claim's outcome; dropped (with a warning) when the job was claimed again meanwhile. */
  private async record(
    claim: Claim,
    attempts: number,
    maxAttempts: number,
    recurring: RecurringJob | undefined,
    error: string | undefined,
    log: FastifyBaseLogger,
  ) {
    const { db } = this.options;
    const update = async (set: SQL) => {
      const rows = await queryRows(
        db,
        sql`UPDATE jobs SET ${set}, locked_until = NULL, claim_token = NULL WHERE ${this.holds(claim)} RETURNING id`,
      );
      if (rows.length === 0) {
        log.warn({ error }, 'the job was claimed again after its lease passed: this outcome is dropped');
        return false;
      }
      return true;
    };
    if (recurring) {
      // Never dead: the next run comes as usual, and the last failure shows until a run succeeds.
      if (
        await update(
          sql`state = 'queued', run_at = ${this.now()} + ${`${recurring.everyMs} milliseconds`}::interval,
            attempts = ${error ? sql`attempts` : sql`0`}, last_error = ${error ?? null}, finished_at = ${this.now()}`,
        )
      ) {
        if (error) log.error({ error }, 'the job failed; it runs again later');
      }
      return;
    }
    if (!error) {
      await update(sql`state = 'done', finished_at = ${this.now()}`);
      return;
    }
    if (attempts >= maxAttempts) {
      if (await update(sql`state = 'dead', last_error = ${error}, finished_at = ${this.now()}`)) {
        log.error({ error, attempts }, 'the job failed for the last time: dead until staff retry it');
      }
      return;
    }
    const delay = retryDelayMs(attempts);
    if (await update(sql`state = 'queued', last_error = ${error}, run_at = ${this.now()} + ${`${delay} milliseconds`}::interval`)) {
      log.warn({ error, attempts, retryInMs: delay }, 'the job failed; it is tried again later');
    }
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
 * error stays until a try succeeds). Answers the job, or null when there is no dead job `id`. `now` is
 * the runners' clock when tests set one (absent, the database's `now()`).
 */
export async function retryDeadJob(db: Database, id: number, now?: Date): Promise<JobRow | null> {
  const [row] = await queryRows<JobRecord>(
    db,
    sql`UPDATE jobs SET state = 'queued', attempts = 0, run_at = ${now ? sql`${now.toISOString()}::timestamptz` : sql`now()`},
            locked_until = NULL, claim_token = NULL, finished_at = NULL
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
