import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP, URI } from 'otpauth';
import { desc, eq, schema, sql } from '@kedai/db';
import { disableTfa, verifyTfa } from '../../src/modules/tfa/service';
import { completeDueTfaResets } from '../../src/modules/tfa/resets';
import { open } from '../../src/platform/secret-box';
import { TestClient } from '../client';
import { LIFTED_LIMITS, PASSWORD, createVerifiedUser, outbox, signedInClient, type TestUser } from '../accounts';
import { createTestApp, expectEnvelope, expectError, race, type TestApp } from '../helpers';

/** Two-factor authentication through the real app (rules: access.md–7, issue 4). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, env: LIFTED_LIMITS });
});
afterAll(() => t?.close());

/** A code computed the way an authenticator app does, `offsetSteps` × 30 s from now on the app's clock. */
function code(secret: string, offsetSteps = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: t.clock.now().getTime() + offsetSteps * 30_000,
  });
}

/** Not the code of any step near now. */
function wrongCode(secret: string): string {
  const near = new Set([-1, 0, 1].map((offset) => code(secret, offset)));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!near.has(candidate)) return candidate;
  }
}

const keyOf = (manualKey: string) => manualKey.replace(/ /g, '');

/** Starts (or restarts) setup in `client`'s session: the new secret, without spaces. */
const newSecret = async (client: TestClient) => keyOf((await client.post('/tfa/setup')).body.manualKey);

async function userRow(id: string) {
  const [row] = await t.app.db.select().from(schema.users).where(eq(schema.users.id, id));
  return row!;
}

/** The secret a stored (sealed) value holds. */
const opened = (stored: string | null) => (stored === null ? null : open(t.app.tfaKeys, stored));

/** A signed-in user with two-factor turned on (by a code of the current step) in `client`'s session. */
async function userWithTfa(app = t.app): Promise<{ user: TestUser; client: TestClient; secret: string }> {
  const user = await createVerifiedUser(app);
  const client = await signedInClient(app, user);
  const setup = await client.post('/tfa/setup');
  expect(setup.status).toBe(200);
  const secret = keyOf(setup.body.manualKey);
  const verified = await client.post('/tfa/verify', { token: code(secret) });
  expect(verified.status).toBe(200);
  return { user, client, secret };
}

describe('signed out', () => {
  it('every /tfa route but /tfa/reset answers 401 auth/not_authorized', async () => {
    const visitor = new TestClient(t.app);
    const calls = [
      visitor.post('/tfa/setup'),
      visitor.post('/tfa/verify', { token: '123456' }),
      visitor.post('/tfa/skip_setup'),
      visitor.get('/tfa/is_enabled'),
      visitor.post('/tfa/disable_tfa', { password: PASSWORD, token: '123456' }),
      visitor.post('/tfa/requestReset'),
    ];
    for (const answer of await Promise.all(calls)) {
      expectError(answer, 401, 'auth/not_authorized');
    }
  });
});

describe('POST /tfa/setup and /tfa/verify', () => {
  it('setup answers a pending secret as otpauth URI, SVG QR code and grouped key; a right code enables it', async () => {
    const user = await createVerifiedUser(t.app);
    const client = await signedInClient(t.app, user);
    expect((await client.get('/tfa/is_enabled')).body.enabled).toBe(false);

    const setup = await client.post('/tfa/setup');
    expect(setup.status).toBe(200);
    const { otpauthUri, qrCodeDataUrl, manualKey } = setup.body;
    expect(manualKey).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/); // 20 bytes = 32 base32 characters
    const secret = keyOf(manualKey);
    expect(Secret.fromBase32(secret).bytes.length).toBe(20);

    const totp = URI.parse(otpauthUri) as TOTP;
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    expect(totp.issuer).toBe('Kedai');
    expect(totp.label).toBe(user.email);
    expect(totp.secret.base32).toBe(secret);
    expect([totp.algorithm, totp.digits, totp.period]).toEqual(['SHA1', 6, 30]);

    expect(qrCodeDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(qrCodeDataUrl.split(',')[1], 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);

    // Pending only, until a code confirms it.
    let row = await userRow(user.id);
    expect(opened(row.tfaPendingSecret)).toBe(secret);
    expect(row.tfaSecret).toBeNull();
    expect((await client.get('/tfa/is_enabled')).body.enabled).toBe(false);

    const verified = await client.post('/tfa/verify', { token: code(secret) });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ signedIn: true, tfaEnabled: true, tfaPassed: true, profile: { id: user.id } });
    row = await userRow(user.id);
    expect(opened(row.tfaSecret)).toBe(secret);
    expect(row.tfaPendingSecret).toBeNull();
    expect(row.tfaEnabledAt).toBeInstanceOf(Date);
    expect(row.tfaLastStep).toBe(Math.floor(t.clock.now().getTime() / 30_000));

    expect((await client.get('/tfa/is_enabled')).body.enabled).toBe(true);
    expect((await client.get('/auth/me')).body).toMatchObject({ tfaEnabled: true, tfaPassed: true });

    const again = await client.post('/tfa/setup');
    expectError(again, 409, 'auth/tfa_already_setup');
    expect((await userRow(user.id)).tfaPendingSecret).toBeNull();
  });

  it('a second setup replaces the pending secret: only the newest one can be confirmed', async () => {
    const client = await signedInClient(t.app, await createVerifiedUser(t.app));
    const first = await newSecret(client);
    const second = await newSecret(client);
    expect(second).not.toBe(first);
    const old = await client.post('/tfa/verify', { token: code(first) });
    expectError(old, 400, 'auth/tfa_wrong_code');
    expect((await client.post('/tfa/verify', { token: code(second) })).status).toBe(200);
  });

  it('verify without a set-up is 409 auth/tfa_not_setup; a wrong code is 400 auth/tfa_wrong_code and enables nothing', async () => {
    const user = await createVerifiedUser(t.app);
    const client = await signedInClient(t.app, user);
    const none = await client.post('/tfa/verify', { token: '123456' });
    expectError(none, 409, 'auth/tfa_not_setup');

    const secret = await newSecret(client);
    for (const token of [wrongCode(secret), '', 'abcdef', '12345', '1234567']) {
      const wrong = await client.post('/tfa/verify', { token });
      expectError(wrong, 400, 'auth/tfa_wrong_code');
    }
    expect((await client.get('/tfa/is_enabled')).body.enabled).toBe(false);
    expect(opened((await userRow(user.id)).tfaPendingSecret)).toBe(secret);
  });

  it('accepts spaces inside the code', async () => {
    const client = await signedInClient(t.app, await createVerifiedUser(t.app));
    const secret = await newSecret(client);
    const c = code(secret);
    expect((await client.post('/tfa/verify', { token: `${c.slice(0, 3)} ${c.slice(3)}` })).status).toBe(200);
  });
});

describe('clock drift', () => {
  it('one step early or late is accepted', async () => {
    for (const offset of [-1, 1]) {
      const client = await signedInClient(t.app, await createVerifiedUser(t.app));
      const secret = await newSecret(client);
      const answer = await client.post('/tfa/verify', { token: code(secret, offset) });
      expect(answer.status, `offset ${offset}`).toBe(200);
    }
  });

  it('two steps early or late are refused', async () => {
    const user = await createVerifiedUser(t.app);
    const client = await signedInClient(t.app, user);
    const secret = await newSecret(client);
    for (const offset of [-2, 2, -3, 3]) {
      const answer = await client.post('/tfa/verify', { token: code(secret, offset) });
      expect(answer.status, `offset ${offset}`).toBe(400);
      expectEnvelope(answer.body, 'auth/tfa_wrong_code');
    }
    // The secret itself was fine.
    expect((await client.post('/tfa/verify', { token: code(secret) })).status).toBe(200);
  });

  it('a code ages out as the clock moves: still good one step later, refused two steps later', async () => {
    const early = await signedInClient(t.app, await createVerifiedUser(t.app));
    const late = await signedInClient(t.app, await createVerifiedUser(t.app));
    const [earlySecret, lateSecret] = [await newSecret(early), await newSecret(late)];
    const [earlyCode, lateCode] = [code(earlySecret), code(lateSecret)];

    t.clock.advance(30);
    expect((await early.post('/tfa/verify', { token: earlyCode })).status).toBe(200);
    t.clock.advance(30);
    expectError(await late.post('/tfa/verify', { token: lateCode }), 400, 'auth/tfa_wrong_code');
    expect((await late.post('/tfa/verify', { token: code(lateSecret) })).status).toBe(200);
  });
});

describe('replay protection', () => {
  it('a code works once; a code of an earlier step than the last accepted one is refused too', async () => {
    const { user, secret } = await userWithTfa(); // took the current step's code

    const second = await signedInClient(t.app, user);
    const replay = await second.post('/tfa/verify', { token: code(secret) });
    expectError(replay, 400, 'auth/tfa_wrong_code');
    expect((await second.get('/auth/me')).body.tfaPassed).toBe(false);

    const next = code(secret, 1);
    expect((await second.post('/tfa/verify', { token: next })).status).toBe(200);

    const third = await signedInClient(t.app, user);
    expect((await third.post('/tfa/verify', { token: next })).status).toBe(400);
    // Still within the drift window, but older than the last accepted step.
    expect((await third.post('/tfa/verify', { token: code(secret) })).status).toBe(400);
    expect((await third.post('/tfa/verify', { token: code(secret, -1) })).status).toBe(400);
    expect((await third.get('/auth/me')).body.tfaPassed).toBe(false);
  });

  race('two sessions sending one code at the same time: exactly one passes', async () => {
    const { user, secret } = await userWithTfa();
    const sessions = await Promise.all([1, 2, 3, 4].map(() => signedInClient(t.app, user)));
    const token = code(secret, 1);
    const answers = await Promise.all(sessions.map((s) => s.post('/tfa/verify', { token })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400]);
    for (const a of answers.filter((a) => a.status === 400)) expectEnvelope(a.body, 'auth/tfa_wrong_code');
    const passed = await Promise.all(sessions.map(async (s) => (await s.get('/auth/me')).body.tfaPassed));
    expect(passed.filter(Boolean)).toHaveLength(1);
  });

  race('confirming a set-up twice at the same time with one code: one enables, the other is refused', async () => {
    const user = await createVerifiedUser(t.app);
    const client = await signedInClient(t.app, user);
    const other = await signedInClient(t.app, user);
    const secret = await newSecret(client);
    const token = code(secret);
    const answers = await Promise.all([client.post('/tfa/verify', { token }), other.post('/tfa/verify', { token })]);
    // The loser is refused: its code is spent (400), or the winner's new second factor ended its session first (401).
    const [won, lost] = answers.map((a) => a.status).sort();
    expect(won).toBe(200);
    expect([400, 401]).toContain(lost);
    const refused = answers.find((a) => a.status !== 200)!;
    expect(refused.body.errorCode).toBe(lost === 400 ? 'auth/tfa_wrong_code' : 'auth/invalid_access_token');
    // Two-factor is on, with the secret both confirmed.
    expect((await userRow(user.id)).tfaEnabledAt).not.toBeNull();
  });

  it('the refusal holds in the database: a request that read the row before another took a later step fails', async () => {
    // The route checks tfa_last_step as read by the guard; two requests can both read it before
    // either writes. Replay that race by hand: the service gets the row as it was read, then
    // another request's step lands, and only the conditional UPDATE can refuse.
    const { user, secret } = await userWithTfa();
    const other = await signedInClient(t.app, user);
    const staleUser = await userRow(user.id);
    const [session] = await t.app.db
      .select()
      .from(schema.authSessions)
      .where(eq(schema.authSessions.userId, user.id))
      .orderBy(desc(schema.authSessions.createdAt))
      .limit(1);
    const auth = { user: staleUser, session: session!, tfaEnabled: true, tfaPassed: false };
    const deps = { db: t.app.db, config: t.app.config, mailer: t.app.mailer, log: t.app.log, keys: t.app.tfaKeys };
    await t.app.db
      .update(schema.users)
      .set({ tfaLastStep: staleUser.tfaLastStep! + 1 })
      .where(eq(schema.users.id, user.id));
    await expect(verifyTfa(deps, auth, code(secret, 1))).rejects.toMatchObject({ errorCode: 'auth/tfa_wrong_code' });
    await expect(disableTfa(deps, auth, { token: code(secret, 1), password: PASSWORD })).rejects.toMatchObject({
      errorCode: 'auth/tfa_wrong_code',
    });
    expect(opened((await userRow(user.id)).tfaSecret)).toBe(secret);
    expect((await other.get('/auth/me')).body.tfaPassed).toBe(false);
  });
});

describe('sessions after two-factor is on', () => {
  it('a new login owes the second factor until /tfa/verify: 403 auth/tfa_not_verified elsewhere, /tfa and /auth/me work', async () => {
    const { user, client: enabler, secret } = await userWithTfa();
    // The session that turned it on has passed.
    expect((await enabler.post('/user/names', { userIds: [user.id] })).status).toBe(200);

    const fresh = new TestClient(t.app);
    const login = await fresh.post('/auth/login', { email: user.email, password: user.password });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ signedIn: true, tfaEnabled: true, tfaPassed: false });
    expect((await fresh.get('/auth/me')).body).toMatchObject({ signedIn: true, tfaEnabled: true, tfaPassed: false });
    expect((await fresh.get('/tfa/is_enabled')).body.enabled).toBe(true);

    // Every other signed-in route refuses with the rules: access.md message until the code is given.
    const owed = [
      await fresh.post('/user/profile', { firstName: 'Changed' }),
      await fresh.post('/user/names', { userIds: [user.id] }),
      await fresh.post('/auth/changePassword', { currentPassword: user.password, newPassword: 'Another123!' }),
    ];
    for (const answer of owed) {
      expectError(answer, 403, 'auth/tfa_not_verified');
      expect(answer.body.error).toBe('this feature requires you to complete two factor authentication to access');
    }
    expect((await userRow(user.id)).firstName).not.toBe('Changed');

    const verified = await fresh.post('/tfa/verify', { token: code(secret, 1) });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ signedIn: true, tfaEnabled: true, tfaPassed: true, profile: { email: user.email } });
    expect((await fresh.get('/auth/me')).body.tfaPassed).toBe(true);
    expect((await fresh.post('/user/profile', { firstName: 'Changed' })).status).toBe(200);
  });

  it('sessions that were open when two-factor was turned on end: they were signed in without it', async () => {
    const user = await createVerifiedUser(t.app);
    const phone = await signedInClient(t.app, user);
    const laptop = await signedInClient(t.app, user);
    const secret = await newSecret(laptop);
    expect((await laptop.post('/tfa/verify', { token: code(secret) })).status).toBe(200);
    expectError(await phone.get('/auth/me'), 401, 'auth/invalid_access_token');
    expect((await laptop.get('/auth/me')).body).toMatchObject({ tfaEnabled: true, tfaPassed: true });
    // Signing in again on the phone asks for the code.
    const again = await signedInClient(t.app, user);
    expect((await again.get('/auth/me')).body).toMatchObject({ tfaEnabled: true, tfaPassed: false });
  });
});

describe('POST /tfa/skip_setup', () => {
  it('records the choice: /auth/me and the next login show tfaSetupSkipped', async () => {
    const user = await createVerifiedUser(t.app);
    const client = await signedInClient(t.app, user);
    expect((await client.get('/auth/me')).body.tfaSetupSkipped).toBe(false);
    const skipped = await client.post('/tfa/skip_setup');
    expect(skipped.status).toBe(200);
    expect(skipped.body).toEqual({ ok: true });
    expect((await client.get('/auth/me')).body).toMatchObject({ tfaSetupSkipped: true, tfaEnabled: false, tfaPassed: true });
    const firstSkip = (await userRow(user.id)).tfaSetupSkippedAt;
    expect((await client.post('/tfa/skip_setup')).status).toBe(200);
    expect((await userRow(user.id)).tfaSetupSkippedAt).toEqual(firstSkip);
    const login = await new TestClient(t.app).post('/auth/login', { email: user.email, password: user.password });
    expect(login.body.tfaSetupSkipped).toBe(true);
  });
});

describe('what a session that still owes its second factor may do', () => {
  it('reads its state, sends a code, asks for a reset e-mail, signs out; nothing else, and no refresh', async () => {
    const { user, secret } = await userWithTfa();
    const owing = await signedInClient(t.app, user);
    expect((await owing.get('/auth/me')).body).toMatchObject({ signedIn: true, tfaEnabled: true, tfaPassed: false });
    expect((await owing.get('/tfa/is_enabled')).body.enabled).toBe(true);
    // Skipping a set-up that is done, or setting up again, is no way around the code.
    expectError(await owing.post('/tfa/skip_setup'), 409, 'auth/tfa_already_setup');
    expectError(await owing.post('/tfa/setup'), 409, 'auth/tfa_already_setup');
    expectError(await owing.post('/tfa/disable_tfa', { password: PASSWORD, token: code(secret, 1) }), 403, 'auth/tfa_not_verified');
    expectError(await owing.get('/cart'), 403, 'auth/tfa_not_verified');
    expectError(await owing.post('/user/profile', { firstName: 'Eve' }), 403, 'auth/tfa_not_verified');
    // Its access token cannot be renewed: a password-only session lives no longer than that token.
    const saved = new Map(owing.cookies);
    expectError(await owing.post('/auth/refreshAccessToken'), 403, 'auth/tfa_not_verified');
    const replay = new TestClient(t.app);
    for (const [name, value] of saved) replay.cookies.set(name, value);
    expect((await replay.post('/tfa/requestReset')).status).toBe(200);
    expect((await replay.post('/tfa/verify', { token: code(secret, 1) })).status).toBe(200);
    // Once passed, it refreshes as any session does.
    expect((await replay.post('/auth/refreshAccessToken')).status).toBe(200);
    expect((await replay.delete('/auth/logout')).status).toBe(200);
  });

  it('signs out without a code: the session ends, its refresh token with it', async () => {
    const { user } = await userWithTfa();
    const owing = await signedInClient(t.app, user);
    const saved = new Map(owing.cookies);
    expect((await owing.delete('/auth/logout')).status).toBe(200);
    const replay = new TestClient(t.app);
    for (const [name, value] of saved) replay.cookies.set(name, value);
    expectError(await replay.get('/tfa/is_enabled'), 401, 'auth/invalid_access_token');
    expectError(await replay.post('/auth/refreshAccessToken'), 401, 'auth/invalid_refresh_token');
  });

  it('skipping the set-up is refused once two-factor is on, also for a session that passed it', async () => {
    const { client } = await userWithTfa();
    expectError(await client.post('/tfa/skip_setup'), 409, 'auth/tfa_already_setup');
  });
});

describe('POST /tfa/disable_tfa', () => {
  it('409 auth/tfa_not_enabled when it is off (also with only a set-up pending)', async () => {
    const client = await signedInClient(t.app, await createVerifiedUser(t.app));
    const off = await client.post('/tfa/disable_tfa', { password: PASSWORD, token: '123456' });
    expectError(off, 409, 'auth/tfa_not_enabled');
    const secret = await newSecret(client);
    const pending = await client.post('/tfa/disable_tfa', { password: PASSWORD, token: code(secret) });
    expectError(pending, 409, 'auth/tfa_not_enabled');
  });

  it('needs a right, unused code; then clears everything and logins no longer owe a code', async () => {
    const { user, client, secret } = await userWithTfa();
    for (const token of [wrongCode(secret), code(secret) /* used to enable */]) {
      const refused = await client.post('/tfa/disable_tfa', { password: PASSWORD, token });
      expectError(refused, 400, 'auth/tfa_wrong_code');
    }
    expect((await client.get('/tfa/is_enabled')).body.enabled).toBe(true);

    const ok = await client.post('/tfa/disable_tfa', { password: PASSWORD, token: code(secret, 1) });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ ok: true });
    const row = await userRow(user.id);
    expect([row.tfaSecret, row.tfaPendingSecret, row.tfaEnabledAt, row.tfaLastStep]).toEqual([null, null, null, null]);
    expect((await client.get('/tfa/is_enabled')).body.enabled).toBe(false);
    const login = await new TestClient(t.app).post('/auth/login', { email: user.email, password: user.password });
    expect(login.body).toMatchObject({ tfaEnabled: false, tfaPassed: true });

    // It can be set up again, with a new secret.
    const setup = await client.post('/tfa/setup');
    expect(setup.status).toBe(200);
    expect(keyOf(setup.body.manualKey)).not.toBe(secret);
  });

  it('a session that has not passed the second factor cannot turn it off, even with a code and the password', async () => {
    const { user, secret } = await userWithTfa();
    const fresh = await signedInClient(t.app, user);
    expectError(await fresh.post('/tfa/disable_tfa', { password: PASSWORD, token: code(secret, 1) }), 403, 'auth/tfa_not_verified');
    expect(opened((await userRow(user.id)).tfaSecret)).toBe(secret);
  });

  it('needs the password as well as a code: a stolen unlocked phone or open session is not enough', async () => {
    const { user, client, secret } = await userWithTfa();
    const wrong = await client.post('/tfa/disable_tfa', { password: 'Wrong123!', token: code(secret, 1) });
    expectError(wrong, 400, 'auth/wrong_password');
    expectError(await client.post('/tfa/disable_tfa', { token: code(secret, 1) }), 400, 'general/argument_error');
    expect(opened((await userRow(user.id)).tfaSecret)).toBe(secret);
    // The code was not spent by the refused tries.
    expect((await client.post('/tfa/disable_tfa', { password: PASSWORD, token: code(secret, 1) })).status).toBe(200);
  });

  it("ends the user's other sessions, and keeps the caller's", async () => {
    const { user, client, secret } = await userWithTfa();
    const other = await signedInClient(t.app, user);
    const owing = await signedInClient(t.app, user);
    expect((await other.post('/tfa/verify', { token: code(secret, 1) })).status).toBe(200);
    await t.app.db.update(schema.users).set({ tfaLastStep: null }).where(eq(schema.users.id, user.id));
    expect((await client.post('/tfa/disable_tfa', { password: PASSWORD, token: code(secret) })).status).toBe(200);
    expectError(await other.get('/auth/me'), 401, 'auth/invalid_access_token');
    expectError(await owing.get('/auth/me'), 401, 'auth/invalid_access_token');
    expect((await client.get('/auth/me')).body).toMatchObject({ signedIn: true, tfaEnabled: false });
  });

  it('turning it off and on again: sessions that passed under the old secret must pass again', async () => {
    const { user, client, secret } = await userWithTfa();
    const other = await signedInClient(t.app, user);
    expect((await other.post('/tfa/verify', { token: code(secret, 1) })).status).toBe(200);
    // Disable needs a later step than the last accepted one: set the last step back by hand.
    await t.app.db.update(schema.users).set({ tfaLastStep: null }).where(eq(schema.users.id, user.id));
    expect((await client.post('/tfa/disable_tfa', { password: PASSWORD, token: code(secret) })).status).toBe(200);
    const later = await signedInClient(t.app, user);
    const again = await newSecret(client);
    expect((await client.post('/tfa/verify', { token: code(again) })).status).toBe(200);
    expect((await client.get('/auth/me')).body.tfaPassed).toBe(true);
    // A new second factor ends the sessions signed in without it.
    expectError(await other.get('/auth/me'), 401, 'auth/invalid_access_token');
    expectError(await later.get('/auth/me'), 401, 'auth/invalid_access_token');
  });
});

/** The reset link in the newest mail to `email`, and its token. */
async function resetLink(email: string): Promise<{ url: string; token: string; text: string; subject: string }> {
  const [mail] = await outbox(t.app, email);
  const url = /(https?:\/\/\S+\/two_factor\/reset\?token=\S+)/.exec(mail?.text ?? '')?.[1];
  if (!url || !mail) throw new Error(`no reset link in the outbox for ${email}`);
  return { url, token: new URL(url).searchParams.get('token')!, text: mail.text, subject: mail.subject };
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

describe('POST /tfa/requestReset and /tfa/reset', () => {
  it('409 auth/tfa_not_enabled when it is off', async () => {
    const client = await signedInClient(t.app, await createVerifiedUser(t.app));
    const off = await client.post('/tfa/requestReset');
    expectError(off, 409, 'auth/tfa_not_enabled');
  });

  it('e-mails a single-use link (only its hash stored) that schedules the reset without a session: two-factor stays on', async () => {
    const { user } = await userWithTfa();
    // The user lost the authenticator: signed in with the password only, the code still owed.
    const stuck = await signedInClient(t.app, user);
    const requested = await stuck.post('/tfa/requestReset');
    expect(requested.status).toBe(200);
    expect(requested.body).toEqual({ ok: true });

    const { url, token, text, subject } = await resetLink(user.email);
    expect(url.startsWith(`${t.config.publicWebUrl}/two_factor/reset?token=`)).toBe(true);
    expect(subject).toMatch(/two-factor/i);
    expect(text).toMatch(/expires in \d+ minutes/);
    expect(text).toMatch(/stays on for another 72 hours/);
    // Besides the registration's own sign-in-by-verifying token (decision 0011), one reset token.
    const tokens = await t.app.db.select().from(schema.userTokens).where(eq(schema.userTokens.userId, user.id));
    const resets = tokens.filter((row) => row.purpose !== 'verify_sign_in');
    expect(resets).toHaveLength(1);
    const [stored] = resets;
    expect(stored).toMatchObject({ purpose: 'tfa_reset', tokenHash: sha256(token), usedAt: null });
    expect(JSON.stringify(stored)).not.toContain(token);
    const ttlMs = stored!.expiresAt.getTime() - stored!.createdAt.getTime();
    expect(Math.round(ttlMs / 60_000)).toBe(t.config.tfaResetTtlMinutes);

    // Opened on another device: no cookies but the anti-forgery pair.
    const elsewhere = new TestClient(t.app);
    const reset = await elsewhere.post('/tfa/reset', { resetTfaToken: token });
    expect(reset.status).toBe(200);
    // Scheduled, not done (decision 0021): two-factor stays on for the waiting time.
    const effectiveAt = new Date(t.clock.now().getTime() + 72 * 3_600_000).toISOString();
    expect(reset.body).toEqual({ ok: true, effectiveAt });
    expect((await userRow(user.id)).tfaSecret).not.toBeNull();
    expect((await stuck.get('/tfa/is_enabled')).body).toMatchObject({ enabled: true, pendingReset: { effectiveAt } });
    expect((await stuck.get('/auth/me')).body).toMatchObject({ tfaEnabled: true, tfaPassed: false });

    const twice = await elsewhere.post('/tfa/reset', { resetTfaToken: token });
    expectError(twice, 400, 'auth/tfa_reset_token_invalid');
  });

  it('a new request ends the older link', async () => {
    const { user, client } = await userWithTfa();
    expect((await client.post('/tfa/requestReset')).status).toBe(200);
    const first = (await resetLink(user.email)).token;
    expect((await client.post('/tfa/requestReset')).status).toBe(200);
    const second = (await resetLink(user.email)).token;
    expect(second).not.toBe(first);
    const old = await new TestClient(t.app).post('/tfa/reset', { resetTfaToken: first });
    expectError(old, 400, 'auth/tfa_reset_token_invalid');
    expect((await new TestClient(t.app).post('/tfa/reset', { resetTfaToken: second })).status).toBe(200);
  });

  it('an expired, unknown or empty token is 400 auth/tfa_reset_token_invalid', async () => {
    const { user, client } = await userWithTfa();
    expect((await client.post('/tfa/requestReset')).status).toBe(200);
    const { token } = await resetLink(user.email);
    await t.app.db
      .update(schema.userTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(schema.userTokens.tokenHash, sha256(token)));
    const visitor = new TestClient(t.app);
    for (const resetTfaToken of [token, 'no-such-token', '']) {
      const answer = await visitor.post('/tfa/reset', { resetTfaToken });
      expectError(answer, 400, 'auth/tfa_reset_token_invalid');
    }
    expect((await client.get('/tfa/is_enabled')).body.enabled).toBe(true);
  });

  it('a password-reset token of the same user is no two-factor reset token', async () => {
    const { user, client } = await userWithTfa();
    const token = 'a-password-reset-token';
    await t.app.db.insert(schema.userTokens).values({
      userId: user.id,
      purpose: 'password_reset',
      tokenHash: sha256(token),
      expiresAt: sql`now() + interval '1 hour'`,
    });
    expect((await new TestClient(t.app).post('/tfa/reset', { resetTfaToken: token })).status).toBe(400);
    expect((await client.get('/tfa/is_enabled')).body.enabled).toBe(true);
  });
});

describe('nothing secret in the answers', () => {
  /** A client that keeps every answer body. */
  class RecordingClient extends TestClient {
    readonly answers: Array<{ url: string; body: string }> = [];
    override async request<T = any>(
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      body?: unknown,
      headers?: Record<string, string>,
    ) {
      const answer = await super.request<T>(method, url, body, headers);
      this.answers.push({ url, body: answer.response.body });
      return answer;
    }
  }

  it('no TOTP secret (outside /tfa/setup), password hash, token or token hash in any /tfa answer', async () => {
    const user = await createVerifiedUser(t.app);
    const client = new RecordingClient(t.app);
    expect((await client.post('/auth/login', { email: user.email, password: user.password })).status).toBe(200);
    const secrets = new Set<string>();

    await client.post('/tfa/skip_setup');
    await client.get('/tfa/is_enabled');
    await client.post('/tfa/verify', { token: '000000' });
    const first = await newSecret(client);
    const secret = await newSecret(client);
    secrets.add(first).add(secret);
    await client.post('/tfa/verify', { token: wrongCode(secret) });
    await client.post('/tfa/verify', { token: code(secret) });
    await client.post('/tfa/setup');
    await client.get('/tfa/is_enabled');
    await client.post('/tfa/verify', { token: code(secret) });
    await client.post('/tfa/disable_tfa', { password: PASSWORD, token: wrongCode(secret) });
    await client.post('/tfa/requestReset');
    const { token } = await resetLink(user.email);
    secrets.add(token);
    await client.post('/tfa/reset', { resetTfaToken: 'nope' });
    await client.post('/tfa/reset', { resetTfaToken: token });
    await client.post('/tfa/reset', { resetTfaToken: token });
    // The reset takes effect after the waiting time, and ends every session: sign in again.
    t.clock.advance(72 * 3600);
    await completeDueTfaResets({ db: t.app.db, mailer: t.app.mailer, log: t.app.log }, t.clock.now());
    expect((await client.post('/auth/login', { email: user.email, password: user.password })).status).toBe(200);
    await client.post('/tfa/setup'); // a third secret, pending
    const third = opened((await userRow(user.id)).tfaPendingSecret)!;
    secrets.add(third);
    await client.post('/tfa/verify', { token: code(third) });
    await client.post('/tfa/disable_tfa', { password: PASSWORD, token: code(third, 1) });
    await client.get('/tfa/is_enabled');

    const row = await userRow(user.id);
    secrets.add(row.passwordHash);
    for (const r of await t.app.db.select().from(schema.userTokens).where(eq(schema.userTokens.userId, user.id))) {
      secrets.add(r.tokenHash);
    }
    const refresh = await t.app.db
      .select({ hash: schema.refreshTokens.tokenHash })
      .from(schema.refreshTokens)
      .innerJoin(schema.authSessions, eq(schema.authSessions.id, schema.refreshTokens.sessionId))
      .where(eq(schema.authSessions.userId, user.id));
    for (const r of refresh) secrets.add(r.hash);

    const tfaAnswers = client.answers.filter((a) => a.url.startsWith('/tfa/'));
    expect(tfaAnswers.length).toBeGreaterThan(15);
    for (const answer of tfaAnswers) {
      for (const value of secrets) {
        // /tfa/setup hands out its own new secret, once, and nothing else.
        if (answer.url === '/tfa/setup' && answer.body.includes(value)) {
          expect([first, secret, third]).toContain(value);
          continue;
        }
        expect(answer.body.includes(value), `${answer.url} leaks a secret`).toBe(false);
        expect(answer.body.toLowerCase().includes(value.toLowerCase())).toBe(false);
      }
      expect(answer.body).not.toMatch(/password_?hash|tfa_?secret|token_?hash|pending_?secret|last_?step/i);
    }
    // Each setup answer holds exactly one secret: its own.
    const setups = tfaAnswers.filter((a) => a.url === '/tfa/setup' && a.body.includes('otpauthUri'));
    expect(setups.map((a) => [first, secret, third].filter((s) => a.body.includes(s)).length)).toEqual([1, 1, 1]);
  });
});

describe('rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      clock: t.clock, // codes are computed on t's clock
      seed: false,
      env: { ...LIFTED_LIMITS, RATE_LIMIT_TFA: '3/300', RATE_LIMIT_TFA_RESET: '2/3600' },
    });
  });
  afterAll(() => limited?.close());

  const expectLimited = (answer: { status: number; body: any; headers: Record<string, unknown> }) => {
    expectError(answer, 429, 'general/rate_limited');
    expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  };

  it('codes: a few tries per client address over /tfa/verify and /tfa/disable_tfa together, then 429 even for a right code', async () => {
    // Wrong codes also count per account (tfa-recovery.test.ts); this window bounds one address trying many accounts.
    const user = await createVerifiedUser(limited.app);
    const client = await signedInClient(limited.app, user);
    const secret = await newSecret(client);
    expect((await client.post('/tfa/verify', { token: wrongCode(secret) })).status).toBe(400);
    expect((await client.post('/tfa/verify', { token: code(secret) })).status).toBe(200);
    expect((await client.post('/tfa/disable_tfa', { password: PASSWORD, token: wrongCode(secret) })).status).toBe(400);
    expectLimited(await client.post('/tfa/disable_tfa', { password: PASSWORD, token: code(secret, 1) }));
    expectLimited(await client.post('/tfa/verify', { token: code(secret, 1) }));
    expect((await client.get('/tfa/is_enabled')).body.enabled).toBe(true);

    // Another account from the same address is counted in the same window.
    const other = await signedInClient(limited.app, await createVerifiedUser(limited.app));
    const otherSecret = await newSecret(other);
    expectLimited(await other.post('/tfa/verify', { token: code(otherSecret) }));
  });

  it('reset mails: a few per user, then 429', async () => {
    t.clock.advance(300); // a new window for the codes of the set-up below
    const { user, client } = await userWithTfa(limited.app);
    expect((await client.post('/tfa/requestReset')).status).toBe(200);
    expect((await client.post('/tfa/requestReset')).status).toBe(200);
    expectLimited(await client.post('/tfa/requestReset'));
    // Verification code, "two-factor is on", and two reset links.
    expect(await outbox(limited.app, user.email)).toHaveLength(4);
  });
});

describe('OpenAPI', () => {
  it('documents every /tfa route', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const paths = ['/tfa/setup', '/tfa/verify', '/tfa/skip_setup', '/tfa/disable_tfa', '/tfa/requestReset', '/tfa/reset'];
    for (const path of [...paths, '/tfa/cancel_reset', '/tfa/recovery_codes']) {
      expect(doc.paths[path]?.post, path).toBeDefined();
    }
    expect(doc.paths['/tfa/is_enabled']?.get).toBeDefined();
    expect(doc.components.schemas.TfaSetupResponse).toBeDefined();
  });
});
