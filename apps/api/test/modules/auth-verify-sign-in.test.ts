import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, schema, sql } from '@kedai/db';
import { LIFTED_LIMITS, PASSWORD, latestCode, registration } from '../accounts';
import { TestClient } from '../client';
import { createTestApp, type TestApp } from '../helpers';

/*
 * Verifying the e-mail address signs in the browser that proved the password (decision 0011): the
 * one that registered, or that signed in before verifying. Nobody else: a code alone verifies only.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, env: LIFTED_LIMITS });
});
afterAll(() => t?.close());

/** Whether the client's cookies make a signed-in session (`GET /auth/me`). */
async function signedIn(client: TestClient): Promise<boolean> {
  const me = await client.get('/auth/me');
  expect(me.status).toBe(200);
  return me.body.signedIn === true;
}

async function register(client: TestClient) {
  const answer = await client.post('/auth/register', registration());
  expect(answer.status).toBe(201);
  const email = answer.body.user.email as string;
  return { email, id: answer.body.user.id as string, code: await latestCode(t.app, email) };
}

describe('signing in by verifying the e-mail address', () => {
  it('the browser that registered is signed in by verifying, and can use its account at once', async () => {
    const browser = new TestClient(t.app);
    const { email, code } = await register(browser);
    expect(await signedIn(browser)).toBe(false);

    const verified = await browser.post('/auth/verifyEmail', { code, email });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ signedIn: true, user: { email, emailVerified: true } });
    const me = await browser.get('/auth/me');
    expect(me.body).toMatchObject({ signedIn: true, profile: { email } });
    expect((await browser.get('/cart')).status).toBe(200);
  });

  it('a code alone, in another browser, verifies without signing in', async () => {
    const registering = new TestClient(t.app);
    const { email, code } = await register(registering);
    const other = new TestClient(t.app);
    const verified = await other.post('/auth/verifyEmail', { code });
    expect(verified.body).toMatchObject({ signedIn: false, user: { email, emailVerified: true } });
    expect(await signedIn(other)).toBe(false);
    // The registering browser's grant is for that user only, and the address is verified now: it signs in by password.
    expect(await signedIn(registering)).toBe(false);
  });

  it("a grant does not sign in as someone else: one browser's cookie with another user's code", async () => {
    const browser = new TestClient(t.app);
    await register(browser);
    const victim = await register(new TestClient(t.app));
    const verified = await browser.post('/auth/verifyEmail', { code: victim.code });
    expect(verified.body).toMatchObject({ signedIn: false, user: { id: victim.id } });
    expect(await signedIn(browser)).toBe(false);
  });

  it('signing in with the right password before verifying grants it too; a wrong password does not', async () => {
    const registering = new TestClient(t.app);
    const { email } = await register(registering);

    const guesser = new TestClient(t.app);
    expect((await guesser.post('/auth/login', { email, password: 'Wrong-pass1' })).body.errorCode).toBe('auth/wrong_email_or_password');
    expect([...guesser.cookies.keys()].some((name) => name.includes('verify_sign_in'))).toBe(false);

    const owner = new TestClient(t.app);
    const login = await owner.post('/auth/login', { email, password: PASSWORD });
    expect(login.status).toBe(403);
    expect(login.body.errorCode).toBe('auth/unverified_email');
    await owner.post('/auth/resendVerifyCode', { email });
    const code = await latestCode(t.app, email);
    const verified = await owner.post('/auth/verifyEmail', { code, email });
    expect(verified.body.signedIn).toBe(true);
    expect((await owner.get('/auth/me')).body).toMatchObject({ signedIn: true, profile: { email } });
  });

  it('a grant is used once, and not after it has expired', async () => {
    const browser = new TestClient(t.app);
    const { email, id, code } = await register(browser);
    await t.app.db
      .update(schema.userTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(schema.userTokens.userId, id));
    const verified = await browser.post('/auth/verifyEmail', { code, email });
    expect(verified.body).toMatchObject({ signedIn: false, user: { emailVerified: true } });
    expect([...browser.cookies.keys()].some((name) => name.includes('verify_sign_in'))).toBe(false);
    expect(await signedIn(browser)).toBe(false);
  });

  it('keeps only the hash of the grant', async () => {
    const browser = new TestClient(t.app);
    const { id } = await register(browser);
    const token = [...browser.cookies].find(([name]) => name.includes('verify_sign_in'))?.[1];
    expect(token).toBeTruthy();
    const rows = await t.app.db.select().from(schema.userTokens).where(eq(schema.userTokens.userId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toBe(token);
    expect(rows[0]!.purpose).toBe('verify_sign_in');
  });
});
