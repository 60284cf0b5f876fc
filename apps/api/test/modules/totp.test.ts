import { describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import {
  TOTP_PARAMS,
  matchTotp,
  newTotpSecret,
  normaliseTotpToken,
  totpCode,
  totpStep,
  type TotpAlgorithm,
} from '../../src/modules/tfa/totp';

/** RFC 6238 Appendix B: the seeds are ASCII, one per hash (20, 32 and 64 bytes); 8 digits, 30 s. */
const SEEDS: Record<TotpAlgorithm, string> = {
  SHA1: '12345678901234567890',
  SHA256: '12345678901234567890123456789012',
  SHA512: '1234567890123456789012345678901234567890123456789012345678901234',
};

const VECTORS: Array<[time: number, algorithm: TotpAlgorithm, code: string]> = [
  [59, 'SHA1', '94287082'],
  [59, 'SHA256', '46119246'],
  [59, 'SHA512', '90693936'],
  [1111111109, 'SHA1', '07081804'],
  [1111111109, 'SHA256', '68084774'],
  [1111111109, 'SHA512', '25091201'],
  [1111111111, 'SHA1', '14050471'],
  [1111111111, 'SHA256', '67062674'],
  [1111111111, 'SHA512', '99943326'],
  [1234567890, 'SHA1', '89005924'],
  [1234567890, 'SHA256', '91819424'],
  [1234567890, 'SHA512', '93441116'],
  [2000000000, 'SHA1', '69279037'],
  [2000000000, 'SHA256', '90698825'],
  [2000000000, 'SHA512', '38618901'],
  [20000000000, 'SHA1', '65353130'],
  [20000000000, 'SHA256', '77737706'],
  [20000000000, 'SHA512', '47863826'],
];

describe('TOTP: RFC 6238 Appendix B vectors through the code path the API uses', () => {
  it('the seeds have the RFC sizes', () => {
    expect(Secret.fromLatin1(SEEDS.SHA1).bytes.length).toBe(20);
    expect(Secret.fromLatin1(SEEDS.SHA256).bytes.length).toBe(32);
    expect(Secret.fromLatin1(SEEDS.SHA512).bytes.length).toBe(64);
  });

  it.each(VECTORS)('T = %i, %s -> %s', (time, algorithm, code) => {
    const params = { algorithm, digits: 8, period: 30 };
    const secret = Secret.fromLatin1(SEEDS[algorithm]);
    const atMs = time * 1000;
    expect(totpCode(secret, atMs, params)).toBe(code);
    // The check the routes make: exact time, no drift allowed, answers the RFC's step T = floor(time / 30).
    const step = Math.floor(time / 30);
    expect(matchTotp({ token: code, secret, atMs, params, drift: 0 })).toBe(step);
    // The same secret as base32 text (how the API stores it) gives the same answer.
    expect(matchTotp({ token: code, secret: secret.base32, atMs, params, drift: 0 })).toBe(step);
    // Replay protection: once that step is accepted, the code is no longer taken.
    expect(matchTotp({ token: code, secret, atMs, params, after: step })).toBeUndefined();
  });
});

describe('TOTP: the API parameters', () => {
  const secret = newTotpSecret();
  const now = Date.UTC(2026, 10, 22, 12, 0, 15); // mid-step
  const step = totpStep(now);
  const at = (offsetSteps: number) => totpCode(secret, now + offsetSteps * 30_000);

  it('new secrets are 20 random bytes in base32', () => {
    expect(Secret.fromBase32(secret).bytes.length).toBe(20);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('SHA1, 6 digits, 30 s: the same codes an authenticator app computes', () => {
    const app = new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 });
    expect(TOTP_PARAMS).toEqual({ algorithm: 'SHA1', digits: 6, period: 30 });
    expect(at(0)).toBe(app.generate({ timestamp: now }));
    expect(at(0)).toMatch(/^\d{6}$/);
  });

  it('accepts one step of drift either way, not two, and answers the matched step', () => {
    expect(matchTotp({ token: at(0), secret, atMs: now })).toBe(step);
    expect(matchTotp({ token: at(-1), secret, atMs: now })).toBe(step - 1);
    expect(matchTotp({ token: at(1), secret, atMs: now })).toBe(step + 1);
    expect(matchTotp({ token: at(-2), secret, atMs: now })).toBeUndefined();
    expect(matchTotp({ token: at(2), secret, atMs: now })).toBeUndefined();
  });

  it('refuses steps at or before the last accepted one', () => {
    expect(matchTotp({ token: at(0), secret, atMs: now, after: step })).toBeUndefined();
    expect(matchTotp({ token: at(-1), secret, atMs: now, after: step - 1 })).toBeUndefined();
    expect(matchTotp({ token: at(0), secret, atMs: now, after: step - 1 })).toBe(step);
    expect(matchTotp({ token: at(1), secret, atMs: now, after: step })).toBe(step + 1);
    expect(matchTotp({ token: at(0), secret, atMs: now, after: null })).toBe(step);
  });

  it('ignores spaces; anything but six digits is no code', () => {
    const code = at(0);
    expect(matchTotp({ token: `${code.slice(0, 3)} ${code.slice(3)}`, secret, atMs: now })).toBe(step);
    expect(normaliseTotpToken(' 123 456 ')).toBe('123456');
    for (const bad of ['', '12345', '1234567', '12345a', '١٢٣٤٥٦', `${code}0`]) {
      expect(normaliseTotpToken(bad)).toBeUndefined();
      expect(matchTotp({ token: bad, secret, atMs: now })).toBeUndefined();
    }
  });

  it('a code of another secret is refused', () => {
    expect(matchTotp({ token: totpCode(newTotpSecret(), now), secret, atMs: now })).not.toBe(step);
  });
});
