import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, queryRows, schema, sql } from '@kedai/db';
import { resetMailsSettled } from '../../src/modules/auth/password';
import { lockUser } from '../../src/modules/users/service';
import { sha256 } from '../../src/platform/secure-tokens';
import { LIFTED_LIMITS, PASSWORD, createVerifiedUser, newEmail, outbox, registration, type TestUser } from '../accounts';
import { TestClient } from '../client';
import { XSRF_PAIR, createTestApp, expectEnvelope, expectError, race, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, env: LIFTED_LIMITS });
});
afterAll(() => t?.close());

const NEW_PASSWORD = 'Baharu456?';

/** Every answer of this file, and every reset token mailed, to check at the end that no answer holds a secret. */
const answers: string[] = [];
const mailedTokens: string[] = [];

/** A browser-like client that records every answer. */
class RecordingClient extends TestClient {
  override async request<T = any>(...args: Parameters<TestClient['request']>) {
    const result = await super.request<T>(...args);
    answers.push(result.response.payload);
    return result;
  }
}

async function signIn(user: TestUser, password = user.password) {
  const client = new RecordingClient(t.app);
  const answer = await client.post('/auth/login', { email: user.email, password });
  expect(answer.status).toBe(200);
  return client;
}

/** POST without a session, from a given client address. */
async function send(url: string, payload: object, remoteAddress = '127.0.0.1', app = t.app) {
  const response = await app.inject({ method: 'POST', url, payload, remoteAddress, headers: XSRF_PAIR });
  answers.push(response.payload);
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

/** The uid and token of the newest reset link mailed to `email`. */
async function resetLink(email: string, app = t.app) {
  await resetMailsSettled();
  const mail = (await outbox(app, email)).find((m) => m.subject.startsWith('Reset your'));
  const url = /(\S+\/reset_password\?\S+)/.exec(mail?.text ?? '')?.[1];
  if (!url) throw new Error(`no reset link mailed to ${email}`);
  const parsed = new URL(url);
  mailedTokens.push(parsed.searchParams.get('token')!);
  return { url, uid: parsed.searchParams.get('uid')!, token: parsed.searchParams.get('token')! };
}

const reset = (uid: string, resetPasswordToken: string, password = NEW_PASSWORD) =>
  send('/auth/resetPassword', { uid, resetPasswordToken, password });

/** Waits until a statement of this test's database waits for a row lock (PostgreSQL). */
async function someoneWaitsForALock(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const [row] = await queryRows<{ n: number }>(
      t.handle.db,
      sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
    );
    if ((row?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('nobody waited for a lock');
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('POST /auth/forgotPassword', () => {
  it('answers the same for an address with and without an account, and mails only the account a single-use link', async () => {
    const user = await createVerifiedUser(t.app);
    const stranger = newEmail('nobody');
    const known = await send('/auth/forgotPassword', { email: `  ${user.email.toUpperCase()} ` });
    const unknown = await send('/auth/forgotPassword', { email: stranger });
    expect(known).toEqual({ ...unknown, headers: known.headers });
    expect(known.status).toBe(200);
    expect(known.body).toEqual({ ok: true });
    expect(Object.keys(known.headers).sort()).toEqual(Object.keys(unknown.headers).sort());

    await resetMailsSettled();
    expect(await outbox(t.app, stranger)).toHaveLength(0);
    const link = await resetLink(user.email);
    expect(link.url).toBe(`${t.config.publicWebUrl}/reset_password?uid=${user.id}&token=${link.token}`);
    expect(link.uid).toBe(user.id);

    // Only the SHA-256 of the token is stored, for its purpose, expiring after the configured time
    // (besides the registration's own sign-in-by-verifying token, decision 0011).
    const rows = await queryRows<{ token_hash: string; purpose: string; minutes: number }>(
      t.handle.db,
      sql`SELECT token_hash, purpose, round(extract(epoch FROM expires_at - created_at) / 60)::int AS minutes
          FROM user_tokens WHERE user_id = ${user.id} AND purpose <> 'verify_sign_in'`,
    );
    expect(rows).toEqual([{ token_hash: sha256(link.token), purpose: 'password_reset', minutes: t.config.passwordResetTtlMinutes }]);
  });

  it('answers known and unknown addresses after similar time', async () => {
    // By construction both answers come after the same work (one lookup); the reset token and the
    // mail are made after the answer. This checks it loosely, with medians and a generous factor,
    // so a slow machine does not make it flaky; the mail work is let finish outside the timing.
    const user = await createVerifiedUser(t.app);
    const time = async (email: string) => {
      const start = performance.now();
      const answer = await send('/auth/forgotPassword', { email });
      const elapsed = performance.now() - start;
      expect(answer.status).toBe(200);
      await resetMailsSettled();
      return elapsed;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 9; i++) {
      known.push(await time(user.email));
      unknown.push(await time(newEmail('nobody')));
    }
    expect(median(known)).toBeLessThan(median(unknown) * 3 + 25);
    expect(median(unknown)).toBeLessThan(median(known) * 3 + 25);
  });

  it('refuses a malformed address with user/invalid_email', async () => {
    for (const email of ['not-an-email', '', 'a@b']) {
      const answer = await send('/auth/forgotPassword', { email });
      expectError(answer, 400, 'user/invalid_email');
    }
    const missing = await send('/auth/forgotPassword', {});
    expectError(missing, 400, 'general/argument_error');
  });
});

describe('POST /auth/resetPassword', () => {
  it('sets the new password with the mailed link, once, and sends a notice', async () => {
    const user = await createVerifiedUser(t.app);
    await send('/auth/forgotPassword', { email: user.email });
    const { uid, token } = await resetLink(user.email);

    const done = await reset(uid, token);
    expect(done).toMatchObject({ status: 200, body: { ok: true } });
    expect((await outbox(t.app, user.email))[0]?.subject).toMatch(/password was changed/);

    const again = await reset(uid, token, 'Lain789!x');
    expectError(again, 400, 'auth/invalid_password_reset_token');

    const old = await send('/auth/login', { email: user.email, password: PASSWORD });
    expectEnvelope(old.body, 'auth/wrong_email_or_password');
    expect((await send('/auth/login', { email: user.email, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('answers auth/password_reset_token_expired for an expired link', async () => {
    const user = await createVerifiedUser(t.app);
    await send('/auth/forgotPassword', { email: user.email });
    const { uid, token } = await resetLink(user.email);
    await t.handle.db
      .update(schema.userTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(schema.userTokens.userId, user.id));
    const answer = await reset(uid, token);
    expectError(answer, 400, 'auth/password_reset_token_expired');
    expect((await send('/auth/login', { email: user.email, password: PASSWORD })).status).toBe(200);
  });

  it('ends the older link when a new one is asked for', async () => {
    const user = await createVerifiedUser(t.app);
    await send('/auth/forgotPassword', { email: user.email });
    const first = await resetLink(user.email);
    await send('/auth/forgotPassword', { email: user.email });
    const second = await resetLink(user.email);
    expect(second.token).not.toBe(first.token);

    expectEnvelope((await reset(first.uid, first.token)).body, 'auth/password_reset_token_expired');
    expect((await reset(second.uid, second.token)).status).toBe(200);
  });

  it("refuses unknown tokens, malformed uids and another user's token", async () => {
    const alice = await createVerifiedUser(t.app);
    const bob = await createVerifiedUser(t.app, { firstName: 'Bob' });
    await send('/auth/forgotPassword', { email: alice.email });
    const link = await resetLink(alice.email);

    for (const [uid, token] of [
      [bob.id, link.token],
      [alice.id, 'x'.repeat(43)],
      [alice.id, ''],
      ['not-a-uuid', link.token],
      ['00000000-0000-0000-0000-000000000000', link.token],
    ] as const) {
      const answer = await reset(uid, token);
      expectError(answer, 400, 'auth/invalid_password_reset_token');
    }
    // Bob's password did not change, and Alice's link still works.
    expect((await send('/auth/login', { email: bob.email, password: PASSWORD })).status).toBe(200);
    expect((await reset(link.uid, link.token)).status).toBe(200);
  });

  it('refuses a weak password with auth/invalid_new_password, leaving the link usable', async () => {
    const user = await createVerifiedUser(t.app);
    await send('/auth/forgotPassword', { email: user.email });
    const { uid, token } = await resetLink(user.email);
    for (const weak of ['short1A', 'alllowercase1', 'ALLUPPERCASE1', 'NoNumberOrSymbol']) {
      const answer = await reset(uid, token, weak);
      expectError(answer, 400, 'auth/invalid_new_password');
    }
    expect((await reset(uid, token)).status).toBe(200);
  });

  race('lets only one of two concurrent uses of a link succeed', async () => {
    const user = await createVerifiedUser(t.app);
    await send('/auth/forgotPassword', { email: user.email });
    const { uid, token } = await resetLink(user.email);
    const results = await Promise.all([reset(uid, token, 'Pertama1!'), reset(uid, token, 'Kedua2!x')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expectEnvelope(results.find((r) => r.status === 400)!.body, 'auth/invalid_password_reset_token');
    const [winner, loser] = results[0].status === 200 ? ['Pertama1!', 'Kedua2!x'] : ['Kedua2!x', 'Pertama1!'];
    expect((await send('/auth/login', { email: user.email, password: winner })).status).toBe(200);
    expectError(await send('/auth/login', { email: user.email, password: loser }), 400, 'auth/wrong_email_or_password');
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'a link used while a new one is being issued waits for it, then finds itself ended: no deadlock (PostgreSQL)',
    async () => {
      const user = await createVerifiedUser(t.app);
      await send('/auth/forgotPassword', { email: user.email });
      const { uid, token } = await resetLink(user.email);
      let used: ReturnType<typeof reset> | undefined;
      // What issueResetMail does: the user row, then every live link of the user ended.
      await t.handle.db.transaction(async (tx) => {
        expect(await lockUser(tx, user.id)).toBeDefined();
        used = reset(uid, token);
        await someoneWaitsForALock(); // the reset, waiting for the account
        await tx.execute(sql`UPDATE user_tokens SET expires_at = now() WHERE user_id = ${user.id} AND used_at IS NULL`);
      });
      expectError(await used!, 400, 'auth/invalid_password_reset_token');
      expect((await send('/auth/login', { email: user.email, password: user.password })).status).toBe(200);
    },
  );

  it('signs out every session: old access and refresh tokens answer 401', async () => {
    const user = await createVerifiedUser(t.app);
    const phone = await signIn(user);
    const laptop = await signIn(user);
    expect((await phone.get('/auth/me')).body.signedIn).toBe(true);

    await send('/auth/forgotPassword', { email: user.email });
    const { uid, token } = await resetLink(user.email);
    expect((await reset(uid, token)).status).toBe(200);

    for (const client of [phone, laptop]) {
      const me = await client.get('/auth/me');
      expectError(me, 401, 'auth/invalid_access_token');
      const refreshed = await client.post('/auth/refreshAccessToken');
      expectError(refreshed, 401, 'auth/invalid_refresh_token');
    }
    const reasons = await queryRows<{ revoked_reason: string }>(
      t.handle.db,
      sql`SELECT revoked_reason FROM auth_sessions WHERE user_id = ${user.id}`,
    );
    expect(reasons.map((r) => r.revoked_reason)).toEqual(['password_reset', 'password_reset']);
  });

  it('verifies the address of an unverified account (the link proved the mailbox)', async () => {
    const body = registration();
    expect((await send('/auth/register', body)).status).toBe(201);
    expectEnvelope((await send('/auth/login', { email: body.email, password: body.password })).body, 'auth/unverified_email');
    await send('/auth/forgotPassword', { email: body.email });
    const { uid, token } = await resetLink(body.email);
    expect((await reset(uid, token)).status).toBe(200);
    expect((await send('/auth/login', { email: body.email, password: NEW_PASSWORD })).status).toBe(200);
  });
});

describe('POST /auth/changePassword', () => {
  it('needs a session: 401 auth/not_authorized when signed out', async () => {
    const client = new RecordingClient(t.app);
    const answer = await client.post('/auth/changePassword', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expectError(answer, 401, 'auth/not_authorized');
  });

  it('refuses a wrong current password and a weak new one, changing nothing', async () => {
    const user = await createVerifiedUser(t.app);
    const client = await signIn(user);
    const other = await signIn(user);

    const wrong = await client.post('/auth/changePassword', { currentPassword: 'Salah123!', newPassword: NEW_PASSWORD });
    expectError(wrong, 400, 'auth/wrong_password');
    const weak = await client.post('/auth/changePassword', { currentPassword: PASSWORD, newPassword: 'weakpassword' });
    expectError(weak, 400, 'auth/invalid_new_password');

    expect((await other.get('/auth/me')).status).toBe(200);
    expect((await send('/auth/login', { email: user.email, password: PASSWORD })).status).toBe(200);
  });

  it('changes the password, signs out the other sessions and keeps the current one', async () => {
    const user = await createVerifiedUser(t.app);
    const current = await signIn(user);
    const other = await signIn(user);

    const answer = await current.post('/auth/changePassword', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(answer).toMatchObject({ status: 200, body: { ok: true } });

    expect((await other.get('/auth/me')).status).toBe(401);
    expectEnvelope((await other.post('/auth/refreshAccessToken')).body, 'auth/invalid_refresh_token');

    const me = await current.get('/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ signedIn: true, profile: { id: user.id } });
    expect((await current.post('/auth/refreshAccessToken')).status).toBe(200);
    expect((await current.get('/auth/me')).body.signedIn).toBe(true);

    expectEnvelope((await send('/auth/login', { email: user.email, password: PASSWORD })).body, 'auth/wrong_email_or_password');
    expect((await send('/auth/login', { email: user.email, password: NEW_PASSWORD })).status).toBe(200);
    expect((await outbox(t.app, user.email))[0]?.subject).toMatch(/password was changed/);
  });

  it('ends a reset link that was asked for before the change', async () => {
    const user = await createVerifiedUser(t.app);
    await send('/auth/forgotPassword', { email: user.email });
    const link = await resetLink(user.email);
    const client = await signIn(user);
    expect((await client.post('/auth/changePassword', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(200);
    expect((await reset(link.uid, link.token, 'Lain789!x')).status).toBe(400);
  });
});

describe('rate limits at their defaults', () => {
  let d: TestApp;
  beforeAll(async () => {
    d = await createTestApp({ seed: false });
  });
  afterAll(() => d?.close());

  it('forgotPassword: 10 an hour per client address, then 429 general/rate_limited', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await send('/auth/forgotPassword', { email: newEmail() }, '198.51.100.1', d.app)).status).toBe(200);
    }
    const limited = await send('/auth/forgotPassword', { email: newEmail() }, '198.51.100.1', d.app);
    expectError(limited, 429, 'general/rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send('/auth/forgotPassword', { email: newEmail() }, '198.51.100.2', d.app)).status).toBe(200);
  });

  it('forgotPassword: 3 an hour per e-mail address, from any client address, account or not', async () => {
    const user = await createVerifiedUser(d.app);
    for (const email of [user.email, newEmail('nobody')]) {
      for (let i = 0; i < 3; i++) {
        expect((await send('/auth/forgotPassword', { email }, `198.51.100.${10 + i}`, d.app)).status).toBe(200);
      }
      const limited = await send('/auth/forgotPassword', { email: email.toUpperCase() }, '198.51.100.20', d.app);
      expectError(limited, 429, 'general/rate_limited');
    }
    await resetMailsSettled();
    expect((await outbox(d.app, user.email)).filter((m) => m.subject.startsWith('Reset your'))).toHaveLength(3);
  });

  it('changePassword: 10 attempts per user in 15 minutes, then 429 even with the right password', async () => {
    const user = await createVerifiedUser(d.app);
    const client = new RecordingClient(d.app);
    expect((await client.post('/auth/login', { email: user.email, password: user.password })).status).toBe(200);
    for (let i = 0; i < 10; i++) {
      const wrong = await client.post('/auth/changePassword', { currentPassword: `Salah${i}!x`, newPassword: NEW_PASSWORD });
      expectEnvelope(wrong.body, 'auth/wrong_password');
    }
    const limited = await client.post('/auth/changePassword', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expectError(limited, 429, 'general/rate_limited');
  });
});

describe('secrets', () => {
  it('no answer held a password hash, a token, or a token hash', async () => {
    await resetMailsSettled();
    const secrets = [
      ...(await queryRows<{ s: string }>(t.handle.db, sql`SELECT password_hash AS s FROM users`)),
      ...(await queryRows<{ s: string }>(t.handle.db, sql`SELECT token_hash AS s FROM user_tokens`)),
      ...(await queryRows<{ s: string }>(t.handle.db, sql`SELECT token_hash AS s FROM refresh_tokens`)),
      ...mailedTokens.map((s) => ({ s })),
    ].map((row) => row.s);
    expect(secrets.length).toBeGreaterThan(20);
    expect(answers.length).toBeGreaterThan(50);
    for (const answer of answers) {
      expect(answer).not.toMatch(/\$argon2/);
      for (const secret of secrets) expect(answer.includes(secret)).toBe(false);
    }
  });
});
