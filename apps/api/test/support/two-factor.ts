import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import type { TestClient } from '../client';
import { createVerifiedUser, outbox, signedInClient, type OutboxMail, type TestUser } from '../accounts';
import type { TestClock } from '../helpers';
import { resetMailsSettled } from '../../src/modules/auth/password';

/** Codes as an authenticator app computes them, on a test app's clock (two-factor recovery tests). */
export function authenticator(clock: TestClock) {
  /** The code `offsetSteps` × 30 s from now. */
  const code = (secret: string, offsetSteps = 0) =>
    TOTP.generate({
      secret: Secret.fromBase32(secret),
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
      timestamp: clock.now().getTime() + offsetSteps * 30_000,
    });
  /** Six digits that are not the code of any step near now. */
  const wrongCode = (secret: string) => {
    const near = new Set([-1, 0, 1].map((offset) => code(secret, offset)));
    for (let n = 0; ; n++) {
      const candidate = String(n).padStart(6, '0');
      if (!near.has(candidate)) return candidate;
    }
  };
  return { code, wrongCode };
}

export interface TwoFactorUser {
  user: TestUser;
  /** The session that turned two-factor on (it has passed). */
  client: TestClient;
  secret: string;
  /** The ten recovery codes the turning on answered, as shown. */
  recoveryCodes: string[];
}

/** A new verified user who turned two-factor on (with the current step's code) in `client`'s session. */
export async function userWithTwoFactor(app: FastifyInstance, clock: TestClock, user?: TestUser): Promise<TwoFactorUser> {
  const owner = user ?? (await createVerifiedUser(app));
  const client = await signedInClient(app, owner);
  const setup = await client.post('/tfa/setup');
  expect(setup.status).toBe(200);
  const secret = (setup.body.manualKey as string).replace(/ /g, '');
  const verified = await client.post('/tfa/verify', { token: authenticator(clock).code(secret) });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return { user: owner, client, secret, recoveryCodes: verified.body.recoveryCodes };
}

/** The newest mail to `email` whose subject matches. */
export async function mailAbout(app: FastifyInstance, email: string, subject: RegExp): Promise<OutboxMail> {
  const mail = (await outbox(app, email)).find((m) => subject.test(m.subject));
  if (!mail) throw new Error(`no mail about ${subject} to ${email}`);
  return mail;
}

/** Forgot password → the mailed link → a new password, as whoever reads the mailbox can (issue 27's chain). */
export async function resetPasswordByMail(app: FastifyInstance, client: TestClient, email: string, password: string): Promise<void> {
  expect((await client.post('/auth/forgotPassword', { email })).status).toBe(200);
  await resetMailsSettled();
  const mail = (await outbox(app, email)).find((m) => m.subject.startsWith('Reset your'));
  const url = new URL(/(\S+\/reset_password\?\S+)/.exec(mail?.text ?? '')![1]!);
  const reset = await client.post('/auth/resetPassword', {
    uid: url.searchParams.get('uid'),
    resetPasswordToken: url.searchParams.get('token'),
    password,
  });
  expect(reset.status, JSON.stringify(reset.body)).toBe(200);
}
