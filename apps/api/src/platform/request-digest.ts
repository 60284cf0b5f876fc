import { AppError, canonicalJson } from '@kedai/domain';
import { sha256 } from './secure-tokens';

/**
 * The digest kept with what an `Idempotency-Key` did (an order, a card attempt): SHA-256 of the
 * request's meaningful fields in their one spelling (packages/domain `idempotency.ts`, decision 0017).
 */
export function requestDigest(fields: Record<string, unknown>): string {
  return sha256(canonicalJson(fields));
}

/**
 * A repeat of a key must be the same request: 422 `general/idempotency_key_reused` otherwise.
 * A row written before digests were kept (null) is answered as before.
 */
export function requireSameRequest(kept: string | null, digest: string): void {
  if (kept !== null && kept !== digest) throw new AppError('general/idempotency_key_reused');
}
