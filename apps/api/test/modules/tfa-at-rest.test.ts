import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, schema } from '@kedai/db';
import { sealStoredSecrets } from '../../src/modules/tfa/service';
import { loadConfig } from '../../src/platform/config';
import { isSealed, open, parseBoxKeys, seal, sealedKeyId } from '../../src/platform/secret-box';
import { LIFTED_LIMITS, createVerifiedUser, signedInClient } from '../accounts';
import { createTestApp, expectError, type TestApp } from '../helpers';

const key = () => randomBytes(32).toString('base64');

describe('the secret box', () => {
  const keys = parseBoxKeys(`new:${key()},old:${key()}`);

  it('seals with the first key, a fresh IV each time, and opens with any configured key', () => {
    const a = seal(keys, 'JBSWY3DPEHPK3PXP');
    const b = seal(keys, 'JBSWY3DPEHPK3PXP');
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(isSealed(a)).toBe(true);
    expect(sealedKeyId(a)).toBe('new');
    expect(open(keys, a)).toBe('JBSWY3DPEHPK3PXP');
    const byOld = seal(keys.slice(1), 'OLDSECRET234');
    expect(open(keys, byOld)).toBe('OLDSECRET234');
  });

  it('refuses a tampered value, an unknown key id, and a value moved under another key id', () => {
    const sealed = seal(keys, 'JBSWY3DPEHPK3PXP');
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3]!, 'base64url');
    flipped[0]! ^= 1;
    expect(() => open(keys, [...parts.slice(0, 3), flipped.toString('base64url'), parts[4]].join('.'))).toThrow(/tampered/);
    expect(() => open(parseBoxKeys(`other:${key()}`), sealed)).toThrow(/no key "new"/);
    // Same key bytes under another id: the id is authenticated, so this fails too.
    const renamed = parseBoxKeys(`old:${keys[0]!.key.toString('base64')}`);
    expect(() => open(renamed, ['v1', 'old', ...parts.slice(2)].join('.'))).toThrow(/tampered/);
    expect(() => open(keys, 'JBSWY3DPEHPK3PXP')).toThrow(/not a sealed value/);
  });

  it('takes keys as ID:BASE64 of 32 bytes, with distinct ids', () => {
    expect(() => parseBoxKeys('')).toThrow();
    expect(() => parseBoxKeys(`main:${randomBytes(16).toString('base64')}`)).toThrow(/32 bytes/);
    expect(() => parseBoxKeys(key())).toThrow(/ID:BASE64KEY/);
    expect(() => parseBoxKeys(`a:${key()},a:${key()}`)).toThrow(/differ/);
  });
});

describe('configuration', () => {
  const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) };
  it('production refuses to start without the key, or with a bad one', () => {
    expect(() => loadConfig(production)).toThrow(/TFA_ENCRYPTION_KEY: required in production/);
    expect(() => loadConfig({ ...production, TFA_ENCRYPTION_KEY: 'main:short' })).toThrow(/TFA_ENCRYPTION_KEY: .*32 bytes/);
    expect(loadConfig({ ...production, TFA_ENCRYPTION_KEY: `main:${key()}` }).tfaEncryptionKeys?.[0]?.id).toBe('main');
  });
});

describe('two-factor secrets at rest', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: LIFTED_LIMITS });
  });
  afterAll(() => t?.close());
  /** The current code on the app's clock. */
  const code = (secret: string) =>
    TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: t.clock.now().getTime() });

  const row = async (id: string) => (await t.app.db.select().from(schema.users).where(eq(schema.users.id, id)))[0]!;

  it('stores the secret sealed: the database does not hold it, the API still checks codes with it', async () => {
    const user = await createVerifiedUser(t.app);
    const client = await signedInClient(t.app, user);
    const secret = (await client.post('/tfa/setup')).body.manualKey.replace(/ /g, '');
    const pending = (await row(user.id)).tfaPendingSecret!;
    expect(pending).not.toContain(secret);
    expect(isSealed(pending)).toBe(true);
    expect((await client.post('/tfa/verify', { token: code(secret) })).status).toBe(200);
    const stored = (await row(user.id)).tfaSecret!;
    expect(stored).not.toContain(secret);
    expect(open(t.app.tfaKeys, stored)).toBe(secret);
  });

  it('a secret its keys cannot open is told plainly (409), and the e-mailed reset still works', async () => {
    const user = await createVerifiedUser(t.app);
    const foreign = parseBoxKeys(`lost:${key()}`);
    await t.app.db
      .update(schema.users)
      .set({ tfaSecret: seal(foreign, 'JBSWY3DPEHPK3PXP') })
      .where(eq(schema.users.id, user.id));
    const client = await signedInClient(t.app, user);
    const answer = await client.post('/tfa/verify', { token: code('JBSWY3DPEHPK3PXP') });
    expectError(answer, 409, 'auth/tfa_secret_unreadable');
    expect(answer.body.error).toMatch(/Lost your authenticator/);
    expect((await client.post('/tfa/requestReset')).status).toBe(200);
  });

  it('seals plain secrets stored before encryption at rest, and re-seals under a new first key', async () => {
    const user = await createVerifiedUser(t.app);
    await t.app.db
      .update(schema.users)
      .set({ tfaSecret: 'JBSWY3DPEHPK3PXP', tfaPendingSecret: 'KRSXG5CTMVRXEZLU' })
      .where(eq(schema.users.id, user.id));
    expect(await sealStoredSecrets(t.app.db, t.app.tfaKeys)).toBeGreaterThanOrEqual(1);
    const sealed = await row(user.id);
    expect(isSealed(sealed.tfaSecret!)).toBe(true);
    expect(open(t.app.tfaKeys, sealed.tfaSecret!)).toBe('JBSWY3DPEHPK3PXP');
    expect(open(t.app.tfaKeys, sealed.tfaPendingSecret!)).toBe('KRSXG5CTMVRXEZLU');
    // Idempotent: nothing left to do.
    expect(await sealStoredSecrets(t.app.db, t.app.tfaKeys)).toBe(0);
    // The user signs in with the code of the secret they always had.
    const client = await signedInClient(t.app, user);
    expect((await client.post('/tfa/verify', { token: code('JBSWY3DPEHPK3PXP') })).status).toBe(200);

    // Rotation: a new first key, the old one kept to open what it sealed.
    const rotated = [...parseBoxKeys(`next:${key()}`), ...t.app.tfaKeys];
    expect(await sealStoredSecrets(t.app.db, rotated)).toBeGreaterThanOrEqual(1);
    const after = await row(user.id);
    expect(sealedKeyId(after.tfaSecret!)).toBe('next');
    expect(open(rotated, after.tfaSecret!)).toBe('JBSWY3DPEHPK3PXP');
  });
});
