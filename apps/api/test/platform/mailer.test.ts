import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { queryRows, sql } from '@kedai/db';
import { createTestApp, expectError, get, post, type TestApp } from '../helpers';

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

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

async function outboxRow(t: TestApp, to: string) {
  const [row] = await queryRows<{ sent: boolean; error: string | null; text: string }>(
    t.handle.db,
    sql`SELECT sent_at IS NOT NULL AS sent, error, text FROM mail_outbox WHERE to_address = ${to} ORDER BY id DESC LIMIT 1`,
  );
  return row;
}

describe('mail over SMTP (MAIL_URL set)', () => {
  const received: Received[] = [];
  let smtp: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    const { port } = smtp.server.address() as AddressInfo;
    t = await createTestApp({ seed: false, env: { MAIL_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Kedai Test <shop@kedai.test>' } });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  });

  it('delivers the verification code to the SMTP server and marks the mail sent', async () => {
    const { status } = await post(t.app, '/auth/register', registration('Aminah.Smtp@Example.com'));
    expect(status).toBe(201);
    // Delivery is a job (mail.deliver), run here as the server's runner would.
    expect(received).toHaveLength(0);
    await t.app.jobs.runDue();

    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.to).toEqual(['aminah.smtp@example.com']);
    expect(mail.from).toBe('shop@kedai.test');
    expect(mail.raw).toMatch(/^Subject: Your Kedai verification code\r?$/m);
    expect(mail.raw).toMatch(/^From: Kedai Test <shop@kedai.test>\r?$/m);
    expect(mail.raw).toMatch(/^To: aminah.smtp@example.com\r?$/m);
    expect(mail.raw).toContain('text/html');

    const row = await outboxRow(t, 'aminah.smtp@example.com');
    const code = /code is (\d{6})\b/.exec(row!.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.raw).toContain(code);
    expect(row!.sent).toBe(true);
    expect(row!.error).toBeNull();

    // The code that went over SMTP verifies the address.
    const verified = await post(t.app, '/auth/verifyEmail', { code });
    expect(verified.status).toBe(200);
    expect(verified.body.user.emailVerified).toBe(true);
  });
});

describe('mail when the SMTP server is unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    t = await createTestApp({ seed: false, env: { MAIL_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(() => t?.close());

  it('still registers, records the delivery error in the outbox, and tries again later', async () => {
    const { status, body } = await post(t.app, '/auth/register', registration('aminah.down@example.com'));
    expect(status).toBe(201);
    expect(body.user.emailVerified).toBe(false);
    expect(await t.app.jobs.runDue()).toBe(1);
    const row = await outboxRow(t, 'aminah.down@example.com');
    expect(row!.sent).toBe(false);
    expect(row!.error).toBeTruthy();
    const [job] = await queryRows<{ state: string; attempts: number; last_error: string }>(
      t.handle.db,
      sql`SELECT state, attempts, last_error FROM jobs WHERE kind = 'mail.deliver'`,
    );
    expect(job).toEqual({ state: 'queued', attempts: 1, last_error: row!.error });
    // The development outbox still shows the mail.
    const outbox = await get(t.app, '/dev/outbox?to=aminah.down@example.com');
    expect(outbox.body.messages).toHaveLength(1);
  });
});

describe('in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      seed: false,
      env: { NODE_ENV: 'production', JWT_SECRET: 'a'.repeat(32), TFA_ENCRYPTION_KEY: `main:${Buffer.alloc(32, 7).toString('base64')}` },
    });
  });
  afterAll(() => t?.close());

  it('has no development outbox route, and still stores mail', async () => {
    expect(t.config.env).toBe('production');
    const { status } = await post(t.app, '/auth/register', registration('aminah.prod@example.com'));
    expect(status).toBe(201);
    const outbox = await get(t.app, '/dev/outbox?to=aminah.prod@example.com');
    expectError(outbox, 404, 'general/not_found');
    // The API reference is not served in production (API_DOCS); its document is still built.
    const docs = t.app.swagger() as { paths: Record<string, unknown> };
    expect(Object.keys(docs.paths)).toContain('/auth/register');
    expect(Object.keys(docs.paths)).not.toContain('/dev/outbox');
    expect((await outboxRow(t, 'aminah.prod@example.com'))?.text).toMatch(/code is \d{6}/);
  });
});
