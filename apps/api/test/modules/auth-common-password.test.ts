import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hash } from '@node-rs/argon2';
import { eq, schema } from '@kedai/db';
import { ERROR_MESSAGES } from '@kedai/domain';
import { resetMailsSettled } from '../../src/modules/auth/password';
import { LIFTED_LIMITS, createVerifiedUser, newEmail, outbox, registration } from '../accounts';
import { TestClient } from '../client';
import { createTestApp, expectError, post, type TestApp } from '../helpers';

/**
 * The most common passwords are refused wherever a password is chosen (issue 27, ASVS 6.2.4):
 * registering, changing it and resetting it, with `auth/common_password`, which says why.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, env: LIFTED_LIMITS });
});
afterAll(() => t?.close());

const COMMON = ['Password123', 'Password123!', 'pASSWORD123', 'Sunshine1'];
const WHY = 'This password is one of the most commonly used and easy to guess; choose another';

async function signedIn(password?: string) {
  const user = await createVerifiedUser(t.app, password ? { password } : {});
  const client = new TestClient(t.app);
  expect((await client.post('/auth/login', { email: user.email, password: user.password })).status).toBe(200);
  return { user, client };
}

async function resetLink(email: string) {
  await post(t.app, '/auth/forgotPassword', { email });
  await resetMailsSettled();
  const mail = (await outbox(t.app, email)).find((m) => m.subject.startsWith('Reset your'));
  const url = new URL(/(\S+\/reset_password\?\S+)/.exec(mail?.text ?? '')![1]!);
  return { uid: url.searchParams.get('uid')!, token: url.searchParams.get('token')! };
}

describe('common passwords', () => {
  it('says why in the catalogue', () => {
    expect(ERROR_MESSAGES['auth/common_password']).toBe(WHY);
  });

  it('are refused on register, beside the password field, and no account is made', async () => {
    for (const password of COMMON) {
      const email = newEmail('common');
      const answer = await post(t.app, '/auth/register', registration({ email, password }));
      expectError(answer, 400, 'auth/common_password');
      expect(answer.body.error).toBe(WHY);
      expect(answer.body.params).toEqual([{ field: 'password', errorCode: 'auth/common_password', error: WHY }]);
      expect(await outbox(t.app, email)).toHaveLength(0);
    }
    expect((await post(t.app, '/auth/register', registration({ password: 'Kedai-Cart7' }))).status).toBe(201);
  });

  it('are refused on change; the old password still works', async () => {
    const { user, client } = await signedIn();
    for (const password of COMMON) {
      const answer = await client.post('/auth/changePassword', { currentPassword: user.password, newPassword: password });
      expectError(answer, 400, 'auth/common_password');
      expect(answer.body.error).toBe(WHY);
    }
    expect((await new TestClient(t.app).post('/auth/login', { email: user.email, password: user.password })).status).toBe(200);
    expect((await new TestClient(t.app).post('/auth/login', { email: user.email, password: 'Password123' })).status).toBe(400);
  });

  it('are refused on reset, and the link still works for a better one', async () => {
    const user = await createVerifiedUser(t.app);
    const { uid, token } = await resetLink(user.email);
    for (const password of COMMON) {
      const answer = await post(t.app, '/auth/resetPassword', { uid, resetPasswordToken: token, password });
      expectError(answer, 400, 'auth/common_password');
      expect(answer.body.error).toBe(WHY);
    }
    expect((await post(t.app, '/auth/resetPassword', { uid, resetPasswordToken: token, password: 'Kedai-Cart7' })).status).toBe(200);
  });

  it('leave a shopper who already has one able to sign in (the rule is for choosing a password)', async () => {
    // An account made before the rule: its password is checked, not judged.
    const { user } = await signedIn();
    await t.app.db
      .update(schema.users)
      .set({ passwordHash: await hash('Password123') })
      .where(eq(schema.users.id, user.id));
    expect((await new TestClient(t.app).post('/auth/login', { email: user.email, password: 'Password123' })).status).toBe(200);
  });
});
