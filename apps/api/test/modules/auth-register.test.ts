import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, schema, sql } from '@kedai/db';
import { isUniqueViolation } from '../../src/platform/db-errors';
import { PASSWORD, latestCode as accountLatestCode, newEmail, outbox as accountOutbox, registration } from '../accounts';
import { createTestApp, expectEnvelope, expectError, get, post as rawPost, race, type TestApp } from '../helpers';
import { afterAnswerWorkSettled } from '../../src/modules/auth/after-answer';
import { VERIFIED_NOTICE_WINDOW_SECONDS, resendVerifyCode, startResendVerifyCode } from '../../src/modules/auth/service';

let t: TestApp;
beforeAll(async () => {
  // Every request here comes from one inject address: lift the per-address limits, which
  // auth-rate-limit.test.ts checks at their real values.
  t = await createTestApp({
    seed: false,
    env: { RATE_LIMIT_REGISTER: '1000/3600', RATE_LIMIT_VERIFY_EMAIL: '1000/900', RATE_LIMIT_RESEND_CODE: '1000/900' },
  });
});
afterAll(() => t?.close());

/** Every answer of an /auth route, to check at the end that none holds a secret. */
const authAnswers: string[] = [];
async function post(url: string, body: unknown) {
  const result = await rawPost(t.app, url, body);
  authAnswers.push(result.response.payload);
  return result;
}

const outbox = (to: string) => accountOutbox(t.app, to);
const latestCode = (to: string) => accountLatestCode(t.app, to);

async function registered(overrides: Record<string, unknown> = {}) {
  const request = registration(overrides);
  const { status, body: answer } = await post('/auth/register', request);
  expect(status).toBe(201);
  return { email: answer.user.email as string, id: answer.user.id as string, code: await latestCode(answer.user.email) };
}

async function userRow(email: string) {
  const [row] = await queryRows<{ id: string; verified: boolean; password_hash: string }>(
    t.handle.db,
    sql`SELECT id, email_verified_at IS NOT NULL AS verified, password_hash FROM users WHERE email = ${email}`,
  );
  return row;
}

describe('POST /auth/register', () => {
  it('creates an unverified user and answers the public profile', async () => {
    const request = registration({
      email: '  Siti.Register@Example.COM ',
      firstName: '  Siti ',
      phoneNumber: '+65 9123-4567',
      country: 'sg',
      gender: 'Female',
    });
    const { status, body: answer } = await post('/auth/register', request);
    expect(status).toBe(201);
    expect(answer).toEqual({
      user: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        email: 'siti.register@example.com',
        firstName: 'Siti',
        lastName: 'Nurhaliza',
        phoneNumber: '+6591234567',
        country: 'SG',
        birthDate: '1990-05-17',
        gender: 'female',
        emailVerified: false,
        role: 'shopper',
        createdAt: expect.any(Number),
      },
    });
    expect(Math.abs(answer.user.createdAt - Date.now() / 1000)).toBeLessThan(60);
  });

  it('stores an argon2id hash of the password and only the SHA-256 of the code', async () => {
    const { email, id, code } = await registered();
    const row = await userRow(email);
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    expect(row?.password_hash).not.toContain(PASSWORD);
    expect(row?.verified).toBe(false);
    const codes = await queryRows<{ code_hash: string; attempts: number; live: boolean; ttl: number }>(
      t.handle.db,
      sql`SELECT code_hash, attempts, consumed_at IS NULL AND expires_at > now() AS live,
                 round(extract(epoch from expires_at - created_at) / 60)::int AS ttl
          FROM email_verification_codes WHERE user_id = ${id}`,
    );
    expect(codes).toHaveLength(1);
    expect(codes[0]).toMatchObject({ attempts: 0, live: true, ttl: 15 });
    expect(codes[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    const { createHash } = await import('node:crypto');
    expect(codes[0]!.code_hash).toBe(createHash('sha256').update(code).digest('hex'));
    const raw = await queryRows<{ n: number }>(
      t.handle.db,
      sql`SELECT count(*)::int AS n FROM email_verification_codes WHERE code_hash = ${code}`,
    );
    expect(raw[0]!.n).toBe(0);
  });

  it('e-mails a six-digit code, in text and HTML', async () => {
    const request = registration();
    await post('/auth/register', request);
    const mails = await outbox(request.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: request.email, subject: 'Your Kedai verification code' });
    const code = /code is (\d{6})\b/.exec(mails[0]!.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mails[0]!.text).toContain('Hello Siti,');
    expect(mails[0]!.text).toContain('expires in 15 minutes');
    expect(mails[0]!.html).toContain(`>${code}</p>`);
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ['email', { email: 'not-an-email' }, 'user/invalid_email'],
    ['email missing', { email: undefined }, 'user/invalid_email'],
    ['password too short', { password: 'Ab1!' }, 'auth/invalid_new_password'],
    ['password without upper case', { password: 'rahsia123!' }, 'auth/invalid_new_password'],
    ['password without number or symbol', { password: 'RahsiaSekali' }, 'auth/invalid_new_password'],
    ['first name empty', { firstName: '   ' }, 'user/invalid_first_name'],
    ['first name too long', { firstName: 'x'.repeat(101) }, 'user/invalid_first_name'],
    ['last name missing', { lastName: undefined }, 'user/invalid_last_name'],
    ['last name too long', { lastName: 'y'.repeat(101) }, 'user/invalid_last_name'],
    ['phone not a number of the country', { phoneNumber: '12345678' }, 'user/invalid_phone_number'],
    ['phone of another country', { phoneNumber: '+60123456789' }, 'user/invalid_phone_number'],
    ['country unknown', { country: 'ZZ' }, 'user/invalid_country'],
    ['birth date in the future', { birthDate: '2999-01-01' }, 'user/invalid_birthdate'],
    ['birth date impossible', { birthDate: '1990-02-30' }, 'user/invalid_birthdate'],
    ['birth date before 1900', { birthDate: '1899-12-31' }, 'user/invalid_birthdate'],
    ['gender outside the set', { gender: 'robot' }, 'user/invalid_gender'],
    ['terms not accepted', { acceptTerms: false }, 'user/invalid_accept_terms'],
    ['terms missing', { acceptTerms: undefined }, 'user/invalid_accept_terms'],
    ['terms as a string', { acceptTerms: 'true' }, 'user/invalid_accept_terms'],
  ];
  it.each(cases)('refuses %s with 400 %s', async (_name, overrides, errorCode) => {
    const { status, body: answer } = await post('/auth/register', registration(overrides));
    expect(status).toBe(400);
    expectEnvelope(answer, errorCode);
    expect(answer.params).toEqual([expect.objectContaining({ errorCode, error: answer.error })]);
  });

  it('answers the first problem and lists every problem by field', async () => {
    const request = registration({ email: 'x', firstName: '', country: 'XX', acceptTerms: false });
    const { status, body: answer } = await post('/auth/register', request);
    expect(status).toBe(400);
    expect(answer).toEqual({
      errorCode: 'user/invalid_email',
      error: 'Invalid email',
      params: [
        { field: 'email', errorCode: 'user/invalid_email', error: 'Invalid email' },
        { field: 'firstName', errorCode: 'user/invalid_first_name', error: 'First name must be 1 to 100 characters' },
        { field: 'country', errorCode: 'user/invalid_country', error: 'Invalid country' },
        { field: 'acceptTerms', errorCode: 'user/invalid_accept_terms', error: 'Please accept the terms and conditions' },
      ],
    });
    expect(await userRow('x')).toBeUndefined();
  });

  it('answers a body that is not an object with general/argument_error', async () => {
    const { status, body: answer } = await post('/auth/register', ['email']);
    expect(status).toBe(400);
    expectEnvelope(answer, 'general/argument_error');
  });

  it('ignores fields it does not know (role, verified, id, …)', async () => {
    const id = '00000000-0000-4000-8000-000000000001';
    const request = registration({
      role: 'owner',
      verified: true,
      emailVerified: true,
      emailVerifiedAt: '2020-01-01T00:00:00Z',
      id,
      passwordHash: 'x',
      isAdmin: true,
    });
    const { status, body: answer } = await post('/auth/register', request);
    expect(status).toBe(201);
    expect(answer.user.emailVerified).toBe(false);
    expect(answer.user.id).not.toBe(id);
    // A role in the request is ignored: every new account is a shopper.
    expect(answer.user.role).toBe('shopper');
    const row = await userRow(request.email);
    expect(row?.verified).toBe(false);
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('refuses an e-mail that is already registered, whatever its case', async () => {
    const first = registration();
    expect((await post('/auth/register', first)).status).toBe(201);
    const again = await post('/auth/register', registration({ email: ` ${first.email.toUpperCase()} ` }));
    expectError(again, 409, 'auth/email_taken');
  });

  race('lets only one of several concurrent registrations of one address through', async () => {
    const email = newEmail('race');
    const answers = await Promise.all(
      [email, email.toUpperCase(), email, ` ${email}`].map((address) => post('/auth/register', registration({ email: address }))),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409)) expectEnvelope(answer.body, 'auth/email_taken');
    const rows = await queryRows<{ n: number }>(t.handle.db, sql`SELECT count(*)::int AS n FROM users WHERE email = ${email}`);
    expect(rows[0]!.n).toBe(1);
    expect(await outbox(email)).toHaveLength(1);
  });
});

describe('users table', () => {
  const row = (email: string) => ({
    email,
    passwordHash: 'x',
    firstName: 'A',
    lastName: 'B',
    phoneNumber: '+6591234567',
    country: 'SG',
    birthDate: '1990-01-01',
    gender: 'other',
  });

  it('reports a second row for one e-mail as a violation of users_email_idx, on either driver', async () => {
    const email = newEmail('unique');
    await t.handle.db.insert(schema.users).values(row(email));
    const error: unknown = await t.handle.db
      .insert(schema.users)
      .values(row(email))
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(isUniqueViolation(error, 'users_email_idx')).toBe(true);
    expect(isUniqueViolation(error, 'some_other_idx')).toBe(false);
    expect(isUniqueViolation(new Error('nope'))).toBe(false);
  });

  it('only holds normalised (lower-case) e-mails', async () => {
    const error: unknown = await t.handle.db
      .insert(schema.users)
      .values(row('Mixed.Case@Example.com'))
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(Error);
    expect(await userRow('Mixed.Case@Example.com')).toBeUndefined();
  });
});

describe('POST /auth/verifyEmail', () => {
  it('verifies the address with the code from the e-mail, by the code alone', async () => {
    const { email, id, code } = await registered();
    const { status, body: answer } = await post('/auth/verifyEmail', { code });
    expect(status).toBe(200);
    expect(answer.user).toMatchObject({ id, email, emailVerified: true });
    expect((await userRow(email))?.verified).toBe(true);
  });

  it('also takes the code with the e-mail, and spaces inside the code', async () => {
    const { email, code } = await registered();
    const { status, body: answer } = await post('/auth/verifyEmail', {
      code: `${code.slice(0, 3)} ${code.slice(3)}`,
      email: email.toUpperCase(),
    });
    expect(status).toBe(200);
    expect(answer.user.emailVerified).toBe(true);
  });

  it('refuses a used code, and answers auth/email_verified for a verified address', async () => {
    const { email, code } = await registered();
    expect((await post('/auth/verifyEmail', { code })).status).toBe(200);
    const again = await post('/auth/verifyEmail', { code });
    expectError(again, 400, 'auth/invalid_email_verification_code');
    const verified = await post('/auth/verifyEmail', { code, email });
    expectError(verified, 409, 'auth/email_verified');
  });

  it('refuses wrong and malformed codes', async () => {
    const { email, code } = await registered();
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (const attempt of [{ code: wrong, email }, { code: '12ab56' }, { code: '' }, { code: '1234567' }, { code: '12345', email }]) {
      const { status, body: answer } = await post('/auth/verifyEmail', attempt);
      expect(status, JSON.stringify(attempt)).toBe(400);
      expectEnvelope(answer, 'auth/invalid_email_verification_code');
    }
    expect((await userRow(email))?.verified).toBe(false);
  });

  it('refuses a code with an unknown e-mail the same way as a wrong code', async () => {
    const { code } = await registered();
    const { status, body: answer } = await post('/auth/verifyEmail', { code, email: newEmail('nobody') });
    expect(status).toBe(400);
    expectEnvelope(answer, 'auth/invalid_email_verification_code');
  });

  it("does not verify one user with another user's e-mail", async () => {
    const a = await registered();
    const b = await registered();
    const { status } = await post('/auth/verifyEmail', { code: a.code, email: b.email });
    expect(status).toBe(400);
    expect((await userRow(a.email))?.verified).toBe(false);
    expect((await userRow(b.email))?.verified).toBe(false);
    // Each code verifies its own user.
    expect((await post('/auth/verifyEmail', { code: b.code })).body.user.id).toBe(b.id);
    expect((await post('/auth/verifyEmail', { code: a.code })).body.user.id).toBe(a.id);
  });

  it('refuses an expired code', async () => {
    const { email, id, code } = await registered();
    await t.handle.db.execute(sql`UPDATE email_verification_codes SET expires_at = now() - interval '1 second' WHERE user_id = ${id}`);
    for (const attempt of [{ code }, { code, email }]) {
      const { status, body: answer } = await post('/auth/verifyEmail', attempt);
      expect(status).toBe(400);
      expectEnvelope(answer, 'auth/invalid_email_verification_code');
    }
  });

  it('locks a code after 5 wrong guesses for its e-mail', async () => {
    const { email, code } = await registered();
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) expect((await post('/auth/verifyEmail', { code: wrong, email })).status).toBe(400);
    for (const attempt of [{ code, email }, { code }]) {
      const { status, body: answer } = await post('/auth/verifyEmail', attempt);
      expect(status).toBe(400);
      expectEnvelope(answer, 'auth/invalid_email_verification_code');
    }
    expect((await userRow(email))?.verified).toBe(false);
  });

  it('still accepts the right code after 4 wrong guesses', async () => {
    const { email, code } = await registered();
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 4; i++) expect((await post('/auth/verifyEmail', { code: wrong, email })).status).toBe(400);
    expect((await post('/auth/verifyEmail', { code, email })).status).toBe(200);
  });

  it('answers user/invalid_email for a malformed e-mail, general/argument_error without a code', async () => {
    const bad = await post('/auth/verifyEmail', { code: '123456', email: 'nope' });
    expectError(bad, 400, 'user/invalid_email');
    const missing = await post('/auth/verifyEmail', {});
    expectError(missing, 400, 'general/argument_error');
  });
});

describe('POST /auth/resendVerifyCode', () => {
  const ageCodes = (userId: string, seconds: number) =>
    t.handle.db.execute(
      sql`UPDATE email_verification_codes SET created_at = created_at - make_interval(secs => ${seconds}::int) WHERE user_id = ${userId}`,
    );
  /** Asks for a code and lets the work after the answer finish. */
  async function resend(email: string) {
    const answer = await post('/auth/resendVerifyCode', { email });
    await afterAnswerWorkSettled();
    return answer;
  }

  it('gives verified, unverified (also within the wait) and unknown addresses the same answer; only the mails differ', async () => {
    const waiting = await registered(); // its code was sent a moment ago
    const due = await registered();
    await ageCodes(due.id, 61);
    const verified = await registered();
    expect((await post('/auth/verifyEmail', { code: verified.code })).status).toBe(200);
    const unknown = newEmail('unknown');

    const answers = [];
    for (const email of [waiting.email, due.email, verified.email, unknown]) answers.push(await resend(email));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.response.payload).toBe(JSON.stringify({ ok: true }));
      expect(answer.headers['content-type']).toBe(answers[0]!.headers['content-type']);
      expect(answer.headers['retry-after']).toBeUndefined();
      expect(Object.keys(answer.headers).sort()).toEqual(Object.keys(answers[0]!.headers).sort());
    }

    // The account that has waited gets a new code; within the wait nothing more is sent.
    expect(await outbox(due.email)).toHaveLength(2);
    expect(await latestCode(due.email)).not.toBe(due.code);
    expect(await outbox(waiting.email)).toHaveLength(1);
    // The verified one is told there is nothing to verify, and how to get in; the unknown one gets nothing.
    const [notice] = await outbox(verified.email);
    expect(notice?.subject).toMatch(/already verified/);
    expect(notice?.text).toContain(`${t.config.publicWebUrl}/sign_in`);
    expect(notice?.text).toContain(`${t.config.publicWebUrl}/forgot_password`);
    expect(notice?.text).not.toMatch(/\b\d{6}\b/);
    expect(await outbox(unknown)).toHaveLength(0);

    // Asking again at once changes no answer; the verified account is not told twice within the hour.
    for (const email of [waiting.email, due.email, verified.email, unknown]) {
      const again = await resend(email);
      expect(again.status).toBe(200);
      expect(again.response.payload).toBe(answers[0]!.response.payload);
    }
    expect(await outbox(due.email)).toHaveLength(2);
    // (The verified account's mails: its registration code, then one notice.)
    expect(await outbox(verified.email)).toHaveLength(2);
    t.clock.advance(VERIFIED_NOTICE_WINDOW_SECONDS);
    await resend(verified.email);
    expect(await outbox(verified.email)).toHaveLength(3);
  });

  it('answers before any work that depends on the account: that all runs after the answer', async () => {
    // The part before the answer gets a database that records every use: none may happen before the
    // handler has returned (the answer is written right after, on the same turn of the event loop).
    const { email, id } = await registered();
    await ageCodes(id, 61);
    const used: string[] = [];
    const db = new Proxy(t.app.db, {
      get(target, property, receiver) {
        used.push(String(property));
        return Reflect.get(target, property, receiver);
      },
    });
    const deps = { db, config: t.config, mailer: t.app.mailer, log: t.app.log };
    startResendVerifyCode(deps, { email });
    expect(used).toEqual([]);
    await Promise.resolve();
    expect(used).toEqual([]);
    await afterAnswerWorkSettled();
    expect(used.length).toBeGreaterThan(0);
    expect(await outbox(email)).toHaveLength(2);

    // The decision itself, for each kind of address, is made only there.
    expect(await resendVerifyCode(deps, email)).toBe('waiting');
    expect(await resendVerifyCode(deps, newEmail('nobody'))).toBe('unknown');
  });

  it('a new code replaces the old one', async () => {
    const { email, id, code } = await registered();
    await ageCodes(id, 61);
    expect((await resend(email.toUpperCase())).status).toBe(200);
    const fresh = await latestCode(email);
    if (fresh !== code) {
      const old = await post('/auth/verifyEmail', { code });
      expectError(old, 400, 'auth/invalid_email_verification_code');
    }
    const ok = await post('/auth/verifyEmail', { code: fresh });
    expect(ok.status).toBe(200);
    expect(ok.body.user.id).toBe(id);
  });

  race('sends one code for several concurrent resends, and answers them all alike', async () => {
    const { email, id } = await registered();
    await ageCodes(id, 120);
    const answers = await Promise.all([1, 2, 3].map(() => post('/auth/resendVerifyCode', { email })));
    await afterAnswerWorkSettled();
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await outbox(email)).toHaveLength(2);
    const live = await queryRows<{ n: number }>(
      t.handle.db,
      sql`SELECT count(*)::int AS n FROM email_verification_codes WHERE user_id = ${id} AND consumed_at IS NULL AND expires_at > now()`,
    );
    expect(live[0]!.n).toBe(1);
  });

  it('answers user/invalid_email for a malformed address', async () => {
    const { status, body: answer } = await post('/auth/resendVerifyCode', { email: 'not an email' });
    expect(status).toBe(400);
    expectEnvelope(answer, 'user/invalid_email');
  });
});

describe('GET /dev/outbox', () => {
  it('lists the mails to an address, newest first, whatever the case of `to`', async () => {
    const { email, id } = await registered();
    await t.handle.db.execute(
      sql`UPDATE email_verification_codes SET created_at = created_at - interval '2 minutes' WHERE user_id = ${id}`,
    );
    await post('/auth/resendVerifyCode', { email });
    await afterAnswerWorkSettled();
    const mails = await outbox(email.toUpperCase());
    expect(mails).toHaveLength(2);
    expect(mails[0]!.id).toBeGreaterThan(mails[1]!.id);
    expect(mails[0]!.createdAt).toBeGreaterThanOrEqual(mails[1]!.createdAt);
    for (const mail of mails) expect(Object.keys(mail).sort()).toEqual(['createdAt', 'html', 'id', 'subject', 'text', 'to']);
  });

  it('requires a valid `to`', async () => {
    for (const url of ['/dev/outbox', '/dev/outbox?to=', '/dev/outbox?to=nobody']) {
      const { status, body: answer } = await get(t.app, url);
      expect(status, url).toBe(400);
      expectEnvelope(answer, 'general/argument_error');
    }
  });
});

describe('OpenAPI', () => {
  it('documents the auth routes and their bodies', async () => {
    const { body: doc } = await get(t.app, '/docs/json');
    for (const path of ['/auth/register', '/auth/verifyEmail', '/auth/resendVerifyCode', '/dev/outbox'])
      expect(Object.keys(doc.paths)).toContain(path);
    const ref: string = doc.paths['/auth/register'].post.requestBody.content['application/json'].schema.$ref;
    const schema = doc.components.schemas[ref.split('/').pop()!];
    expect(schema.required).toEqual([
      'email',
      'password',
      'firstName',
      'lastName',
      'phoneNumber',
      'country',
      'birthDate',
      'gender',
      'acceptTerms',
    ]);
    expect(schema.properties.email).toMatchObject({ type: 'string', format: 'email' });
    expect(schema.properties.acceptTerms).toMatchObject({ type: 'boolean', const: true });
  });
});

describe('secrets', () => {
  it('never answers a password, a hash or a code from the auth routes', async () => {
    expect(authAnswers.length).toBeGreaterThan(40);
    const codes = await queryRows<{ code_hash: string }>(t.handle.db, sql`SELECT code_hash FROM email_verification_codes`);
    const mails = await queryRows<{ text: string }>(t.handle.db, sql`SELECT text FROM mail_outbox`);
    const sentCodes = mails.map((m) => /code is (\d{6})\b/.exec(m.text)?.[1]).filter((c): c is string => Boolean(c));
    expect(sentCodes.length).toBeGreaterThan(10);
    for (const answer of authAnswers) {
      expect(answer).not.toMatch(/argon2|password_?hash|code_?hash/i);
      expect(answer).not.toContain(PASSWORD);
      for (const { code_hash } of codes) expect(answer).not.toContain(code_hash);
      for (const code of sentCodes) expect(answer).not.toMatch(new RegExp(`\\b${code}\\b`));
    }
  });
});
