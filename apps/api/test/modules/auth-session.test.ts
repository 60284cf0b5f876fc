import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, queryRows, schema, sql } from '@kedai/db';
import { LIFTED_LIMITS, PASSWORD, createVerifiedUser, newEmail, registration, signedInClient, type TestUser } from '../accounts';
import { TestClient } from '../client';
import { sha256 } from '../../src/platform/secure-tokens';
import { XSRF_PAIR, createTestApp, expectEnvelope, expectError, post, race, type TestApp } from '../helpers';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { ...LIFTED_LIMITS, REFRESH_REUSE_GRACE_SECONDS: '0' } });
  user = await createVerifiedUser(t.app);
});
afterAll(() => t?.close());

function setCookieHeaders(headers: Record<string, unknown>): string[] {
  return [headers['set-cookie']].flat().filter(Boolean).map(String);
}

describe('POST /auth/login', () => {
  it('signs in: httpOnly session cookies and the session state', async () => {
    const client = new TestClient(t.app);
    const { status, body, headers } = await client.post('/auth/login', { email: user.email.toUpperCase(), password: PASSWORD });
    expect(status).toBe(200);
    expect(body).toMatchObject({ signedIn: true, tfaPassed: true, tfaEnabled: false, profile: { id: user.id, email: user.email } });
    const cookies = setCookieHeaders(headers);
    for (const name of ['kedai_at', 'kedai_rt']) {
      const cookie = cookies.find((c) => c.startsWith(`${name}=`))!;
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
    }
    // Without "remember me" the refresh cookie ends with the browser session.
    expect(cookies.find((c) => c.startsWith('kedai_rt='))).not.toMatch(/Max-Age|Expires/i);
    expect((await client.get('/auth/me')).body).toMatchObject({ signedIn: true, profile: { email: user.email } });
  });

  it('over plain http (no COOKIE_SECURE) keeps the plain names, without Secure', async () => {
    const client = new TestClient(t.app);
    const ping = setCookieHeaders((await client.get('/ping')).headers);
    const login = setCookieHeaders((await client.post('/auth/login', { email: user.email, password: PASSWORD })).headers);
    expect([...ping, ...login].map((c) => c.split('=')[0]).sort()).toEqual(['XSRF-TOKEN', 'kedai_at', 'kedai_rt']);
    for (const cookie of [...ping, ...login]) expect(cookie).not.toMatch(/Secure/i);
  });

  it('with rememberme the refresh cookie outlives the browser session', async () => {
    const client = new TestClient(t.app);
    const { headers } = await client.post('/auth/login', { email: user.email, password: PASSWORD, rememberme: true });
    const refresh = setCookieHeaders(headers).find((c) => c.startsWith('kedai_rt='))!;
    expect(refresh).toMatch(new RegExp(`Max-Age=${30 * 86_400}`));
  });

  it('answers any wrong pair the same way, and never says which part was wrong', async () => {
    const wrongPassword = await post(t.app, '/auth/login', { email: user.email, password: 'Wrong123!' });
    const unknownEmail = await post(t.app, '/auth/login', { email: newEmail('nobody'), password: PASSWORD });
    const malformed = await post(t.app, '/auth/login', { email: 'not-an-email', password: PASSWORD });
    for (const answer of [wrongPassword, unknownEmail, malformed]) {
      expectError(answer, 400, 'auth/wrong_email_or_password');
      expect(answer.body.error).toBe('your email and/or password is incorrect, please try again');
      expect(setCookieHeaders(answer.headers).some((c) => c.startsWith('kedai_at='))).toBe(false);
    }
    expect(wrongPassword.body).toEqual(unknownEmail.body);
  });

  it('takes similar time for known and unknown e-mails (both verify an argon2id hash)', async () => {
    const time = async (email: string) => {
      const start = process.hrtime.bigint();
      await post(t.app, '/auth/login', { email, password: 'Wrong123!' });
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 7; i++) {
      known.push(await time(user.email));
      unknown.push(await time(newEmail('nobody')));
    }
    // Without the decoy hash an unknown e-mail answers in ~1 ms against tens of ms: a ratio far outside this band.
    const ratio = median(unknown) / median(known);
    expect(ratio).toBeGreaterThan(0.25);
    expect(ratio).toBeLessThan(4);
  });

  it('tells an unverified user to verify, only with the right password', async () => {
    const body = registration();
    expect((await post(t.app, '/auth/register', body)).status).toBe(201);
    const right = await post(t.app, '/auth/login', { email: body.email, password: body.password });
    expectError(right, 403, 'auth/unverified_email');
    expect(right.body.error).toBe('check your email for verification instructions');
    const wrong = await post(t.app, '/auth/login', { email: body.email, password: 'Wrong123!' });
    expectEnvelope(wrong.body, 'auth/wrong_email_or_password');
  });

  it('refuses a blacklisted account with the contact address, and ends its sessions', async () => {
    const banned = await createVerifiedUser(t.app);
    const client = await signedInClient(t.app, banned);
    await t.handle.db
      .update(schema.users)
      .set({ blacklistedAt: sql`now()` })
      .where(eq(schema.users.id, banned.id));

    const login = await post(t.app, '/auth/login', { email: banned.email, password: banned.password });
    expectError(login, 403, 'auth/account_blacklisted');
    expect(login.body.params).toEqual(['hello@kedai.example']);
    expect(login.body.error).toContain('hello@kedai.example');

    const me = await client.get('/auth/me');
    expectError(me, 403, 'auth/account_blacklisted');
    const refresh = await client.post('/auth/refreshAccessToken');
    expect(refresh.status).toBe(401);
  });

  it('ignores unknown body fields and refuses a body of the wrong shape', async () => {
    const answer = await post(t.app, '/auth/login', { email: user.email, password: PASSWORD, role: 'admin' });
    expect(answer.status).toBe(200);
    const bad = await post(t.app, '/auth/login', { email: user.email });
    expectError(bad, 400, 'general/argument_error');
  });
});

describe('GET /auth/me', () => {
  it('answers signedIn false to a visitor', async () => {
    const { status, body } = await new TestClient(t.app).get('/auth/me');
    expect(status).toBe(200);
    expect(body).toEqual({ profile: null, signedIn: false, tfaPassed: false, tfaEnabled: false, tfaSetupSkipped: false });
  });

  it('answers 401 auth/invalid_access_token to a forged or expired access token, so the client refreshes', async () => {
    const client = await signedInClient(t.app, user);
    const real = client.cookies.get('kedai_at')!;
    const [header, payload] = real.split('.');
    client.cookies.set('kedai_at', `${header}.${payload}.forged-signature`);
    const forged = await client.get('/auth/me');
    expectError(forged, 401, 'auth/invalid_access_token');

    // The access cookie gone (the browser drops it at Max-Age) but the refresh cookie kept: 401 too.
    client.cookies.delete('kedai_at');
    expect((await client.get('/auth/me')).status).toBe(401);
    expect((await client.post('/auth/refreshAccessToken')).status).toBe(200);
    expect((await client.get('/auth/me')).body.signedIn).toBe(true);
  });

  it('answers 401, not 500, to a token signed with the real key whose ids are no uuids', async () => {
    const forge = (claims: { sub: string; sid: string }) =>
      new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(t.app.accessTokenKey);
    for (const claims of [
      { sub: user.id, sid: 'not-a-uuid' },
      { sub: 'admin', sid: '00000000-0000-4000-8000-000000000000' },
      { sub: user.id, sid: "x' or 1=1 --" },
    ]) {
      const client = new TestClient(t.app);
      client.cookies.set('kedai_at', await forge(claims));
      expectError(await client.get('/auth/me'), 401, 'auth/invalid_access_token');
      expectError(await client.get('/cart'), 401, 'auth/invalid_access_token');
    }
  });

  it('never holds a secret', async () => {
    const client = await signedInClient(t.app, user);
    const text = JSON.stringify((await client.get('/auth/me')).body);
    expect(text).not.toMatch(/argon2|passwordHash|password_hash|tfaSecret|token/i);
  });
});

describe('POST /auth/refreshAccessToken', () => {
  it('rotates: the new pair works, and the old refresh token works no more', async () => {
    const client = await signedInClient(t.app, user);
    const firstRefresh = client.cookies.get('kedai_rt')!;
    const firstAccess = client.cookies.get('kedai_at')!;
    const { status, body } = await client.post('/auth/refreshAccessToken');
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true });
    expect(client.cookies.get('kedai_rt')).not.toBe(firstRefresh);
    expect(client.cookies.get('kedai_at')).not.toBe(firstAccess);
    expect((await client.get('/auth/me')).body.signedIn).toBe(true);
  });

  it('reuse of a rotated token revokes the whole family: thief and owner are both signed out', async () => {
    const owner = await signedInClient(t.app, user);
    const stolen = owner.cookies.get('kedai_rt')!;
    expect((await owner.post('/auth/refreshAccessToken')).status).toBe(200);

    const thief = new TestClient(t.app);
    thief.cookies.set('kedai_rt', stolen);
    const reuse = await thief.post('/auth/refreshAccessToken');
    expectError(reuse, 401, 'auth/invalid_refresh_token');

    // The owner's current tokens belong to the revoked family too.
    const me = await owner.get('/auth/me');
    expect(me.status).toBe(401);
    const ownerRefresh = await owner.post('/auth/refreshAccessToken');
    expectError(ownerRefresh, 401, 'auth/invalid_refresh_token');
  });

  it('refuses a missing or unknown refresh token and clears the cookies', async () => {
    const none = await new TestClient(t.app).post('/auth/refreshAccessToken');
    expectError(none, 401, 'auth/invalid_refresh_token');
    const client = new TestClient(t.app);
    client.cookies.set('kedai_rt', 'made-up');
    client.cookies.set('kedai_at', 'made-up');
    expect((await client.post('/auth/refreshAccessToken')).status).toBe(401);
    expect(client.cookies.has('kedai_rt')).toBe(false);
    expect(client.cookies.has('kedai_at')).toBe(false);
  });

  it('refuses an expired session', async () => {
    const client = await signedInClient(t.app, user);
    await t.handle.db
      .update(schema.authSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(schema.authSessions.userId, user.id));
    expect((await client.get('/auth/me')).status).toBe(401);
    expect((await client.post('/auth/refreshAccessToken')).status).toBe(401);
    // The refused refresh cleared the cookies: the browser is a visitor again.
    expect((await client.get('/auth/me')).body.signedIn).toBe(false);
  });
});

describe('refresh reuse grace', () => {
  let g: TestApp;
  beforeAll(async () => {
    g = await createTestApp({ seed: false, env: { ...LIFTED_LIMITS, REFRESH_REUSE_GRACE_SECONDS: '30' } });
  });
  afterAll(() => g?.close());

  /** A client holding only this refresh token, as a tab (or a thief) that copied it. */
  function holding(refreshToken: string): TestClient {
    const client = new TestClient(g.app);
    client.cookies.set('kedai_rt', refreshToken);
    return client;
  }
  const refresh = (token: string) => holding(token).post('/auth/refreshAccessToken');
  type Answer = Awaited<ReturnType<typeof refresh>>;
  const newRefreshToken = (answer: { headers: Record<string, unknown> }) =>
    /kedai_rt=([^;]+)/.exec([answer.headers['set-cookie']].flat().join('\n'))?.[1];
  /** Moves every rotation of the user's tokens `seconds` into the past (time passing, without waiting). */
  const age = (userId: string, seconds: number) =>
    g.handle.db.execute(sql`UPDATE refresh_tokens SET rotated_at = rotated_at - make_interval(secs => ${seconds}::int)
      WHERE rotated_at IS NOT NULL AND session_id IN (SELECT id FROM auth_sessions WHERE user_id = ${userId})`);

  /** A refresh answered 200 with a new pair: answers the new refresh token. */
  function expectRefreshed(answer: Answer): string {
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ ok: true });
    const token = newRefreshToken(answer);
    expect(token).toBeDefined();
    return token!;
  }
  /** Each answer of a race is either a new pair (200) or the one refusal: 401 auth/invalid_refresh_token; never a 500. */
  function expectRefreshedOrRefused(answer: Answer): string | undefined {
    if (answer.status === 200) return expectRefreshed(answer);
    expectError(answer, 401, 'auth/invalid_refresh_token');
    return undefined;
  }

  /**
   * The user's one session as the database has it: why it was revoked (null while it lives), how many
   * refresh tokens it holds, and its tokens not yet rotated — each one the head of a chain that can go
   * on (named by the handed-out token whose hash it is). Rotation marks one token and inserts one,
   * and a twin within the grace inserts none, so a session always has exactly one unrotated token:
   * more would be a second chain, whatever answers a refresh of a stale token gives now.
   */
  async function familyOf(userId: string, handedOut: Iterable<string>) {
    const rows = await queryRows<{ session_id: string; revoked_reason: string | null; token_hash: string; rotated: boolean }>(
      g.handle.db,
      sql`SELECT s.id AS session_id, s.revoked_reason, r.token_hash, r.rotated_at IS NOT NULL AS rotated
          FROM refresh_tokens r JOIN auth_sessions s ON s.id = r.session_id
          WHERE s.user_id = ${userId} ORDER BY r.created_at`,
    );
    expect(new Set(rows.map((r) => r.session_id)).size, 'one session').toBe(1);
    const byHash = new Map([...handedOut].map((token) => [sha256(token), token]));
    return {
      revokedReason: rows[0]!.revoked_reason,
      tokens: rows.length,
      unrotated: rows.filter((r) => !r.rotated).map((r) => byHash.get(r.token_hash) ?? `a token never handed out (${r.token_hash})`),
    };
  }

  race('two tabs refreshing with the same token at once both stay signed in, on one chain', async () => {
    const someone = await createVerifiedUser(g.app);
    const tabA = await signedInClient(g.app, someone);
    const t0 = tabA.cookies.get('kedai_rt')!;
    const tabB = new TestClient(g.app);
    for (const [name, value] of tabA.cookies) tabB.cookies.set(name, value);
    const [a, b] = await Promise.all([tabA.post('/auth/refreshAccessToken'), tabB.post('/auth/refreshAccessToken')]);
    // Both answers: a new pair, and the same refresh token in both.
    const t1 = expectRefreshed(a);
    expect(expectRefreshed(b)).toBe(t1);
    expect(t1).not.toBe(t0);
    expect((await tabA.get('/auth/me')).body.signedIn).toBe(true);
    expect((await tabB.get('/auth/me')).body.signedIn).toBe(true);
    expect(await familyOf(someone.id, [t0, t1])).toEqual({ revokedReason: null, tokens: 2, unrotated: [t1] });
  });

  race('answers 30 parallel refreshes with one token with one successor, not 30 chains', async () => {
    const someone = await createVerifiedUser(g.app);
    const first = (await signedInClient(g.app, someone)).cookies.get('kedai_rt')!;
    const answers = await Promise.all(Array.from({ length: 30 }, () => refresh(first)));
    const successors = new Set(answers.map(expectRefreshed));
    expect(successors.size).toBe(1);
    const [successor] = [...successors] as [string];
    expect(successor).not.toBe(first);
    expect(await familyOf(someone.id, [first, successor])).toEqual({ revokedReason: null, tokens: 2, unrotated: [successor] });
  });

  it('keeps at most one chain alive: every token refreshed again over time, only the newest goes on', async () => {
    const someone = await createVerifiedUser(g.app);
    const t0 = (await signedInClient(g.app, someone)).cookies.get('kedai_rt')!;
    const t1 = newRefreshToken(await refresh(t0))!;
    // Within the grace the twin of t0 gets t1 again, and t1 goes on to t2.
    expect(newRefreshToken(await refresh(t0))).toBe(t1);
    expect(await familyOf(someone.id, [t0, t1])).toEqual({ revokedReason: null, tokens: 2, unrotated: [t1] });
    await age(someone.id, 5);
    const t2 = newRefreshToken(await refresh(t1))!;
    expect(t2).not.toBe(t1);
    // t0's successor t1 is no longer the newest: t0 is a replay even within the grace, and it ends the family.
    expectError(await refresh(t0), 401, 'auth/invalid_refresh_token');
    expect(await familyOf(someone.id, [t0, t1, t2])).toEqual({ revokedReason: 'refresh_token_reuse', tokens: 3, unrotated: [t2] });
    expectError(await refresh(t2), 401, 'auth/invalid_refresh_token');
    expectError(await refresh(t1), 401, 'auth/invalid_refresh_token');
  });

  it('revokes the family when a rotated token comes back after the grace', async () => {
    const someone = await createVerifiedUser(g.app);
    const owner = await signedInClient(g.app, someone);
    const t0 = owner.cookies.get('kedai_rt')!;
    expect((await owner.post('/auth/refreshAccessToken')).status).toBe(200);
    await age(someone.id, 31);
    expectError(await refresh(t0), 401, 'auth/invalid_refresh_token');
    // The owner, holding the newest pair, is signed out too: the thief's copy killed the session.
    expectError(await owner.get('/auth/me'), 401, 'auth/invalid_access_token');
    expectError(await owner.post('/auth/refreshAccessToken'), 401, 'auth/invalid_refresh_token');
  });

  race('answers a late twin and the newest token refreshed at the same moment without a server error, leaving one chain', async () => {
    // The twin of t0 (within its grace) and t1 lock the same rows: they must not deadlock (500).
    for (let round = 0; round < 5; round++) {
      const someone = await createVerifiedUser(g.app);
      const t0 = (await signedInClient(g.app, someone)).cookies.get('kedai_rt')!;
      const t1 = expectRefreshed(await refresh(t0));
      const presented = Array.from({ length: 16 }, (_, i) => (i % 2 ? t0 : t1));
      const answers = await Promise.all(presented.map(refresh));
      const given = answers.map(expectRefreshedOrRefused);
      // The refreshes of one session run one after another (its row is locked): a twin of t0 before
      // t1 is rotated gets t1 again; t1 gets its one successor t2, and so do its own twins; a twin of
      // t0 after that is a replay and ends the session, and every refresh after that is refused.
      const fromT0 = new Set(given.filter((token, i) => token && presented[i] === t0));
      const fromT1 = new Set(given.filter((token, i) => token && presented[i] === t1));
      expect(
        [...fromT0].every((token) => token === t1),
        `round ${round}: t0 answered only with t1`,
      ).toBe(true);
      expect(fromT1.size, `round ${round}: t1 has one successor`).toBeLessThanOrEqual(1);
      const [t2] = [...fromT1];
      expect(t2).not.toBe(t1);
      const refused = given.some((token) => token === undefined);
      const family = await familyOf(someone.id, [t0, t1, ...(t2 ? [t2] : [])]);
      // Exactly one chain, its head the newest token handed out; the session ended exactly when a refresh was refused.
      expect(family, `round ${round}`).toEqual({
        revokedReason: refused ? 'refresh_token_reuse' : null,
        tokens: t2 ? 3 : 2,
        unrotated: [t2 ?? t1],
      });
      if (!refused) expectRefreshed(await refresh(t2 ?? t1));
    }
  });

  race('lets many parallel refreshes of each returned token over time leave exactly one chain', async () => {
    const someone = await createVerifiedUser(g.app);
    const t0 = (await signedInClient(g.app, someone)).cookies.get('kedai_rt')!;
    const seen = [t0];
    let refusedOnce = false;
    for (let round = 0; round < 4; round++) {
      // Every token handed out so far is presented again, ten times each, all at once.
      const presented = seen.flatMap((token) => Array.from({ length: 10 }, () => token));
      const answers = await Promise.all(presented.map(refresh));
      const given = answers.map(expectRefreshedOrRefused);
      // Once the session has ended, every refresh is refused.
      if (refusedOnce) expect(given.every((token) => token === undefined)).toBe(true);
      for (const token of given) if (token && !seen.includes(token)) seen.push(token);
      refusedOnce ||= given.includes(undefined);
      // Whatever the order, the rows hold one chain, its head the newest token handed out; the
      // session ended exactly when a refresh was refused.
      expect(await familyOf(someone.id, seen), `round ${round}`).toEqual({
        revokedReason: refusedOnce ? 'refresh_token_reuse' : null,
        tokens: seen.length,
        unrotated: [seen.at(-1)],
      });
      // One successor per token, whoever presented it.
      for (const token of new Set(presented)) {
        expect(new Set(given.filter((other, i) => other && presented[i] === token)).size).toBeLessThanOrEqual(1);
      }
      // The first round is ten twins of one token within the grace: all get its one successor.
      if (round === 0) expect(given.every((token) => token === given[0])).toBe(true);
      await age(someone.id, 3);
    }
    // A live session goes on from its head (and only there, by the rows above).
    if (!refusedOnce) expectRefreshed(await refresh(seen.at(-1)!));
  });
});

describe('DELETE /auth/logout', () => {
  it('makes both cookies useless, even when replayed', async () => {
    const client = await signedInClient(t.app, user);
    const saved = new Map(client.cookies);
    const { status, body } = await client.delete('/auth/logout');
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true });
    expect(client.cookies.has('kedai_at')).toBe(false);
    expect(client.cookies.has('kedai_rt')).toBe(false);

    const replay = new TestClient(t.app);
    for (const [name, value] of saved) replay.cookies.set(name, value);
    const me = await replay.get('/auth/me');
    expectError(me, 401, 'auth/invalid_access_token');
    const refresh = await replay.post('/auth/refreshAccessToken');
    expectError(refresh, 401, 'auth/invalid_refresh_token');
  });

  it('revokes by the refresh cookie when the access token has expired', async () => {
    const client = await signedInClient(t.app, user);
    const refresh = client.cookies.get('kedai_rt')!;
    client.cookies.delete('kedai_at');
    expect((await client.delete('/auth/logout')).status).toBe(200);
    const replay = new TestClient(t.app);
    replay.cookies.set('kedai_rt', refresh);
    expect((await replay.post('/auth/refreshAccessToken')).status).toBe(401);
  });

  it('is ok without a session, and other sessions of the user live on', async () => {
    expect((await new TestClient(t.app).delete('/auth/logout')).status).toBe(200);
    const phone = await signedInClient(t.app, user);
    const laptop = await signedInClient(t.app, user);
    await phone.delete('/auth/logout');
    expect((await laptop.get('/auth/me')).body.signedIn).toBe(true);
  });
});

describe('anti-forgery (double submit)', () => {
  it('sets a readable XSRF-TOKEN cookie on an answer to a request without one', async () => {
    const client = new TestClient(t.app);
    const { headers } = await client.get('/ping');
    const cookie = setCookieHeaders(headers).find((c) => c.startsWith('XSRF-TOKEN='))!;
    expect(cookie).toBeDefined();
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(client.cookies.get('XSRF-TOKEN')!.length).toBeGreaterThanOrEqual(32);
    // Not set again while the browser has one.
    expect(setCookieHeaders((await client.get('/ping')).headers).some((c) => c.startsWith('XSRF-TOKEN='))).toBe(false);
  });

  it('refuses a state-changing call with a missing or wrong header: 403 auth/invalid_xsrf_token', async () => {
    const client = new TestClient(t.app);
    await client.get('/ping');
    client.xsrf = false;
    const missing = await client.post('/auth/login', { email: user.email, password: PASSWORD });
    expectError(missing, 403, 'auth/invalid_xsrf_token');
    const wrong = await client.post('/auth/login', { email: user.email, password: PASSWORD }, { 'x-xsrf-token': 'guess' });
    expectError(wrong, 403, 'auth/invalid_xsrf_token');
    // A header without the cookie (another site cannot read ours) is refused as well.
    const headerOnly = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: user.email, password: PASSWORD },
      headers: { 'x-xsrf-token': 'anything' },
    });
    expect(headerOnly.statusCode).toBe(403);
    // Nothing happened: no session was started.
    expect(setCookieHeaders(missing.headers).some((c) => c.startsWith('kedai_at='))).toBe(false);
  });

  it('guards logout and refresh too, so another site cannot sign a shopper out', async () => {
    const client = await signedInClient(t.app, user);
    client.xsrf = false;
    expect((await client.delete('/auth/logout')).status).toBe(403);
    expect((await client.post('/auth/refreshAccessToken')).status).toBe(403);
    client.xsrf = true;
    expect((await client.get('/auth/me')).body.signedIn).toBe(true);
  });
});

describe('CORS', () => {
  it('allows only the configured web origins, with credentials', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/auth/login',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-xsrf-token' },
      });
    const allowed = await preflight('http://localhost:3000');
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    expect(String(allowed.headers['access-control-allow-headers'])).toMatch(/x-xsrf-token/i);
    const other = await preflight('https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('login rate limits', () => {
  let r: TestApp;
  beforeAll(async () => {
    r = await createTestApp({ seed: false, env: { ...LIFTED_LIMITS, RATE_LIMIT_LOGIN: '5/900', RATE_LIMIT_LOGIN_ACCOUNT: '3/900' } });
  });
  afterAll(() => r?.close());

  const login = (email: string, remoteAddress: string, password = 'Wrong123!') =>
    r.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password }, remoteAddress, headers: XSRF_PAIR });
  const expectLimited = (answer: Awaited<ReturnType<typeof login>>) => {
    expect(answer.statusCode, answer.body).toBe(429);
    expectEnvelope(answer.json(), 'general/rate_limited');
    expect(answer.headers['retry-after']).toBe('900');
    expect(answer.json().params).toEqual([900]);
  };

  it('per account: the 4th try at one e-mail from any address answers 429', async () => {
    const target = newEmail('target');
    for (let i = 0; i < 3; i++) expect((await login(target, `198.51.100.${i + 1}`)).statusCode).toBe(400);
    const refused = await login(target.toUpperCase(), '198.51.100.9');
    expect(refused.statusCode).toBe(429);
    expectEnvelope(refused.json(), 'general/rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('per client address: the 6th try from one address answers 429 whatever the e-mail', async () => {
    for (let i = 0; i < 5; i++) expect((await login(newEmail('spray'), '203.0.113.77')).statusCode).toBe(400);
    const refused = await login(newEmail('spray'), '203.0.113.77');
    expect(refused.statusCode).toBe(429);
    expectEnvelope(refused.json(), 'general/rate_limited');
    expect((await login(newEmail('spray'), '203.0.113.78')).statusCode).toBe(400);
    // Not even the right password gets past the per-address limit.
    const owner = await createVerifiedUser(r.app);
    expectLimited(await login(owner.email, '203.0.113.77', owner.password));
  });

  it('an attacker who burns the account limit cannot lock the owner out: the right password from a clean address signs in', async () => {
    const owner = await createVerifiedUser(r.app);
    const attacker = '192.0.2.66';
    for (let i = 0; i < 3; i++) expect((await login(owner.email, attacker)).statusCode).toBe(400);
    expectLimited(await login(owner.email, attacker));
    // The owner, from an address that has not been failing, still gets in, and again later.
    for (const attempt of [1, 2]) {
      const signedIn = await login(owner.email, '192.0.2.10', owner.password);
      expect(signedIn.statusCode, `attempt ${attempt}: ${signedIn.body}`).toBe(200);
      expect(signedIn.json()).toMatchObject({ signedIn: true, profile: { email: owner.email } });
      expect(signedIn.cookies.map((c) => c.name)).toContain('kedai_at');
    }
    // The attacker's address is refused even with the right password, and sets no cookie.
    const refused = await login(owner.email, attacker, owner.password);
    expectLimited(refused);
    expect(refused.cookies).toEqual([]);
  });

  it('past the account limit a clean address gets one wrong try; then it is a failing address, refused even with the right password', async () => {
    const owner = await createVerifiedUser(r.app);
    for (let i = 0; i < 3; i++) expect((await login(owner.email, `192.0.2.${100 + i}`)).statusCode).toBe(400);
    const guesser = '192.0.2.120';
    expectLimited(await login(owner.email, guesser));
    expectLimited(await login(owner.email, guesser, owner.password));
    // An address that failed at another account is failing too.
    const sprayer = '192.0.2.121';
    expect((await login(newEmail('other'), sprayer)).statusCode).toBe(400);
    expectLimited(await login(owner.email, sprayer, owner.password));
    // Parallel guesses from one clean address: each is refused, and the address is failing after them.
    const burst = '192.0.2.122';
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => login(owner.email, burst, `Guess${i}abc!`)));
    answers.forEach(expectLimited);
    expectLimited(await login(owner.email, burst, owner.password));
    // The limit is per window: at the next one, every address is heard again.
    r.clock.advance(900);
    expect((await login(owner.email, guesser, owner.password)).statusCode).toBe(200);
  });
});

describe('cookies on HTTPS (COOKIE_SECURE=true)', () => {
  let h: TestApp;
  let someone: TestUser;
  beforeAll(async () => {
    h = await createTestApp({ seed: false, env: { ...LIFTED_LIMITS, COOKIE_SECURE: 'true' } });
    someone = await createVerifiedUser(h.app);
  });
  afterAll(() => h?.close());

  /** Path=/, Secure and no Domain: what browsers require of a `__Host-` cookie before they keep it. */
  function expectHostCookie(cookie: string | undefined) {
    expect(cookie).toBeDefined();
    const attributes = cookie!
      .split(';')
      .slice(1)
      .map((a) => a.trim().toLowerCase());
    expect(attributes).toContain('path=/');
    expect(attributes).toContain('secure');
    expect(attributes.some((a) => a.startsWith('domain='))).toBe(false);
  }

  it('names the session and anti-forgery cookies __Host-…, Secure, on Path=/ and without Domain', async () => {
    const client = new TestClient(h.app);
    const ping = setCookieHeaders((await client.get('/ping')).headers);
    expect(ping.map((c) => c.split('=')[0])).toEqual(['__Host-XSRF-TOKEN']);
    expectHostCookie(ping[0]);
    expect(ping[0]).not.toMatch(/HttpOnly/i); // the page's script echoes it
    const login = await client.post('/auth/login', { email: someone.email, password: someone.password });
    expect(login.status).toBe(200);
    const session = setCookieHeaders(login.headers);
    expect(session.map((c) => c.split('=')[0]).sort()).toEqual(['__Host-kedai_at', '__Host-kedai_rt']);
    for (const cookie of session) {
      expectHostCookie(cookie);
      expect(cookie).toMatch(/HttpOnly/i);
    }
  });

  it('takes the prefixed cookies back: /auth/me, a guarded call, refresh and logout', async () => {
    const client = await signedInClient(h.app, someone);
    expect((await client.get('/auth/me')).body).toMatchObject({ signedIn: true, profile: { email: someone.email } });
    expect((await client.get('/cart')).status).toBe(200);
    const before = client.cookies.get('__Host-kedai_rt');
    const refreshed = await client.post('/auth/refreshAccessToken');
    expect(refreshed.status).toBe(200);
    setCookieHeaders(refreshed.headers).forEach(expectHostCookie);
    expect(client.cookies.get('__Host-kedai_rt')).not.toBe(before);
    // A 401 with only the refresh cookie left makes the client refresh, as without the prefix.
    client.cookies.delete('__Host-kedai_at');
    expectError(await client.get('/auth/me'), 401, 'auth/invalid_access_token');
    expect((await client.post('/auth/refreshAccessToken')).status).toBe(200);
    const out = await client.delete('/auth/logout');
    expect(out.status).toBe(200);
    const cleared = setCookieHeaders(out.headers);
    expect(cleared.map((c) => c.split('=')[0]).sort()).toEqual(['__Host-kedai_at', '__Host-kedai_rt']);
    cleared.forEach(expectHostCookie); // a browser ignores a __Host- deletion that is not Secure on Path=/
    expect((await client.get('/auth/me')).body.signedIn).toBe(false);
  });

  it('reads no unprefixed cookie: a planted anti-forgery pair or access token under the plain name counts for nothing', async () => {
    // The plain pair a sibling subdomain could plant does not pass the anti-forgery check.
    const planted = await h.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: someone.email, password: someone.password },
      headers: { cookie: 'XSRF-TOKEN=planted', 'x-xsrf-token': 'planted' },
    });
    expectError({ status: planted.statusCode, body: planted.json() }, 403, 'auth/invalid_xsrf_token');
    const token = (await signedInClient(h.app, someone)).cookies.get('__Host-kedai_at')!;
    const plain = new TestClient(h.app);
    plain.cookies.set('kedai_at', token);
    expect((await plain.get('/auth/me')).body.signedIn).toBe(false);
    expectError(await plain.get('/cart'), 401, 'auth/not_authorized');
  });
});
