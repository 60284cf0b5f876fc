import { timingSafeEqual } from 'node:crypto';
import { HOTP, Secret } from 'otpauth';

/**
 * TOTP (RFC 6238) in one place: the API's codes and the RFC's Appendix B test vectors go through
 * these same functions, so the vectors test what the API runs. A code is the HOTP (RFC 4226) value
 * of the time step `floor(unixSeconds / period)`.
 */

export type TotpAlgorithm = 'SHA1' | 'SHA256' | 'SHA512';

export interface TotpParams {
  algorithm: TotpAlgorithm;
  digits: number;
  /** Seconds per time step. */
  period: number;
}

/** What the API uses, and what authenticator apps assume when the URI says nothing else. */
export const TOTP_PARAMS: TotpParams = { algorithm: 'SHA1', digits: 6, period: 30 };

/** Steps of clock drift accepted either side of the current one. */
const TOTP_DRIFT_STEPS = 1;

/** The secret's size: 160 bits, the HMAC-SHA1 block the RFC recommends. */
const TOTP_SECRET_BYTES = 20;

/** A new random secret, base32 (what the otpauth URI holds; the database holds it sealed, decision 0009). */
export function newTotpSecret(): string {
  return new Secret({ size: TOTP_SECRET_BYTES }).base32;
}

/** The time step of a moment (milliseconds since the epoch). */
export function totpStep(atMs: number, period = TOTP_PARAMS.period): number {
  return Math.floor(atMs / 1000 / period);
}

const asSecret = (secret: string | Secret) => (typeof secret === 'string' ? Secret.fromBase32(secret) : secret);

/** The code of one time step. */
function totpCodeAtStep(secret: string | Secret, step: number, params: TotpParams = TOTP_PARAMS): string {
  return HOTP.generate({ secret: asSecret(secret), algorithm: params.algorithm, digits: params.digits, counter: step });
}

/** The code at a moment (milliseconds since the epoch). */
export function totpCode(secret: string | Secret, atMs: number, params: TotpParams = TOTP_PARAMS): string {
  return totpCodeAtStep(secret, totpStep(atMs, params.period), params);
}

/** A code as typed: spaces are ignored; anything but exactly `digits` digits is no code. */
export function normaliseTotpToken(token: string, digits = TOTP_PARAMS.digits): string | undefined {
  const compact = token.replace(/\s+/g, '');
  return new RegExp(`^\\d{${digits}}$`).test(compact) ? compact : undefined;
}

export interface TotpCheck {
  token: string;
  secret: string | Secret;
  /** The moment to check at (milliseconds since the epoch). */
  atMs: number;
  params?: TotpParams;
  /** Steps either side of the current one (default TOTP_DRIFT_STEPS). */
  drift?: number;
  /** Only steps after this one count (the last accepted step: replay protection). */
  after?: number | null;
}

/**
 * The time step whose code `token` is, within the drift window and after `after`, or undefined.
 * Every step of the window is compared, in constant time, so the answer's timing says nothing
 * about which step matched. If two steps match (a 10⁻⁶ chance), the later one wins.
 */
export function matchTotp(check: TotpCheck): number | undefined {
  const params = check.params ?? TOTP_PARAMS;
  const token = normaliseTotpToken(check.token, params.digits);
  if (!token) return undefined;
  const secret = asSecret(check.secret);
  const drift = check.drift ?? TOTP_DRIFT_STEPS;
  const now = totpStep(check.atMs, params.period);
  const given = Buffer.from(token);
  let matched: number | undefined;
  for (let step = now - drift; step <= now + drift; step++) {
    const same = timingSafeEqual(given, Buffer.from(totpCodeAtStep(secret, step, params)));
    if (same && (check.after === undefined || check.after === null || step > check.after)) matched = step;
  }
  return matched;
}
