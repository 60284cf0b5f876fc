import { randomInt } from 'node:crypto';
import {
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  formatRecoveryCode,
  normaliseRecoveryCode,
} from '@kedai/domain';
import { and, count, eq, isNull, schema, sql, type Database, type Transaction } from '@kedai/db';
import { sha256 } from '../../platform/secure-tokens';

/**
 * Recovery codes (decision 0021): ten single-use codes made when two-factor is turned on (or
 * renewed), each passing the second factor once. Only their SHA-256 is stored: 80 random bits
 * need no slow hash. Turning two-factor off (any way) deletes them.
 */

const { tfaRecoveryCodes: codes } = schema;

function newCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) code += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
  return code;
}

const hashOf = (input: string) => sha256(normaliseRecoveryCode(input));

/** Ten new codes for the user, the older ones void; answers them as shown (`xxxx-xxxx-xxxx-xxxx`), the only time they are. */
export async function replaceRecoveryCodes(tx: Transaction, userId: string): Promise<string[]> {
  await voidRecoveryCodes(tx, userId);
  const fresh = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await tx.insert(codes).values(fresh.map((code) => ({ userId, codeHash: hashOf(code) })));
  return fresh.map(formatRecoveryCode);
}

/** Every code of the user void (two-factor turned off, or codes renewed). */
export async function voidRecoveryCodes(tx: Pick<Database, 'delete'>, userId: string): Promise<void> {
  await tx.delete(codes).where(eq(codes.userId, userId));
}

/**
 * Uses one of the user's unused codes: marking it used is the condition, so of two requests with
 * one code exactly one gets it. Answers whether this request did.
 */
export async function useRecoveryCode(tx: Transaction, userId: string, input: string): Promise<boolean> {
  const used = await tx
    .update(codes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(codes.userId, userId), eq(codes.codeHash, hashOf(input)), isNull(codes.usedAt)))
    .returning({ id: codes.id });
  return used.length > 0;
}

/** How many of the user's codes are still unused. */
export async function recoveryCodesLeft(db: Pick<Database, 'select'>, userId: string): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(codes)
    .where(and(eq(codes.userId, userId), isNull(codes.usedAt)));
  return Number(row?.left ?? 0);
}
