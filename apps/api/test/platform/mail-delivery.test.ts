import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { queryRows, sql } from '@kedai/db';
import { listJobs, retryDeadJob, retryDelayMs } from '../../src/platform/jobs';
import { MAIL_MAX_ATTEMPTS } from '../../src/platform/mailer';
import { createTestApp, post, type TestApp } from '../helpers';

/**
 * Mail delivery as a durable job (`mail.deliver`): a real SMTP server here refuses a recipient (451,
 * "try again later") as many times as a test says, and the shop's job tries again after each backoff
 * on the test clock, never on the real one.
 */

function registration(email: string) {
  return {
    email,
    password: 'Rahsia123!',
    firstName: 'Aminah',
    lastName: 'Tan',
    phoneNumber: '+60 12-345 6789',
    country: 'MY',
    birthDate: '1985-12-01',
    gender: 'unspecified',
    acceptTerms: true,
  };
}

describe('mail delivery with retries', () => {
  /** Refusals still to answer, by recipient. */
  const refusals = new Map<string, number>();
  /** Recipients of each mail the server accepted. */
  const received: string[][] = [];
  let smtp: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        const left = refusals.get(address.address) ?? 0;
        if (left <= 0) return callback();
        refusals.set(address.address, left - 1);
        const refusal = new Error('Mailbox busy, try again later') as Error & { responseCode: number };
        refusal.responseCode = 451;
        callback(refusal);
      },
      onData(stream, session, callback) {
        stream.on('data', () => undefined);
        stream.on('end', () => {
          received.push(session.envelope.rcptTo.map((rcpt) => rcpt.address));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    const { port } = smtp.server.address() as AddressInfo;
    t = await createTestApp({ seed: false, env: { MAIL_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  });

  const deliveredTo = (address: string) => received.filter((rcpt) => rcpt.includes(address)).length;

  async function mailOf(address: string) {
    const [mail] = await queryRows<{ id: number; sent: boolean; error: string | null }>(
      t.handle.db,
      sql`SELECT id, sent_at IS NOT NULL AS sent, error FROM mail_outbox WHERE to_address = ${address} ORDER BY id DESC LIMIT 1`,
    );
    const [job] = await queryRows<{ id: string; state: string; attempts: number; last_error: string | null }>(
      t.handle.db,
      sql`SELECT id, state, attempts, last_error FROM jobs WHERE kind = 'mail.deliver' AND (payload->>'mailId')::bigint = ${mail!.id}`,
    );
    return { mail: { ...mail!, id: Number(mail!.id) }, job: { ...job!, id: Number(job!.id) } };
  }

  it('arrives exactly once after the server refused it twice, each try after its backoff', async () => {
    const address = 'aminah.busy@example.com';
    refusals.set(address, 2);
    expect((await post(t.app, '/auth/register', registration(address))).status).toBe(201);

    // First try: refused; the outbox row says why, and the job waits its backoff.
    expect(await t.app.jobs.runDue()).toBe(1);
    let state = await mailOf(address);
    expect(state.mail).toMatchObject({ sent: false, error: expect.stringContaining('451') });
    expect(state.job).toMatchObject({ state: 'queued', attempts: 1, last_error: state.mail.error });
    expect(deliveredTo(address)).toBe(0);
    // Not before the backoff has passed.
    t.clock.advance(retryDelayMs(1) / 1000 - 1);
    expect(await t.app.jobs.runDue()).toBe(0);
    t.clock.advance(1);
    expect(await t.app.jobs.runDue()).toBe(1);
    expect((await mailOf(address)).job).toMatchObject({ state: 'queued', attempts: 2 });

    t.clock.advance(retryDelayMs(2) / 1000);
    expect(await t.app.jobs.runDue()).toBe(1);
    state = await mailOf(address);
    expect(state.mail).toMatchObject({ sent: true, error: null });
    expect(state.job).toMatchObject({ state: 'done', attempts: 3 });
    expect(deliveredTo(address)).toBe(1);

    // Nothing sends it again: no later run, and not the job run a second time.
    t.clock.advance(24 * 3600);
    expect(await t.app.jobs.runDue()).toBe(0);
    await t.app.mailer.deliver(state.mail.id);
    expect(deliveredTo(address)).toBe(1);
  });

  it('is dead after its last try, its error on the job and the mail, and delivered once when staff retry it', async () => {
    const address = 'aminah.full@example.com';
    refusals.set(address, Infinity);
    expect((await post(t.app, '/auth/register', registration(address))).status).toBe(201);

    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      expect(await t.app.jobs.runDue()).toBe(1);
      t.clock.advance(retryDelayMs(attempt) / 1000);
    }
    const dead = await mailOf(address);
    expect(dead.job).toMatchObject({ state: 'dead', attempts: MAIL_MAX_ATTEMPTS, last_error: expect.stringContaining('451') });
    expect(dead.mail).toMatchObject({ sent: false, error: dead.job.last_error });
    expect(deliveredTo(address)).toBe(0);
    // No more tries on its own.
    t.clock.advance(7 * 24 * 3600);
    expect(await t.app.jobs.runDue()).toBe(0);
    // Staff see it among the dead jobs.
    expect((await listJobs(t.app.db, { state: 'dead', kind: 'mail.deliver', limit: 10 })).map((job) => job.id)).toContain(dead.job.id);

    // The mailbox has room again; staff retry the mail.
    refusals.delete(address);
    expect(await retryDeadJob(t.app.db, dead.job.id)).toMatchObject({ state: 'queued', attempts: 0 });
    expect(await t.app.jobs.runDue()).toBe(1);
    const retried = await mailOf(address);
    expect(retried.mail).toMatchObject({ sent: true, error: null });
    expect(retried.job).toMatchObject({ state: 'done', attempts: 1 });
    expect(deliveredTo(address)).toBe(1);
    expect(await t.app.jobs.runDue()).toBe(0);
    expect(deliveredTo(address)).toBe(1);
  });
});
