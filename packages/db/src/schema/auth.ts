/** E-mail verification codes and one-time e-mailed tokens (modules/auth and modules/tfa). */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/**
 * Codes e-mailed to prove an address. Only the SHA-256 of a code is stored. A code is live while
 * it is unconsumed and unexpired; replacing or locking a code sets `expires_at` to the time it
 * stopped being usable.
 */
export const emailVerificationCodes = pgTable(
  'email_verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Hex SHA-256 of the code. */
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Wrong guesses made against this code. */
    attempts: integer('attempts').notNull().default(0),
    /** When the code verified the address. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_verification_codes_hash_idx').on(t.codeHash),
    index('email_verification_codes_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/**
 * Single-use tokens e-mailed to a user: password reset and two-factor reset. Only the SHA-256 is
 * stored; a token is live while unused and unexpired.
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `password_reset` or `tfa_reset` */
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_tokens_hash_idx').on(t.tokenHash), index('user_tokens_user_idx').on(t.userId, t.purpose)],
);

/**
 * Single-use recovery codes for two-factor authentication (ten made when it is turned on, or anew on
 * request). Only the SHA-256 is stored: a code carries 80 random bits, so a fast hash is enough.
 */
export const tfaRecoveryCodes = pgTable(
  'tfa_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('tfa_recovery_codes_user_idx').on(t.userId), uniqueIndex('tfa_recovery_codes_hash_idx').on(t.codeHash)],
);

/**
 * A two-factor reset asked for by e-mail alone: it turns two-factor off only at `effective_at`
 * (a waiting period), unless "this was not me" (the e-mailed cancel token, SHA-256 stored) or a
 * sign-in with the old factor cancels it first. At most one is pending per user.
 */
export const tfaResets = pgTable(
  'tfa_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    cancelTokenHash: text('cancel_token_hash').notNull(),
    /** `not_me` (the e-mailed link) or `signed_in` (the old factor was used meanwhile). */
    cancelReason: text('cancel_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tfa_resets_cancel_token_idx').on(t.cancelTokenHash),
    uniqueIndex('tfa_resets_one_pending_idx')
      .on(t.userId)
      .where(sql`${t.cancelledAt} IS NULL AND ${t.completedAt} IS NULL`),
    index('tfa_resets_due_idx')
      .on(t.effectiveAt)
      .where(sql`${t.cancelledAt} IS NULL AND ${t.completedAt} IS NULL`),
  ],
);
