import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The small crypto every token of the API uses: random tokens of 256 bits, their SHA-256 (what the
 * database keeps of codes, refresh tokens and e-mailed links), and comparison in constant time.
 */

/** A random url-safe token of 256 bits. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Hex SHA-256: tokens are stored and looked up by this, never as they are. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Whether two strings are equal, in time that does not tell how much of them matched. */
export function constantTimeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
