import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, schema } from '@kedai/db';
import { LIFTED_LIMITS, createVerifiedUser, signedInClient, staffClient } from '../accounts';
import { TestClient } from '../client';
import { createTestApp, expectError, race, type TestApp } from '../helpers';
import { JobRunner, queueJob } from '../../src/platform/jobs';

/**
 * The back office's jobs (issue 28): staff see work that failed for good (`dead`), with why and how
 * often it was tried, and queue it again.
 *
 * How a job gets dead here: the app's own kinds cannot be made to fail on demand from outside (mail
 * delivery needs an SMTP server refusing it ten times), so the test queues a job of its own kind with
 * `queueJob` and runs it with a `JobRunner` that knows that kind, over the app's database and clock:
 * the same runner code that kills a real job after its last try. The kind fails while `failing` is
 * set, so after staff's retry the same runner runs it again and it is done.
 */

let t: TestApp;
let staff: TestClient;
let staffId: string;
let failing = true;
let runner: JobRunner;

const FLAKY = 'test.flaky';

beforeAll(async () => {
  t = await createTestApp({ env: LIFTED_LIMITS });
  const member = await staffClient(t.app, 'staff', t.clock.now);
  staff = member.client;
  staffId = member.user.id;
  runner = new JobRunner({
    db: t.app.db,
    log: t.app.log,
    clock: t.clock.now,
    recurring: [],
    kinds: [
      {
        name: FLAKY,
        run: async () => {
          if (failing) throw new Error('SMTP 550: mailbox unavailable');
        },
      },
    ],
  });
}, 120_000);
afterAll(() => t?.close());

/** A job of the flaky kind that failed each of its `maxAttempts` tries: dead. */
async function deadJob(payload: Record<string, unknown> = { mailId: 7 }, maxAttempts = 2): Promise<number> {
  failing = true;
  const id = (await queueJob(t.app.db, FLAKY, payload, { maxAttempts, runAt: t.clock.now() }))!;
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    await runner.runDue();
    t.clock.advance(3600); // past the backoff
  }
  return id;
}

describe('GET /admin/jobs', () => {
  it('refuses a visitor (401) and a shopper (403)', async () => {
    expectError(await new TestClient(t.app).get('/admin/jobs'), 401, 'auth/not_authorized');
    const shopper = await signedInClient(t.app, await createVerifiedUser(t.app));
    expectError(await shopper.get('/admin/jobs?state=dead'), 403, 'auth/not_authorized');
    expectError(await shopper.post('/admin/jobs/1/retry'), 403, 'auth/not_authorized');
  });

  it('shows staff (not only owners) the dead jobs with their last error and tries, newest first, and the count of each state', async () => {
    const older = await deadJob({ mailId: 1 });
    const newer = await deadJob({ mailId: 2 }, 3);
    await queueJob(t.app.db, FLAKY, { mailId: 3 }, { runAt: new Date(t.clock.now().getTime() + 3_600_000) });

    const answer = await staff.get('/admin/jobs?state=dead');
    expect(answer.status, answer.response.payload).toBe(200);
    const ids = answer.body.jobs.map((job: { id: number }) => job.id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    expect(answer.body.jobs.every((job: { state: string }) => job.state === 'dead')).toBe(true);
    expect(answer.body.jobs.find((job: { id: number }) => job.id === newer)).toMatchObject({
      kind: FLAKY,
      payload: { mailId: 2 },
      state: 'dead',
      attempts: 3,
      maxAttempts: 3,
      lastError: 'SMTP 550: mailbox unavailable',
    });
    expect(answer.body.counts.dead).toBeGreaterThanOrEqual(2);
    expect(answer.body.counts.queued).toBeGreaterThanOrEqual(1);

    const queued = await staff.get('/admin/jobs?state=queued');
    expect(queued.body.jobs.map((job: { payload: unknown }) => job.payload)).toContainEqual({ mailId: 3 });
    expect(queued.body.counts).toEqual(answer.body.counts);
  });

  it('pages on with `before` and filters by kind', async () => {
    await deadJob({ mailId: 10 });
    await deadJob({ mailId: 11 });
    const first = await staff.get('/admin/jobs?state=dead&limit=1');
    expect(first.body.jobs).toHaveLength(1);
    expect(first.body.nextBefore).toBe(first.body.jobs[0].id);
    const second = await staff.get(`/admin/jobs?state=dead&limit=1&before=${first.body.nextBefore}`);
    expect(second.body.jobs[0].id).toBeLessThan(first.body.jobs[0].id);
    expect((await staff.get('/admin/jobs?kind=mail.nothing')).body.jobs).toEqual([]);
    expect((await staff.get(`/admin/jobs?kind=${FLAKY}&limit=100`)).body.jobs.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a state it does not know', async () => {
    expect((await staff.get('/admin/jobs?state=failed')).status).toBe(400);
  });
});

describe('POST /admin/jobs/{id}/retry', () => {
  it('queues a dead job again, due at once with its tries counted from none; the runner then does it', async () => {
    const id = await deadJob({ mailId: 20 });
    const retried = await staff.post(`/admin/jobs/${id}/retry`);
    expect(retried.status, retried.response.payload).toBe(200);
    expect(retried.body).toMatchObject({ id, state: 'queued', attempts: 0, lastError: 'SMTP 550: mailbox unavailable' });

    const [audit] = await t.app.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.objectId, String(id)))
      .orderBy(desc(schema.auditLog.id));
    expect(audit).toMatchObject({
      actorId: staffId,
      action: 'job.retry',
      objectType: 'job',
      before: { state: 'dead', attempts: 2 },
      after: { state: 'queued' },
    });

    failing = false;
    await runner.runDue();
    const done = await staff.get(`/admin/jobs?state=done&kind=${FLAKY}`);
    expect(done.body.jobs.find((job: { id: number }) => job.id === id)).toMatchObject({ state: 'done', attempts: 1 });
  });

  it('answers 404 job/not_found for an unknown job, and 409 job/not_dead with its state for one that is not dead', async () => {
    expectError(await staff.post('/admin/jobs/987654321/retry'), 404, 'job/not_found');
    const queued = (await queueJob(t.app.db, FLAKY, { mailId: 30 }, { runAt: new Date(t.clock.now().getTime() + 3_600_000) }))!;
    const refused = await staff.post(`/admin/jobs/${queued}/retry`);
    expectError(refused, 409, 'job/not_dead');
    expect(refused.body.params).toEqual(['queued']);

    const id = await deadJob({ mailId: 31 });
    expect((await staff.post(`/admin/jobs/${id}/retry`)).status).toBe(200);
    expectError(await staff.post(`/admin/jobs/${id}/retry`), 409, 'job/not_dead');
  });

  it('answers 400 for an id that is not a whole number', async () => {
    expect((await staff.post('/admin/jobs/abc/retry')).status).toBe(400);
  });

  race('two staff retrying one dead job at once queue it once: one 200, one 409, one audit row', async () => {
    const id = await deadJob({ mailId: 40 });
    const answers = await Promise.all([staff.post(`/admin/jobs/${id}/retry`), staff.post(`/admin/jobs/${id}/retry`)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.params).toEqual(['queued']);
    const audits = await t.app.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.objectId, String(id)));
    expect(audits.filter((row) => row.action === 'job.retry')).toHaveLength(1);
  });
});

describe('POST /dev/failed_job (development outbox on, loopback only)', () => {
  it('makes a job that failed for good, which staff see and retry; no runner of the app knows its kind, so it then stays queued', async () => {
    const here = new TestClient(t.app);
    const made = await here.post('/dev/failed_job');
    expect(made.status, made.response.payload).toBe(201);
    const { job } = made.body;
    expect(job).toMatchObject({ kind: 'dev.example', state: 'dead', attempts: 1, maxAttempts: 1 });
    expect(job.lastError).toMatch(/fails on purpose/);

    const listed = await staff.get('/admin/jobs?state=dead&kind=dev.example');
    expect(listed.body.jobs.map((one: { id: number }) => one.id)).toContain(job.id);
    expect((await staff.post(`/admin/jobs/${job.id}/retry`)).body.state).toBe('queued');
    await t.app.jobs.runDue();
    // A second example does not claim the retried one.
    expect((await here.post('/dev/failed_job')).status).toBe(201);
    const queued = await staff.get('/admin/jobs?state=queued&kind=dev.example');
    expect(queued.body.jobs.map((one: { id: number }) => one.id)).toContain(job.id);
  });

  it('does not exist for a request forwarded from another machine', async () => {
    expectError(await new TestClient(t.app, { 'x-forwarded-for': '203.0.113.7' }).post('/dev/failed_job'), 404, 'general/not_found');
  });
});
