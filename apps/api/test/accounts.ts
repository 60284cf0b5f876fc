import { Secret, TOTP } from 'otpauth';
import type { FastifyInstance } from 'fastify';
import { eq, schema } from '@kedai/db';
import { seal } from '../src/platform/secret-box';
import { TestClient } from './client';
import { get, post } from './helpers';

/** Limits lifted for suites whose every request comes from the one inject address. */
export const LIFTED_LIMITS = {
  RATE_LIMIT_REGISTER: '1000/3600',
  RATE_LIMIT_VERIFY_EMAIL: '1000/900',
  RATE_LIMIT_RESEND_CODE: '1000/900',
  RATE_LIMIT_LOGIN: '1000/900',
  RATE_LIMIT_LOGIN_ACCOUNT: '1000/900',
  RATE_LIMIT_FORGOT_PASSWORD: '1000/3600',
  RATE_LIMIT_FORGOT_PASSWORD_ACCOUNT: '1000/3600',
  RATE_LIMIT_TFA: '1000/300',
  RATE_LIMIT_TFA_RESET: '1000/3600',
  RATE_LIMIT_SEARCH_EXTERNAL: '1000/3600',
  RATE_LIMIT_VOUCHER: '1000/900',
  RATE_LIMIT_VOUCHER_ACCOUNT: '1000/900',
  RATE_LIMIT_PRODUCT_VIEW: '1000/600',
};

export const PASSWORD = 'Rahsia123!';

let serial = 0;
export function newEmail(tag = 'user'): string {
  serial += 1;
  return `${tag}.${serial}.${Date.now().toString(36)}@example.com`;
}

export function registration(overrides: Record<string, unknown> = {}) {
  return {
    email: newEmail(),
    password: PASSWORD,
    firstName: 'Siti',
    lastName: 'Nurhaliza',
    phoneNumber: '+65 9123 4567',
    country: 'SG',
    birthDate: '1990-05-17',
    gender: 'female',
    acceptTerms: true,
    ...overrides,
  };
}

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: number;
}

/** The development outbox for one address, newest first. */
export async function outbox(app: FastifyInstance, to: string): Promise<OutboxMail[]> {
  const { status, body } = await get(app, `/dev/outbox?to=${encodeURIComponent(to)}`);
  if (status !== 200) throw new Error(`outbox answered ${status}`);
  return body.messages as OutboxMail[];
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
}

/** The verification code of the newest mail to `to`. */
export async function latestCode(app: FastifyInstance, to: string): Promise<string> {
  const [mail] = await outbox(app, to);
  const code = /code is (\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

/** A user registered and verified through the API, as a shopper would. */
export async function createVerifiedUser(app: FastifyInstance, overrides: Record<string, unknown> = {}): Promise<TestUser> {
  const body = registration(overrides);
  const registered = await post(app, '/auth/register', body);
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${registered.response.payload}`);
  const verified = await post(app, '/auth/verifyEmail', { code: await latestCode(app, body.email) });
  if (verified.status !== 200) throw new Error(`verifyEmail answered ${verified.status}`);
  return { id: registered.body.user.id, email: body.email, password: body.password };
}

/** A browser-like client signed in as `user` (throws if login fails). */
export async function signedInClient(app: FastifyInstance, user: TestUser, rememberme = false): Promise<TestClient> {
  const client = new TestClient(app);
  const answer = await client.post('/auth/login', { email: user.email, password: user.password, rememberme });
  if (answer.status !== 200) throw new Error(`login answered ${answer.status}: ${answer.response.payload}`);
  return client;
}

/**
 * A client signed in as `user` (a new verified user by default) whose account has two-factor on,
 * so the session still owes its second factor (`tfaPassed: false`).
 */
export async function clientOwingSecondFactor(app: FastifyInstance, user?: TestUser): Promise<TestClient> {
  const owner = user ?? (await createVerifiedUser(app));
  await app.db
    .update(schema.users)
    .set({ tfaSecret: seal(app.tfaKeys, 'JBSWY3DPEHPK3PXP') })
    .where(eq(schema.users.id, owner.id));
  return signedInClient(app, owner);
}

/** A TOTP code for `secret` at `now`, as an authenticator app computes it. */
function totpCode(secret: string, now: Date): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: now.getTime() });
}

/**
 * A client signed in as a new member of staff with `role`: with two-factor set up and passed
 * (`tfa: 'passed'`, the back office's normal case), never set up (`'none'`), or on but not yet
 * passed in this session (`'owed'`).
 */
export async function staffClient(
  app: FastifyInstance,
  role: 'shopper' | 'staff' | 'owner',
  now: () => Date,
  tfa: 'passed' | 'none' | 'owed' = 'passed',
): Promise<{ user: TestUser; client: TestClient }> {
  const user = await createVerifiedUser(app);
  await app.db.update(schema.users).set({ role }).where(eq(schema.users.id, user.id));
  const client = await signedInClient(app, user);
  if (tfa === 'none') return { user, client };
  const secret = ((await client.post('/tfa/setup')).body.manualKey as string).replace(/ /g, '');
  const verified = await client.post('/tfa/verify', { token: totpCode(secret, now()) });
  if (verified.status !== 200) throw new Error(`tfa/verify answered ${verified.status}`);
  if (tfa === 'passed') return { user, client };
  return { user, client: await signedInClient(app, user) };
}
