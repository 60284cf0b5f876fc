import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, schema, sql } from '@kedai/db';
import { cancelPendingReset, completeDueTfaResets } from '../../src/modules/tfa/resets';
import { lockUser } from '../../src/modules/users/service';
import { resetTfaFromServer } from '../../src/modules/staff/service';
import { TestClient } from '../client';
import { LIFTED_LIMITS, PASSWORD, outbox, signedInClient, staffClient, type TestUser } from '../accounts';
import { createTestApp, expectError, type TestApp } from '../helpers';
import { authenticator, mailAbout, resetPasswordByMail, userWithTwoFactor } from '../support/two-factor';

/**
 * Two-factor resets (issue 27 §1, decision 0021): a mailbox alone no longer turns two-factor off.
 * By e-mail it is slow (TFA_RESET_WAIT_HOURS) and loud (the account told, "this was not me"), and
 * refused for staff and owners, whom an owner resets in the back office or the server's command line.
 */

let t: TestApp;
let code: ReturnType<typeof authenticator>['code'];
beforeAll(async () => {
  t = await createTestApp({ seed: false, env: LIFTED_LIMITS });
  ({ code } = authenticator(t.clock));
});
afterAll(() => t?.close());

const HOUR = 3600;
const runJob = () => completeDueTfaResets({ db: t.app.db, mailer: t.app.mailer, log: t.app.log }, t.clock.now());

async function userRow(id: string) {
  const [row] = await t.app.db.select().from(schema.users).where(eq(schema.users.id, id));
  return row!;
}

/** The token of the newest link of a mail to `email` whose address has `path`. */
async function linkToken(email: string, path: string): Promise<string> {
  const mail = (await outbox(t.app, email)).find((m) => m.text.includes(path));
  const url = new RegExp(`(https?://\\S+${path}\\?token=\\S+)`).exec(mail?.text ?? '')?.[1];
  if (!url) throw new Error(`no ${path} link mailed to ${email}`);
  return new URL(url).searchParams.get('token')!;
}

/** A session owing its second factor asks for the reset link and uses it: the reset is scheduled. */
async function scheduleReset(
  user: TestUser,
  session?: TestClient,
): Promise<{ effectiveAt: string; cancelToken: string; session: TestClient }> {
  const owing = session ?? (await signedInClient(t.app, user));
  expect((await owing.post('/tfa/requestReset')).status).toBe(200);
  const reset = await new TestClient(t.app).post('/tfa/reset', { resetTfaToken: await linkToken(user.email, '/two_factor/reset') });
  expect(reset.status, JSON.stringify(reset.body)).toBe(200);
  return { effectiveAt: reset.body.effectiveAt, cancelToken: await linkToken(user.email, '/two_factor/cancel_reset'), session: owing };
}

describe('a reset by e-mail is slow and loud', () => {
  it("issue 27's chain — forgot password, reset, sign in, requestReset, reset — leaves two-factor on until the wait ends uncancelled", async () => {
    const { user } = await userWithTwoFactor(t.app, t.clock);
    // Whoever reads the mailbox: a new password, a session that owes its second factor.
    const password = 'Mailbox-Thief-42!';
    const thief = new TestClient(t.app);
    await resetPasswordByMail(t.app, thief, user.email, password);
    expect((await thief.post('/auth/login', { email: user.email, password })).body).toMatchObject({ tfaEnabled: true, tfaPassed: false });
    const { effectiveAt } = await scheduleReset({ ...user, password }, thief);
    expect(effectiveAt).toBe(new Date(t.clock.now().getTime() + 72 * HOUR * 1000).toISOString());

    // Two-factor is still on and the session still cannot pass or get around it.
    expect((await userRow(user.id)).tfaSecret).not.toBeNull();
    expect((await thief.get('/auth/me')).body).toMatchObject({ tfaEnabled: true, tfaPassed: false });
    expect((await thief.get('/tfa/is_enabled')).body).toEqual({ enabled: true, recoveryCodesLeft: 10, pendingReset: { effectiveAt } });
    expectError(await thief.get('/cart'), 403, 'auth/tfa_not_verified');
    expectError(await thief.post('/tfa/setup'), 409, 'auth/tfa_already_setup');
    expectError(await thief.post('/tfa/disable_tfa', { password, token: '123456' }), 403, 'auth/tfa_not_verified');

    // The account was told, with the way to stop it.
    const notice = await mailAbout(t.app, user.email, /will be turned off/i);
    expect(notice.text).toContain(`${t.config.publicWebUrl}/two_factor/cancel_reset?token=`);
    expect(notice.text).toMatch(/takes 72 hours/);
    expect(notice.text).toMatch(/If this was not you/);

    t.clock.advance(72 * HOUR - 60);
    expect(await runJob()).toBe(0);
    expect((await userRow(user.id)).tfaSecret).not.toBeNull();

    t.clock.advance(60);
    // The server's recurring job (`tfa.resets`, every minute on the app's clock) turns it off.
    await t.app.jobs.schedule();
    await t.app.jobs.runDue();
    const row = await userRow(user.id);
    expect([row.tfaSecret, row.tfaPendingSecret, row.tfaEnabledAt, row.tfaLastStep]).toEqual([null, null, null, null]);
    expect(await t.app.db.select().from(schema.tfaRecoveryCodes).where(eq(schema.tfaRecoveryCodes.userId, user.id))).toEqual([]);
    // The audit log keeps it, by no one in the back office (issue 30).
    const audited = await t.app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.objectId, user.id), eq(schema.auditLog.action, 'tfa.reset')));
    expect(audited.map((entry) => [entry.actorId, entry.before, entry.after])).toEqual([
      [null, { tfaEnabled: true }, { tfaEnabled: false }],
    ]);
    // Every session ended; whoever holds the password signs in afresh, without a second factor.
    expectError(await thief.get('/auth/me'), 401, 'auth/invalid_access_token');
    const done = await mailAbout(t.app, user.email, /is now off/i);
    expect(done.text).toMatch(/If this was not you/);
    const again = await signedInClient(t.app, { ...user, password });
    expect((await again.get('/auth/me')).body).toMatchObject({ tfaEnabled: false, tfaPassed: true });
    expect((await again.get('/tfa/is_enabled')).body).toEqual({ enabled: false, recoveryCodesLeft: 0, pendingReset: null });
    expect(await runJob()).toBe(0);
  });

  it('"this was not me" cancels it: two-factor stays on after the wait; the link works once', async () => {
    const { user, client } = await userWithTwoFactor(t.app, t.clock);
    const { cancelToken } = await scheduleReset(user);
    const cancelled = await new TestClient(t.app).post('/tfa/cancel_reset', { cancelToken });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toEqual({ ok: true });
    expect((await client.get('/tfa/is_enabled')).body).toMatchObject({ enabled: true, pendingReset: null });
    const mail = await mailAbout(t.app, user.email, /stays on/i);
    expect(mail.text).toMatch(/this was not me/);
    expect(mail.text).toMatch(/If this was not you/);

    t.clock.advance(73 * HOUR);
    await runJob();
    expect((await userRow(user.id)).tfaSecret).not.toBeNull();
    expectError(await new TestClient(t.app).post('/tfa/cancel_reset', { cancelToken }), 400, 'auth/tfa_reset_cancel_invalid');
    const [reset] = await t.app.db.select().from(schema.tfaResets).where(eq(schema.tfaResets.userId, user.id));
    expect(reset).toMatchObject({ cancelReason: 'not_me', completedAt: null });
    expect(reset!.cancelledAt).toBeInstanceOf(Date);
  });

  it('signing in with the authenticator meanwhile cancels it, and so does a recovery code', async () => {
    const withCode = await userWithTwoFactor(t.app, t.clock);
    await scheduleReset(withCode.user);
    const owner = await signedInClient(t.app, withCode.user);
    expect((await owner.post('/tfa/verify', { token: code(withCode.secret, 1) })).status).toBe(200);
    expect((await owner.get('/tfa/is_enabled')).body.pendingReset).toBeNull();
    const mail = await mailAbout(t.app, withCode.user.email, /stays on/i);
    expect(mail.text).toMatch(/signed in with its authenticator or a recovery code/);

    const withRecovery = await userWithTwoFactor(t.app, t.clock);
    const { cancelToken } = await scheduleReset(withRecovery.user);
    const back = await signedInClient(t.app, withRecovery.user);
    expect((await back.post('/tfa/verify', { token: withRecovery.recoveryCodes[0] })).status).toBe(200);
    expect((await back.get('/tfa/is_enabled')).body).toMatchObject({ enabled: true, recoveryCodesLeft: 9, pendingReset: null });

    t.clock.advance(73 * HOUR);
    await runJob();
    expect((await userRow(withCode.user.id)).tfaSecret).not.toBeNull();
    expect((await userRow(withRecovery.user.id)).tfaSecret).not.toBeNull();
    // Its "not me" link has nothing left to cancel.
    expectError(await new TestClient(t.app).post('/tfa/cancel_reset', { cancelToken }), 400, 'auth/tfa_reset_cancel_invalid');
    const [reset] = await t.app.db.select().from(schema.tfaResets).where(eq(schema.tfaResets.userId, withCode.user.id));
    expect(reset!.cancelReason).toBe('signed_in');
  });

  it('making new recovery codes with the authenticator, in a session opened before, cancels it too', async () => {
    const { user, client, secret } = await userWithTwoFactor(t.app, t.clock);
    await scheduleReset(user);
    expect((await client.get('/tfa/is_enabled')).body.pendingReset).not.toBeNull();
    const renewed = await client.post('/tfa/recovery_codes', { password: user.password, token: code(secret, 1) });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect((await client.get('/tfa/is_enabled')).body).toMatchObject({ enabled: true, recoveryCodesLeft: 10, pendingReset: null });
    expect((await mailAbout(t.app, user.email, /stays on/i)).text).toMatch(/If this was not you/);
    t.clock.advance(73 * HOUR);
    await runJob();
    expect((await userRow(user.id)).tfaSecret).not.toBeNull();
  });

  it('a second link while one reset waits answers the same time and sends no second notice', async () => {
    const { user } = await userWithTwoFactor(t.app, t.clock);
    const first = await scheduleReset(user);
    const notices = async () => (await outbox(t.app, user.email)).filter((m) => /will be turned off/.test(m.subject)).length;
    expect(await notices()).toBe(1);
    // Its time as the pages write it, in the shop's zone, named (issue 30): not "… UTC".
    const notice = (await outbox(t.app, user.email)).find((m) => /will be turned off/.test(m.subject))!;
    const at = new Date(first.effectiveAt);
    const sgt = new Date(at.getTime() + 8 * 3600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(notice.text).toContain(
      `stays on until ${pad(sgt.getUTCDate())}/${pad(sgt.getUTCMonth() + 1)}/${sgt.getUTCFullYear()}, ${pad(sgt.getUTCHours())}:${pad(sgt.getUTCMinutes())}:${pad(sgt.getUTCSeconds())} (Asia/Singapore)`,
    );
    t.clock.advance(HOUR);
    expect((await first.session.post('/tfa/requestReset')).status).toBe(200);
    const second = await new TestClient(t.app).post('/tfa/reset', { resetTfaToken: await linkToken(user.email, '/two_factor/reset') });
    expect(second.body).toEqual({ ok: true, effectiveAt: first.effectiveAt });
    expect(await notices()).toBe(1);
  });

  it('an unknown, empty or ended cancel token is 400 auth/tfa_reset_cancel_invalid', async () => {
    const visitor = new TestClient(t.app);
    for (const cancelToken of ['no-such-token', '']) {
      expectError(await visitor.post('/tfa/cancel_reset', { cancelToken }), 400, 'auth/tfa_reset_cancel_invalid');
    }
    // Done: nothing left to cancel.
    const { user } = await userWithTwoFactor(t.app, t.clock);
    const { cancelToken } = await scheduleReset(user);
    t.clock.advance(72 * HOUR);
    expect(await runJob()).toBeGreaterThanOrEqual(1);
    expectError(await visitor.post('/tfa/cancel_reset', { cancelToken }), 400, 'auth/tfa_reset_cancel_invalid');
  });
});

/** Resolves once some statement of the database waits for a row lock another transaction holds. */
async function someoneWaitsForALock(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const { rows } = (await t.app.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
    )) as { rows: { n: number }[] };
    if ((rows[0]?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('nobody waited for a lock');
}

describe.runIf(process.env.TEST_DATABASE_URL)('the job and a sign-in at once (PostgreSQL)', () => {
  it("a right code's transaction, holding the account when the job reaches its due reset, cancels it; neither fails (no deadlock)", async () => {
    const { user } = await userWithTwoFactor(t.app, t.clock);
    await scheduleReset(user);
    t.clock.advance(73 * HOUR);
    let job: Promise<number> | undefined;
    // What a right code does (service.ts verifyTfa): the users row first (acceptTfaStep), then the reset (pass).
    await t.app.db.transaction(async (tx) => {
      expect(await lockUser(tx, user.id)).toBeDefined();
      job = runJob();
      await someoneWaitsForALock(); // the job, waiting for the account
      expect(await cancelPendingReset(tx, user.id, 'signed_in')).toBe(true);
    });
    await job;
    expect((await userRow(user.id)).tfaSecret).not.toBeNull();
    const [reset] = await t.app.db.select().from(schema.tfaResets).where(eq(schema.tfaResets.userId, user.id));
    expect(reset).toMatchObject({ cancelReason: 'signed_in', completedAt: null });
  });
});

describe('staff and owners are never reset by e-mail', () => {
  it("issue 27's chain on a staff account stops at requestReset: the mailbox gives a password, never the back office", async () => {
    const { user } = await staffClient(t.app, 'staff', t.clock.now);
    const password = 'Mailbox-Thief-42!';
    const thief = new TestClient(t.app);
    await resetPasswordByMail(t.app, thief, user.email, password);
    expect((await thief.post('/auth/login', { email: user.email, password })).body).toMatchObject({ tfaEnabled: true, tfaPassed: false });
    expectError(await thief.post('/tfa/requestReset'), 403, 'auth/tfa_reset_staff');
    expectError(await thief.get('/admin/product'), 403, 'auth/tfa_not_verified');
    t.clock.advance(73 * HOUR);
    await runJob();
    expect((await userRow(user.id)).tfaSecret).not.toBeNull();
  });

  it('requestReset is 403 auth/tfa_reset_staff for staff and owners, in a session owing its code or not', async () => {
    for (const role of ['staff', 'owner'] as const) {
      for (const tfa of ['owed', 'passed'] as const) {
        const { user, client } = await staffClient(t.app, role, t.clock.now, tfa);
        const refused = await client.post('/tfa/requestReset');
        expectError(refused, 403, 'auth/tfa_reset_staff');
        expect(refused.body.error).toBe(
          'Staff two-factor authentication cannot be reset by e-mail: ask an owner to reset it in the back office',
        );
        expect((await outbox(t.app, user.email)).filter((m) => /turn off two-factor/i.test(m.subject))).toEqual([]);
      }
    }
  });

  it('a link asked for as a shopper is refused once the account is staff, and a waiting reset is cancelled, not done', async () => {
    const asked = await userWithTwoFactor(t.app, t.clock);
    const owing = await signedInClient(t.app, asked.user);
    expect((await owing.post('/tfa/requestReset')).status).toBe(200);
    await t.app.db.update(schema.users).set({ role: 'staff' }).where(eq(schema.users.id, asked.user.id));
    const token = await linkToken(asked.user.email, '/two_factor/reset');
    expectError(await new TestClient(t.app).post('/tfa/reset', { resetTfaToken: token }), 403, 'auth/tfa_reset_staff');
    expect(await t.app.db.select().from(schema.tfaResets).where(eq(schema.tfaResets.userId, asked.user.id))).toEqual([]);

    const waiting = await userWithTwoFactor(t.app, t.clock);
    await scheduleReset(waiting.user);
    await t.app.db.update(schema.users).set({ role: 'owner' }).where(eq(schema.users.id, waiting.user.id));
    t.clock.advance(72 * HOUR);
    await runJob();
    expect((await userRow(waiting.user.id)).tfaSecret).not.toBeNull();
    const [reset] = await t.app.db.select().from(schema.tfaResets).where(eq(schema.tfaResets.userId, waiting.user.id));
    expect(reset).toMatchObject({ completedAt: null });
    expect(reset!.cancelledAt).toBeInstanceOf(Date);
  });
});

describe("an owner resets a member's two-factor", () => {
  it('at once: codes void, sessions ended, audited, the member mailed; they set it up again at the next sign-in', async () => {
    const owner = await staffClient(t.app, 'owner', t.clock.now);
    const member = await staffClient(t.app, 'staff', t.clock.now);
    const codes = await t.app.db.select().from(schema.tfaRecoveryCodes).where(eq(schema.tfaRecoveryCodes.userId, member.user.id));
    expect(codes).toHaveLength(10);

    const reset = await owner.client.post(`/admin/staff/${member.user.id}/reset_tfa`);
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body).toEqual({ ok: true });
    const row = await userRow(member.user.id);
    expect([row.tfaSecret, row.tfaEnabledAt]).toEqual([null, null]);
    expect(await t.app.db.select().from(schema.tfaRecoveryCodes).where(eq(schema.tfaRecoveryCodes.userId, member.user.id))).toEqual([]);
    expectError(await member.client.get('/auth/me'), 401, 'auth/invalid_access_token');
    const [audit] = await t.app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.objectId, member.user.id), eq(schema.auditLog.action, 'staff.reset_tfa')))
      .orderBy(desc(schema.auditLog.id));
    expect(audit).toMatchObject({ actorId: owner.user.id, before: { tfaEnabled: true }, after: { tfaEnabled: false } });
    const mail = await mailAbout(t.app, member.user.email, /two-factor authentication was reset/i);
    expect(mail.text).toMatch(/An owner of .* turned off two-factor authentication/);
    expect(mail.text).toMatch(/If you did not ask for this/);

    const again = await signedInClient(t.app, member.user);
    expect((await again.get('/auth/me')).body).toMatchObject({ tfaEnabled: false });
    expect((await again.post('/tfa/setup')).status).toBe(200);
  });

  it('not on oneself (409), not on a shopper (404), and only by an owner (403)', async () => {
    const owner = await staffClient(t.app, 'owner', t.clock.now);
    const refused = await owner.client.post(`/admin/staff/${owner.user.id}/reset_tfa`);
    expectError(refused, 409, 'staff/cannot_reset_own_tfa');
    expect((await userRow(owner.user.id)).tfaSecret).not.toBeNull();

    const shopper = await userWithTwoFactor(t.app, t.clock);
    expectError(await owner.client.post(`/admin/staff/${shopper.user.id}/reset_tfa`), 404, 'user/not_found');
    expect((await userRow(shopper.user.id)).tfaSecret).not.toBeNull();

    const staff = await staffClient(t.app, 'staff', t.clock.now);
    const other = await staffClient(t.app, 'staff', t.clock.now);
    expect((await staff.client.post(`/admin/staff/${other.user.id}/reset_tfa`)).status).toBe(403);
    expect((await userRow(other.user.id)).tfaSecret).not.toBeNull();
  });
});

describe('npm run admin:create -- --reset-two-factor', () => {
  it("turns an account's two-factor off from the server (the last owner's way out), audited with no actor, and mails it", async () => {
    const owner = await staffClient(t.app, 'owner', t.clock.now);
    const deps = { db: t.app.db, config: t.config, mailer: t.app.mailer, log: t.app.log };
    const done = await resetTfaFromServer(deps, { email: owner.user.email.toUpperCase() });
    expect(done.userId).toBe(owner.user.id);
    expect((await userRow(owner.user.id)).tfaSecret).toBeNull();
    expectError(await owner.client.get('/auth/me'), 401, 'auth/invalid_access_token');
    const [audit] = await t.app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.objectId, owner.user.id), eq(schema.auditLog.action, 'staff.reset_tfa')));
    expect(audit).toMatchObject({ actorId: null, after: { tfaEnabled: false } });
    const mail = await mailAbout(t.app, owner.user.email, /two-factor authentication was reset/i);
    expect(mail.text).toMatch(/from the shop's server/);
    // Signing in, the owner sets it up again.
    const back = await signedInClient(t.app, { ...owner.user, password: PASSWORD });
    expect((await back.get('/auth/me')).body).toMatchObject({ tfaEnabled: false, profile: { role: 'owner' } });
    await expect(resetTfaFromServer(deps, { email: 'nobody@example.com' })).rejects.toMatchObject({ errorCode: 'user/not_found' });
  });
});
