/** Accounts (modules/users is the one writer). */
import { sql } from 'drizzle-orm';
import { bigint, check, date, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/**
 * Accounts (rules: entities.md "User"). The e-mail is stored normalised (trimmed, lower case; the check
 * keeps it so), which makes the unique index case-insensitive. Two-factor, blacklisting and
 * sessions add their own columns and tables in their own migrations.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /** argon2id, PHC string format. */
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** E.164 */
    phoneNumber: text('phone_number').notNull(),
    /** ISO 3166-1 alpha-2 */
    country: text('country').notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    /** One of GENDERS in packages/domain. */
    gender: text('gender').notNull(),
    /** Null until the e-mail address is verified. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Set by the shop's staff for a policy violation: no sign-in, every session refused. */
    blacklistedAt: timestamp('blacklisted_at', { withTimezone: true }),
    /** TOTP secret while two-factor authentication is on (null when off), sealed with AES-256-GCM (decision 0009). */
    tfaSecret: text('tfa_secret'),
    /** Secret (sealed) of a set-up that has been started but not yet confirmed with a code. */
    tfaPendingSecret: text('tfa_pending_secret'),
    tfaEnabledAt: timestamp('tfa_enabled_at', { withTimezone: true }),
    /** The last TOTP time step accepted: a code of this step or an earlier one is never taken again. */
    tfaLastStep: bigint('tfa_last_step', { mode: 'number' }),
    /** The user chose not to set up two-factor authentication when offered. */
    tfaSetupSkippedAt: timestamp('tfa_setup_skipped_at', { withTimezone: true }),
    /** Wrong second-factor codes (authenticator or recovery) in a row since the last right one. */
    tfaFailures: integer('tfa_failures').notNull().default(0),
    /** After too many wrong codes, no code is judged before this time (the wait grows with each miss). */
    tfaRetryAt: timestamp('tfa_retry_at', { withTimezone: true }),
    /** Country (ISO 3166-1 alpha-2) chosen in the region picker (`POST /region/prefer`); null when none. */
    preferredCountry: text('preferred_country'),
    /** One of USER_ROLES in packages/domain: `shopper`, or the back office's `staff` or `owner`. */
    role: text('role').notNull().default('shopper'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(t.email),
    check('users_email_lower_case', sql`${t.email} = lower(${t.email})`),
    check('users_role_known', sql`${t.role} IN ('shopper', 'staff', 'owner')`),
  ],
);
