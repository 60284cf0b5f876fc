import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, schema, sql } from '@kedai/db';
import { TestClient } from '../client';
import { LIFTED_LIMITS, PASSWORD, createVerifiedUser, signedInClient, staffClient } from '../accounts';
import { createTestApp, expectError, race, type TestApp } from '../helpers';
import { authenticator, mailAbout, resetPasswordByMail, userWithTwoFactor } from '../support/two-factor';

/** Recovery codes and the wait after wrong codes (issue 27, decision 0021). */

let t: TestApp;
let code: ReturnType<typeof authenticator>['code'];
let wrongCode: ReturnType<typeof authenticator>['wrongCode'];
beforeAll(async () => {
  t = await createTestApp({ seed: false, env: LIFTED_LIMITS });
  ({ code, wrongCode } = authenticator(t.clock));
});
afterAll(() => t?.close());

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const CODE_FORM = /^[a-hjkmnp-z2-9]{4}(-[a-hjkmnp-z2-9]{4}){3}$/;

async function storedCodes(userId: string) {
  return t.app.db.select().from(schema.tfaRecoveryCodes).where(eq(schema.tfaRecoveryCodes.userId, userId));
}

async function userRow(id: string) {
  const [row] = await t.app.db.select().from(schema.users).where(eq(schema.users.id, id));
  return row!;
}

describe('recovery codes', () => {
  it('turning two-factor on answers ten codes, this once; only their hashes are stored; the account is told', async () => {
    const { user, client, secret, recoveryCodes } = await userWithTwoFactor(t.app, t.clock);
    expect(recoveryCodes).toHaveLength(10);
    for (const c of recoveryCodes) expect(c).toMatch(CODE_FORM);
    expect(new Set(recoveryCodes).size).toBe(10);

    const stored = await storedCodes(user.id);
    expect(stored.map((row) => row.codeHash).sort()).toEqual(recoveryCodes.map((c) => sha256(c.replace(/-/g, ''))).sort());
    expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0]!.replace(/-/g, ''));

    expect((await client.get('/tfa/is_enabled')).body).toEqual({ enabled: true, recoveryCodesLeft: 10, pendingReset: null });
    // Passing the second factor later answers no codes.
    const later = await signedInClient(t.app, user);
    const passed = await later.post('/tfa/verify', { token: code(secret, 1) });
    expect(passed.status).toBe(200);
    expect(passed.body.recoveryCodes).toBeUndefined();

    const mail = await mailAbout(t.app, user.email, /two-factor authentication is on/i);
    expect(mail.text).toMatch(/recovery codes/);
    expect(mail.text).toMatch(/If this was not you/);
  });

  it('a recovery code passes the second factor once, whatever its case, spaces and dashes; the account is told how many are left', async () => {
    const { user, recoveryCodes } = await userWithTwoFactor(t.app, t.clock);
    const owing = await signedInClient(t.app, user);
    const typed = recoveryCodes[3]!.toUpperCase().replace(/-/g, ' ');
    const passed = await owing.post('/tfa/verify', { token: typed });
    expect(passed.status, JSON.stringify(passed.body)).toBe(200);
    expect(passed.body).toMatchObject({ tfaPassed: true, tfaEnabled: true, recoveryCodesLeft: 9 });
    expect(passed.body.recoveryCodes).toBeUndefined();
    expect((await owing.post('/user/names', { userIds: [user.id] })).status).toBe(200);
    expect((await owing.get('/tfa/is_enabled')).body).toMatchObject({ recoveryCodesLeft: 9 });

    const mail = await mailAbout(t.app, user.email, /recovery code was used/i);
    expect(mail.text).toMatch(/9 codes are left/);
    expect(mail.text).toMatch(/If this was not you/);

    // Used once: another session cannot pass with it.
    const again = await signedInClient(t.app, user);
    expectError(await again.post('/tfa/verify', { token: recoveryCodes[3]! }), 400, 'auth/tfa_wrong_code');
    expect((await again.get('/auth/me')).body.tfaPassed).toBe(false);
    // A code of the right form that is not one of the account's.
    expectError(await again.post('/tfa/verify', { token: 'abcd-efgh-jkmn-pqrs' }), 400, 'auth/tfa_wrong_code');
  });

  race('four sessions sending one recovery code at once: exactly one passes', async () => {
    const { user, recoveryCodes } = await userWithTwoFactor(t.app, t.clock);
    const sessions = await Promise.all([1, 2, 3, 4].map(() => signedInClient(t.app, user)));
    const answers = await Promise.all(sessions.map((s) => s.post('/tfa/verify', { token: recoveryCodes[0] })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400]);
    for (const a of answers.filter((a) => a.status === 400)) expect(a.body.errorCode).toBe('auth/tfa_wrong_code');
    const passed = await Promise.all(sessions.map(async (s) => (await s.get('/auth/me')).body.tfaPassed));
    expect(passed.filter(Boolean)).toHaveLength(1);
    expect((await storedCodes(user.id)).filter((row) => row.usedAt !== null)).toHaveLength(1);
  });

  it('POST /tfa/recovery_codes: the password and a current authenticator code make ten new ones, the old ones void', async () => {
    const { user, client, secret, recoveryCodes } = await userWithTwoFactor(t.app, t.clock);
    expectError(
      await client.post('/tfa/recovery_codes', { password: 'Wrong-Pass-91', token: code(secret, 1) }),
      400,
      'auth/wrong_password',
    );
    expectError(await client.post('/tfa/recovery_codes', { password: PASSWORD, token: wrongCode(secret) }), 400, 'auth/tfa_wrong_code');
    // A recovery code is no authenticator code here.
    expectError(await client.post('/tfa/recovery_codes', { password: PASSWORD, token: recoveryCodes[0] }), 400, 'auth/tfa_wrong_code');
    const owing = await signedInClient(t.app, user);
    expectError(await owing.post('/tfa/recovery_codes', { password: PASSWORD, token: code(secret, 1) }), 403, 'auth/tfa_not_verified');

    const renewed = await client.post('/tfa/recovery_codes', { password: PASSWORD, token: code(secret, 1) });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    const fresh: string[] = renewed.body.recoveryCodes;
    expect(fresh).toHaveLength(10);
    for (const c of fresh) expect(c).toMatch(CODE_FORM);
    expect(fresh.filter((c) => recoveryCodes.includes(c))).toEqual([]);
    // The code was taken: it cannot renew twice.
    expectError(await client.post('/tfa/recovery_codes', { password: PASSWORD, token: code(secret, 1) }), 400, 'auth/tfa_wrong_code');

    expectError(await owing.post('/tfa/verify', { token: recoveryCodes[1] }), 400, 'auth/tfa_wrong_code');
    expect((await owing.post('/tfa/verify', { token: fresh[1] })).body).toMatchObject({ tfaPassed: true, recoveryCodesLeft: 9 });
    const mail = await mailAbout(t.app, user.email, /new recovery codes/i);
    expect(mail.text).toMatch(/older ones no longer work/);
    expect(mail.text).toMatch(/If this was not you/);

    const off = await signedInClient(t.app, await createVerifiedUser(t.app));
    expectError(await off.post('/tfa/recovery_codes', { password: PASSWORD, token: '123456' }), 409, 'auth/tfa_not_enabled');
  });

  it('turning two-factor off voids the codes; disable_tfa takes a recovery code as well as the password', async () => {
    const { user, client, recoveryCodes } = await userWithTwoFactor(t.app, t.clock);
    const off = await client.post('/tfa/disable_tfa', { password: PASSWORD, token: recoveryCodes[5] });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await client.get('/tfa/is_enabled')).body).toEqual({ enabled: false, recoveryCodesLeft: 0, pendingReset: null });
    expect(await storedCodes(user.id)).toEqual([]);
    const mail = await mailAbout(t.app, user.email, /two-factor authentication is off/i);
    expect(mail.text).toMatch(/If this was not you/);

    // With the authenticator code: the codes go too.
    const other = await userWithTwoFactor(t.app, t.clock);
    expect((await other.client.post('/tfa/disable_tfa', { password: PASSWORD, token: code(other.secret, 1) })).status).toBe(200);
    expect(await storedCodes(other.user.id)).toEqual([]);
  });
});

describe('the wait after wrong codes', () => {
  const expectWait = (answer: { status: number; body: any; headers: Record<string, unknown> }, seconds: number) => {
    expectError(answer, 429, 'auth/tfa_too_many_attempts');
    expect(answer.body.params).toEqual([seconds]);
    expect(answer.headers['retry-after']).toBe(String(seconds));
    expect(answer.body.error).toBe(`Too many wrong two-factor codes. Wait ${seconds} seconds before trying again`);
  };

  it('five wrong codes, then every try waits, even with the right code: 300 s, then doubling; a right code clears the count', async () => {
    const { user, secret } = await userWithTwoFactor(t.app, t.clock);
    const owing = await signedInClient(t.app, user);
    for (let i = 0; i < 5; i++) expectError(await owing.post('/tfa/verify', { token: wrongCode(secret) }), 400, 'auth/tfa_wrong_code');
    expectWait(await owing.post('/tfa/verify', { token: code(secret, 1) }), 300);
    t.clock.advance(299);
    expectWait(await owing.post('/tfa/verify', { token: code(secret) }), 1);
    t.clock.advance(1);
    // One more try; wrong again, the next wait is twice as long.
    expectError(await owing.post('/tfa/verify', { token: wrongCode(secret) }), 400, 'auth/tfa_wrong_code');
    expectWait(await owing.post('/tfa/verify', { token: code(secret) }), 600);
    t.clock.advance(600);
    expect((await owing.post('/tfa/verify', { token: code(secret) })).status).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ tfaFailures: 0, tfaRetryAt: null });
    // Cleared: five more wrong codes are heard before the next wait.
    const next = await signedInClient(t.app, user);
    for (let i = 0; i < 5; i++) expect((await next.post('/tfa/verify', { token: wrongCode(secret) })).status).toBe(400);
    expectWait(await next.post('/tfa/verify', { token: wrongCode(secret) }), 300);
  });

  it('no more than 5 wrong codes are heard in any 300 s, and tries go on being heard: nothing locks for good', async () => {
    const { user, secret } = await userWithTwoFactor(t.app, t.clock);
    const owing = await signedInClient(t.app, user);
    const heard: number[] = [];
    const start = t.clock.now().getTime();
    // A guess every 20 s for three hours.
    for (let i = 0; i < 540; i++) {
      const answer = await owing.post('/tfa/verify', { token: wrongCode(secret) });
      if (answer.status === 400) heard.push(t.clock.now().getTime() - start);
      else expect(answer.status).toBe(429);
      t.clock.advance(20);
    }
    for (const at of heard) expect(heard.filter((other) => other >= at && other < at + 300_000).length).toBeLessThanOrEqual(5);
    // 5 at once, then after 300, 600, 1200, 2400 s and hourly: 10 in three hours.
    expect(heard.length).toBe(10);
    // The right owner still gets in once the wait is over.
    t.clock.advance(3600);
    expect((await owing.post('/tfa/verify', { token: code(secret) })).status).toBe(200);
  });

  it('wrong codes count across /tfa/verify, /tfa/disable_tfa and /tfa/recovery_codes together', async () => {
    const { user, client, secret } = await userWithTwoFactor(t.app, t.clock);
    const owing = await signedInClient(t.app, user);
    for (let i = 0; i < 2; i++) {
      expect((await client.post('/tfa/disable_tfa', { password: PASSWORD, token: wrongCode(secret) })).status).toBe(400);
      expect((await client.post('/tfa/recovery_codes', { password: PASSWORD, token: wrongCode(secret) })).status).toBe(400);
    }
    expect((await owing.post('/tfa/verify', { token: wrongCode(secret) })).status).toBe(400);
    expectWait(await client.post('/tfa/disable_tfa', { password: PASSWORD, token: code(secret, 1) }), 300);
    expectWait(await client.post('/tfa/recovery_codes', { password: PASSWORD, token: code(secret, 1) }), 300);
    // A wrong password is refused before any code is tried, and counts nothing.
    expectError(await client.post('/tfa/disable_tfa', { password: 'Wrong-Pass-91', token: code(secret, 1) }), 400, 'auth/wrong_password');
    expect((await userRow(user.id)).tfaFailures).toBe(5);
  });

  it('counts per account: another account is not kept waiting', async () => {
    const a = await userWithTwoFactor(t.app, t.clock);
    const b = await userWithTwoFactor(t.app, t.clock);
    const owingA = await signedInClient(t.app, a.user);
    for (let i = 0; i < 6; i++) await owingA.post('/tfa/verify', { token: wrongCode(a.secret) });
    const owingB = await signedInClient(t.app, b.user);
    expect((await owingB.post('/tfa/verify', { token: code(b.secret, 1) })).status).toBe(200);
  });

  it('a password reset does not end the wait: a mailbox gives no more guesses; the right owner tries again once it is over', async () => {
    const { user, secret } = await userWithTwoFactor(t.app, t.clock);
    const owing = await signedInClient(t.app, user);
    for (let i = 0; i < 5; i++) await owing.post('/tfa/verify', { token: wrongCode(secret) });
    expectWait(await owing.post('/tfa/verify', { token: code(secret, 1) }), 300);

    // Whoever reads the mailbox resets the password and signs in again: still waiting, no fresh five.
    const password = 'Kedai-Recovered-77!';
    await resetPasswordByMail(t.app, new TestClient(t.app), user.email, password);
    const back = await signedInClient(t.app, { ...user, password });
    expect((await back.get('/auth/me')).body).toMatchObject({ tfaEnabled: true, tfaPassed: false });
    expectWait(await back.post('/tfa/verify', { token: wrongCode(secret) }), 300);
    expect((await userRow(user.id)).tfaFailures).toBe(5);
    t.clock.advance(300);
    expect((await back.post('/tfa/verify', { token: code(secret, 1) })).status).toBe(200);
  });

  race('20 wrong codes sent at once: exactly 5 are judged, 15 answered 429', async () => {
    const { user, secret } = await userWithTwoFactor(t.app, t.clock);
    const owing = await signedInClient(t.app, user);
    const token = wrongCode(secret);
    const answers = await Promise.all(Array.from({ length: 20 }, () => owing.post('/tfa/verify', { token })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    for (const a of answers) expect(a.body.errorCode).toBe(a.status === 400 ? 'auth/tfa_wrong_code' : 'auth/tfa_too_many_attempts');
    expect((await userRow(user.id)).tfaFailures).toBe(5);
  });
});

/** Resolves once `n` statements of the database wait for row locks other transactions hold. */
async function lockWaits(n: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const { rows } = (await t.app.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
    )) as { rows: { n: number }[] };
    if ((rows[0]?.n ?? 0) >= n) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`fewer than ${n} statements waited for a lock`);
}

describe.runIf(process.env.TEST_DATABASE_URL)("a recovery code and an owner's reset at once (PostgreSQL)", () => {
  it('both are answered (no deadlock): the code passes the session, then the reset turns two-factor off and ends it', async () => {
    const member = await userWithTwoFactor(t.app, t.clock);
    await t.app.db.update(schema.users).set({ role: 'staff' }).where(eq(schema.users.id, member.user.id));
    const owing = await signedInClient(t.app, member.user);
    const owner = await staffClient(t.app, 'owner', t.clock.now);
    // The member's sessions held a moment (as another request of theirs may), so that the code's
    // transaction is inside its work when the owner's reset starts.
    const [byCode, byOwner] = await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`select id from auth_sessions where user_id = ${member.user.id} for update`);
      const code = owing.post('/tfa/verify', { token: member.recoveryCodes[0] });
      await lockWaits(1);
      const reset = owner.client.post(`/admin/staff/${member.user.id}/reset_tfa`);
      await lockWaits(2);
      return [code, reset];
    });
    expect((await byCode).status).toBe(200);
    expect((await byOwner).status).toBe(200);
    expect((await userRow(member.user.id)).tfaSecret).toBeNull();
    expect(await storedCodes(member.user.id)).toEqual([]);
  });
});
