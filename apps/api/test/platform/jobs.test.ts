import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { openDatabase, queryRows, sql, type DatabaseHandle } from '@kedai/db';
import { createTestDatabase } from '@kedai/db/testing';
import { recordEvent } from '../../src/platform/events';
import {
  countJobsByState,
  JobRunner,
  listJobs,
  queueJob,
  retryDeadJob,
  retryDelayMs,
  type JobKind,
  type JobRunnerOptions,
  type RecurringJob,
} from '../../src/platform/jobs';
import { race, TestClock } from '../helpers';

/**
 * The durable jobs runner (platform/jobs.ts) on its own, without the app: each test uses kinds of its
 * own, so the jobs other tests left in the table are not its runner's.
 */

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

let handle: DatabaseHandle & { url?: string };
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle?.close());

function runner(clock: TestClock, options: Partial<JobRunnerOptions> = {}) {
  return new JobRunner({ db: handle.db, log, clock: clock.now, kinds: [], recurring: [], ...options });
}

async function job(id: number) {
  const [row] = await queryRows<{ state: string; attempts: number; last_error: string | null; run_at: string }>(
    handle.db,
    sql`SELECT state, attempts, last_error, run_at FROM jobs WHERE id = ${id}`,
  );
  return { ...row!, run_at: new Date(row!.run_at).toISOString() };
}

/** A kind whose first `failures` tries throw `try <n> failed`, and which counts its tries. */
function flaky(name: string, failures: number, maxAttempts?: number) {
  const kind = {
    name,
    maxAttempts,
    tries: 0,
    async run() {
      kind.tries++;
      if (kind.tries <= failures) throw new Error(`try ${kind.tries} failed`);
    },
  } satisfies JobKind & { tries: number };
  return kind;
}

describe('retry delays', () => {
  it('start at 10 seconds, double after each failed try, and never pass an hour', () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([10_000, 20_000, 40_000, 80_000, 160_000]);
    expect(retryDelayMs(9)).toBe(2_560_000);
    expect(retryDelayMs(10)).toBe(3_600_000);
    expect(retryDelayMs(50)).toBe(3_600_000);
  });
});

describe('a queued job', () => {
  it('that fails is tried again after its backoff, and is done once it succeeds', async () => {
    const clock = new TestClock();
    const kind = flaky('test.flaky', 2);
    const jobs = runner(clock, { kinds: [kind] });
    const id = (await queueJob(handle.db, kind.name, { n: 1 }))!;

    expect(await jobs.runDue()).toBe(1);
    expect(await job(id)).toMatchObject({ state: 'queued', attempts: 1, last_error: 'try 1 failed' });
    expect((await job(id)).run_at).toBe(new Date(clock.now().getTime() + 10_000).toISOString());
    // Not before its time.
    clock.advance(9);
    expect(await jobs.runDue()).toBe(0);
    clock.advance(1);
    expect(await jobs.runDue()).toBe(1);
    expect(await job(id)).toMatchObject({ state: 'queued', attempts: 2, last_error: 'try 2 failed' });
    clock.advance(20);
    expect(await jobs.runDue()).toBe(1);
    expect(await job(id)).toMatchObject({ state: 'done', attempts: 3 });
    expect(kind.tries).toBe(3);
    // Done is done.
    clock.advance(3600);
    expect(await jobs.runDue()).toBe(0);
    expect(kind.tries).toBe(3);
  });

  it('is dead after its last try, with the last error, and runs no more', async () => {
    const clock = new TestClock();
    const kind = flaky('test.hopeless', Infinity);
    const jobs = runner(clock, { kinds: [kind] });
    const id = (await queueJob(handle.db, kind.name, {}, { maxAttempts: 3 }))!;
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await jobs.runDue()).toBe(1);
      clock.advance(retryDelayMs(attempt) / 1000);
    }
    expect(await job(id)).toMatchObject({ state: 'dead', attempts: 3, last_error: 'try 3 failed' });
    clock.advance(24 * 3600);
    expect(await jobs.runDue()).toBe(0);
    expect(kind.tries).toBe(3);
    expect((await listJobs(handle.db, { state: 'dead', kind: kind.name, limit: 10 })).map((row) => row.id)).toEqual([id]);
  });

  it('is queued again by retryDeadJob only when dead, with its tries counted from none', async () => {
    const clock = new TestClock();
    const kind = flaky('test.retried', 2, 2);
    const jobs = runner(clock, { kinds: [kind] });
    const id = (await queueJob(handle.db, kind.name, {}, { maxAttempts: 2 }))!;
    // Queued, not dead: nothing to retry.
    expect(await retryDeadJob(handle.db, id)).toBeNull();
    await jobs.runDue();
    expect(await retryDeadJob(handle.db, id)).toBeNull();
    clock.advance(10);
    await jobs.runDue();
    expect(await job(id)).toMatchObject({ state: 'dead', attempts: 2 });

    const retried = await retryDeadJob(handle.db, id);
    expect(retried).toMatchObject({ id, kind: kind.name, state: 'queued', attempts: 0, maxAttempts: 2, finishedAt: null });
    // Due at once, no clock moved.
    expect(await jobs.runDue()).toBe(1);
    expect(await job(id)).toMatchObject({ state: 'done', attempts: 1 });
    expect(kind.tries).toBe(3);
    // Done, not dead; and no such job.
    expect(await retryDeadJob(handle.db, id)).toBeNull();
    expect(await retryDeadJob(handle.db, 987_654_321)).toBeNull();
  });

  it('whose process died is claimed again once its lease has passed, not before', async () => {
    const clock = new TestClock();
    let release!: () => void;
    const stuck = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const claimed = new Promise<void>((resolve) => (started = resolve));
    const runs: string[] = [];
    const kind = (who: string, wait: boolean): JobKind => ({
      name: 'test.leased',
      async run() {
        runs.push(who);
        if (wait) {
          started();
          await stuck;
          throw new Error('the late try failed');
        }
      },
    });
    const dying = runner(clock, { kinds: [kind('dying', true)], leaseMs: 60_000 });
    const other = runner(clock, { kinds: [kind('other', false)], leaseMs: 60_000 });
    const id = (await queueJob(handle.db, 'test.leased', {}))!;
    const first = dying.runOne();
    await claimed;
    expect(await job(id)).toMatchObject({ state: 'running', attempts: 1 });
    expect(await other.runOne()).toBe(false);
    clock.advance(59);
    expect(await other.runOne()).toBe(false);
    clock.advance(2);
    expect(await other.runOne()).toBe(true);
    expect(runs).toEqual(['dying', 'other']);
    expect(await job(id)).toMatchObject({ state: 'done', attempts: 2 });
    release();
    await first;
    // The first runner's late failure does not re-queue the job the newer claim finished.
    expect(await job(id)).toMatchObject({ state: 'done', attempts: 2, last_error: null });
  });

  it('that is slow but alive keeps its lease: the heartbeat extends it', async () => {
    const clock = new TestClock();
    let release!: () => void;
    const stuck = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const claimed = new Promise<void>((resolve) => (started = resolve));
    const runs: string[] = [];
    const kind = (who: string, wait: boolean): JobKind => ({
      name: 'test.heartbeat',
      async run() {
        runs.push(who);
        if (wait) {
          started();
          await stuck;
        }
      },
    });
    // The heartbeat's timer is the test's: each beat fired by hand moves the lease on from the runner's clock.
    const beats: (() => void)[] = [];
    const every = (_ms: number, beat: () => void) => {
      beats.push(beat);
      return () => beats.splice(beats.indexOf(beat), 1);
    };
    const slow = runner(clock, { kinds: [kind('slow', true)], leaseMs: 300, every });
    const other = runner(clock, { kinds: [kind('other', false)], leaseMs: 300 });
    const id = (await queueJob(handle.db, 'test.heartbeat', {}))!;
    const first = slow.runOne();
    await claimed;
    const leaseOf = async () => {
      const [row] = await queryRows<{ locked_until: string }>(handle.db, sql`SELECT locked_until FROM jobs WHERE id = ${id}`);
      return new Date(row!.locked_until).getTime();
    };
    const claimedUntil = await leaseOf();
    clock.advance(10);
    expect(beats).toHaveLength(1);
    beats[0]!();
    await vi.waitFor(async () => expect(await leaseOf()).toBe(claimedUntil + 10_000), { timeout: 10_000 });
    // Past the first lease, yet its process is alive: not claimed again.
    expect(await other.runOne()).toBe(false);
    release();
    await first;
    expect(runs).toEqual(['slow']);
    expect(await job(id)).toMatchObject({ state: 'done', attempts: 1 });
    // The job ended: its heartbeat is cancelled.
    expect(beats).toHaveLength(0);
  });

  it('whose process stopped on its last try is dead once its lease has passed, not run again', async () => {
    const clock = new TestClock();
    let started!: () => void;
    const claimed = new Promise<void>((resolve) => (started = resolve));
    const runs: string[] = [];
    const kind = (who: string, wait: boolean): JobKind => ({
      name: 'test.crashing',
      async run() {
        runs.push(who);
        if (wait) {
          started();
          await new Promise(() => {}); // its process died: it never finishes
        }
      },
    });
    const dying = runner(clock, { kinds: [kind('dying', true)], leaseMs: 60_000 });
    const other = runner(clock, { kinds: [kind('other', false)], leaseMs: 60_000 });
    const id = (await queueJob(handle.db, 'test.crashing', {}, { maxAttempts: 1 }))!;
    void dying.runOne();
    await claimed;
    clock.advance(61);
    expect(await other.runOne()).toBe(false);
    expect(runs).toEqual(['dying']);
    expect(await job(id)).toMatchObject({
      state: 'dead',
      attempts: 1,
      last_error: 'its process stopped before it finished (lease expired)',
    });
    clock.advance(3600);
    expect(await other.runOne()).toBe(false);
  });

  it('is retried by staff at the runner clock when given one', async () => {
    const clock = new TestClock();
    const kind = flaky('test.retried_at', 1, 1);
    const jobs = runner(clock, { kinds: [kind] });
    const id = (await queueJob(handle.db, kind.name, {}, { maxAttempts: 1, runAt: clock.now() }))!;
    expect(await jobs.runDue()).toBe(1);
    expect(await job(id)).toMatchObject({ state: 'dead' });
    clock.advance(3600);
    const retried = await retryDeadJob(handle.db, id, clock.now());
    expect(retried!.runAt).toBe(clock.now().toISOString());
  });
});

describe('a recurring job', () => {
  it('runs when scheduled, again after its interval, and never dies of a failure', async () => {
    const clock = new TestClock();
    let runs = 0;
    const every: RecurringJob = {
      name: 'test.every',
      everyMs: 60_000,
      async run() {
        runs++;
        if (runs === 2 || runs === 3) throw new Error(`run ${runs} failed`);
        return 1;
      },
    };
    const jobs = runner(clock, { recurring: [every] });
    await jobs.schedule();
    await jobs.schedule(); // one row, however often the servers start
    const rows = () =>
      queryRows<{ id: string; state: string; attempts: number; last_error: string | null }>(
        handle.db,
        sql`SELECT id, state, attempts, last_error FROM jobs WHERE kind = 'test.every'`,
      );
    expect(await rows()).toHaveLength(1);

    // With the runner's own hourly `jobs.purge`.
    expect(await jobs.runDue()).toBe(2);
    expect(runs).toBe(1);
    clock.advance(59);
    expect(await jobs.runDue()).toBe(0);
    for (const failing of [2, 3]) {
      clock.advance(failing === 2 ? 1 : 60);
      expect(await jobs.runDue()).toBe(1);
      expect(runs).toBe(failing);
      const [row] = await rows();
      expect(row).toMatchObject({ state: 'queued', last_error: `run ${failing} failed` });
    }
    // Its one try each run is no limit: the next run comes as usual, and a success clears the error.
    clock.advance(60);
    expect(await jobs.runDue()).toBe(1);
    expect(runs).toBe(4);
    expect(await rows()).toMatchObject([{ state: 'queued', attempts: 0, last_error: null }]);
  });
});

describe('events', () => {
  it('are handed to their handlers only when their transaction committed, each once', async () => {
    const clock = new TestClock();
    const handled: string[] = [];
    const handler: JobKind<{ event: { subject: string } }> = {
      name: 'test.on_paid',
      on: ['order.paid'],
      async run({ event }) {
        handled.push(event.subject);
      },
    };
    const jobs = runner(clock, { kinds: [handler] });
    await expect(
      handle.db.transaction(async (tx) => {
        await recordEvent(tx, { type: 'order.paid', subject: 'rolled-back' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await handle.db.transaction(async (tx) => {
      await recordEvent(tx, { type: 'order.paid', subject: 'committed' });
    });
    // Of no handler's type: handed to none.
    await recordEvent(handle.db, { type: 'order.shipped', subject: 'shipped' });

    await jobs.runDue();
    await jobs.runDue();
    await runner(clock, { kinds: [handler] }).runDue();
    expect(handled).toEqual(['committed']);
  });

  it('without a handler in this runner stay undispatched for a runner that has one', async () => {
    const clock = new TestClock();
    const handled: string[] = [];
    const handler: JobKind<{ event: { subject: string } }> = {
      name: 'test.on_cancelled',
      on: ['order.cancelled'],
      async run({ event }) {
        handled.push(event.subject);
      },
    };
    await recordEvent(handle.db, { type: 'order.cancelled', subject: 'cancelled-order' });
    const dispatched = async () => {
      const [row] = await queryRows<{ dispatched_at: string | null }>(
        handle.db,
        sql`SELECT dispatched_at FROM domain_events WHERE subject = 'cancelled-order'`,
      );
      return row!.dispatched_at;
    };
    // An older process, without the handler (and one with no handlers at all): the event stays for others.
    await runner(clock, { kinds: [flaky('test.other_kind', 0)] }).runDue();
    await runner(clock).runDue();
    expect(await dispatched()).toBeNull();
    await runner(clock, { kinds: [handler] }).runDue();
    expect(handled).toEqual(['cancelled-order']);
    expect(await dispatched()).not.toBeNull();
  });

  it('a handler does not want make no job of its kind, and are dispatched all the same', async () => {
    const clock = new TestClock();
    const handled: string[] = [];
    const handler: JobKind<{ event: { subject: string } }> = {
      name: 'test.on_refunded_in_full',
      on: ['order.refunded'],
      wants: (event) => event.payload.part === 'full',
      async run({ event }) {
        handled.push(event.subject);
      },
    };
    await recordEvent(handle.db, { type: 'order.refunded', subject: 'refunded-in-part', payload: { part: 'partial' } });
    await recordEvent(handle.db, { type: 'order.refunded', subject: 'refunded-in-full', payload: { part: 'full' } });
    await runner(clock, { kinds: [handler] }).runDue();
    expect(handled).toEqual(['refunded-in-full']);
    const jobsOfKind = await queryRows<{ n: number }>(
      handle.db,
      sql`SELECT count(*)::int AS n FROM jobs WHERE kind = 'test.on_refunded_in_full'`,
    );
    expect(jobsOfKind[0]!.n).toBe(1);
    const undispatched = await queryRows<{ n: number }>(
      handle.db,
      sql`SELECT count(*)::int AS n FROM domain_events WHERE subject LIKE 'refunded-in-%' AND dispatched_at IS NULL`,
    );
    expect(undispatched[0]!.n).toBe(0);
  });
});

describe('listing jobs', () => {
  it('answers the newest first, by state and kind, page by page, and counts them by state', async () => {
    const ids: number[] = [];
    for (let n = 0; n < 5; n++) ids.push((await queueJob(handle.db, 'test.listed', { n }))!);
    const page = await listJobs(handle.db, { kind: 'test.listed', limit: 3 });
    expect(page.map((row) => row.id)).toEqual([ids[4], ids[3], ids[2]]);
    expect(page[0]).toMatchObject({ kind: 'test.listed', payload: { n: 4 }, state: 'queued', attempts: 0, lastError: null });
    const next = await listJobs(handle.db, { kind: 'test.listed', limit: 3, beforeId: page[2]!.id });
    expect(next.map((row) => row.id)).toEqual([ids[1], ids[0]]);
    expect(await listJobs(handle.db, { kind: 'test.listed', state: 'dead', limit: 3 })).toEqual([]);

    const counts = await countJobsByState(handle.db);
    expect(Object.keys(counts).sort()).toEqual(['dead', 'done', 'queued', 'running']);
    const [all] = await queryRows<{ count: string }>(handle.db, sql`SELECT count(*) AS count FROM jobs`);
    expect(counts.queued + counts.running + counts.done + counts.dead).toBe(Number(all!.count));
    expect(counts.queued).toBeGreaterThanOrEqual(5);
  });
});

describe('two processes', () => {
  let second: DatabaseHandle | undefined;
  beforeAll(async () => {
    // Another API process: its own connection pool on the same database (PGlite has one process).
    if (handle.url) second = await openDatabase({ url: handle.url, poolSize: 5 });
  });
  afterAll(() => second?.close());

  race(
    'a job runs once with two processes claiming',
    async () => {
      const clock = new TestClock();
      const count = 60;
      const ranBy = new Map<number, string[]>();
      const kind = (who: string): JobKind<{ n: number }> => ({
        name: 'test.once',
        async run({ n }) {
          ranBy.set(n, [...(ranBy.get(n) ?? []), who]);
          // Hold the job a moment, so the other process claims while it runs.
          await new Promise((resolve) => setImmediate(resolve));
        },
      });
      for (let n = 0; n < count; n++) await queueJob(handle.db, 'test.once', { n });
      const one = new JobRunner({ db: handle.db, log, clock: clock.now, kinds: [kind('one')], recurring: [] });
      const two = new JobRunner({ db: (second ?? handle).db, log, clock: clock.now, kinds: [kind('two')], recurring: [] });

      // Each process claims at once, as two servers' runners would: one job at a time, and a pass of all that is due.
      const ran = await Promise.all([one.runOne(), two.runOne(), one.runDue(), two.runDue(), one.runDue(), two.runDue()]);
      const total = ran.reduce<number>((sum, outcome) => sum + Number(outcome), 0);
      expect(total).toBe(count);
      expect(ranBy.size).toBe(count);
      for (const [, runners] of ranBy) expect(runners).toHaveLength(1);
      const [left] = await queryRows<{ count: string }>(
        handle.db,
        sql`SELECT count(*) AS count FROM jobs WHERE kind = 'test.once' AND state <> 'done'`,
      );
      expect(Number(left!.count)).toBe(0);
    },
    60_000,
  );

  race('an event is handed to its handler once with two processes dispatching', async () => {
    const clock = new TestClock();
    const handled: string[] = [];
    const handler = (): JobKind<{ event: { subject: string } }> => ({
      name: 'test.on_refunded',
      on: ['order.refunded'],
      async run({ event }) {
        handled.push(event.subject);
      },
    });
    for (let n = 0; n < 20; n++) await recordEvent(handle.db, { type: 'order.refunded', subject: `order-${n}` });
    const one = new JobRunner({ db: handle.db, log, clock: clock.now, kinds: [handler()], recurring: [] });
    const two = new JobRunner({ db: (second ?? handle).db, log, clock: clock.now, kinds: [handler()], recurring: [] });
    await Promise.all([one.runDue(), two.runDue(), one.runDue(), two.runDue()]);
    expect(handled.sort()).toEqual(Array.from({ length: 20 }, (_, n) => `order-${n}`).sort());
  });
});
