import {
  AppError,
  TFA_FREE_TRIES,
  isGender,
  isUserRole,
  isUuid,
  tfaWaitSeconds,
  toUnixSeconds,
  validateProfileUpdate,
  type UserRole,
} from '@kedai/domain';
import { and, eq, inArray, isNull, lt, lte, or, schema, sql, type Database, type Transaction } from '@kedai/db';
import type { ProfileUpdateRequest, PublicUser } from '@kedai/contract';
import { isUniqueViolation } from '../../platform/db-errors';

/**
 * The `users` table has one owner, this module (issue 11): auth, two-factor and regions read and
 * change accounts only through the functions below, never through the table. Functions that take
 * a Transaction are steps of a caller's larger change (a code used and the address verified, a
 * password set and the sessions ended) and run inside it.
 */

export type UserRow = typeof schema.users.$inferSelect;
/** The fields registration fills; the rest start empty. */
export type NewUser = Pick<
  typeof schema.users.$inferInsert,
  'email' | 'passwordHash' | 'firstName' | 'lastName' | 'phoneNumber' | 'country' | 'birthDate' | 'gender'
>;

const { users } = schema;
const EMAIL_UNIQUE_INDEX = 'users_email_idx';

export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phoneNumber: row.phoneNumber,
    country: row.country,
    birthDate: row.birthDate,
    gender: isGender(row.gender) ? row.gender : 'unspecified',
    emailVerified: row.emailVerifiedAt !== null,
    role: isUserRole(row.role) ? row.role : 'shopper',
    createdAt: toUnixSeconds(row.createdAt),
  };
}

// ——— Reads ———

/** The user of an already normalised e-mail address (see `parseEmail`), if any. */
export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/** The user's row, locked until the transaction ends: concurrent changes of one account wait in line. */
export async function lockUser(tx: Transaction, userId: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

// ——— Account ———

/** A new, unverified account. The unique index on the e-mail decides between concurrent registrations (`auth/email_taken`). */
export async function createUser(tx: Transaction, values: NewUser): Promise<UserRow> {
  try {
    const [row] = await tx.insert(users).values(values).returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error, EMAIL_UNIQUE_INDEX)) throw new AppError('auth/email_taken');
    throw error;
  }
}

/** The shop's staff (role `staff` or `owner`), owners first, then by name. */
export async function staffRows(db: Database): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(or(eq(users.role, 'owner'), eq(users.role, 'staff')))
    .orderBy(sql`${users.role} = 'owner' DESC`, users.firstName, users.lastName, users.email);
}

/** The owners' ids, their rows locked until the transaction ends (so two demotions cannot leave no owner). */
export async function lockOwners(tx: Transaction): Promise<string[]> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'owner')).orderBy(users.id).for('update');
  return rows.map((row) => row.id);
}

/** Gives an account its back-office role (`staff`, `owner`) or takes it away (`shopper`). */
export async function setRole(db: Database, userId: string, role: UserRole): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ role, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/** The address is proven (the first time counts). */
export async function markEmailVerified(tx: Transaction, userId: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/**
 * A new argon2id hash. `emailProven`: the change came through a link mailed to the address
 * (a reset), which verifies an unverified account as the code would.
 */
export async function setPasswordHash(
  tx: Transaction,
  userId: string,
  passwordHash: string,
  options: { emailProven?: boolean } = {},
): Promise<UserRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({
      passwordHash,
      ...(options.emailProven ? { emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/** The country chosen in the region picker (already checked against the enabled regions). */
export async function savePreferredCountry(db: Database, userId: string, code: string): Promise<void> {
  await db
    .update(users)
    .set({ preferredCountry: code, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

// ——— Two-factor columns (their rules are in modules/tfa; values arrive sealed) ———

/** Stores a set-up's pending secret, only while two-factor is off; false when it is on. */
export async function setPendingTfaSecret(db: Database, userId: string, sealed: string): Promise<boolean> {
  const stored = await db
    .update(users)
    .set({ tfaPendingSecret: sealed, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.tfaSecret)))
    .returning({ id: users.id });
  return stored.length > 0;
}

/** Only steps after the last accepted one count. */
const stepIsNew = (step: number) => or(isNull(users.tfaLastStep), lt(users.tfaLastStep, step));

/**
 * Records an accepted code's time step, only while `secret` is still the active secret and the
 * step is later than the last one accepted: of two requests with one code, one gets the row.
 */
export async function acceptTfaStep(tx: Transaction, userId: string, secret: string, step: number): Promise<UserRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({ tfaLastStep: step })
    .where(and(eq(users.id, userId), eq(users.tfaSecret, secret), stepIsNew(step)))
    .returning();
  return row;
}

/** Turns two-factor on with the pending secret a code confirmed, only while that set-up is still the pending one. */
export async function enableTfa(tx: Transaction, userId: string, pendingSecret: string, step: number): Promise<UserRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({ tfaSecret: pendingSecret, tfaPendingSecret: null, tfaEnabledAt: sql`now()`, tfaLastStep: step, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.tfaSecret), eq(users.tfaPendingSecret, pendingSecret), stepIsNew(step)))
    .returning();
  return row;
}

/**
 * Two-factor off: secret, pending secret and last step cleared. With `code`, only while that
 * secret is still active and the code's step is new (turning it off with a code takes the code).
 */
export async function clearTfa(tx: Transaction, userId: string, code?: { secret: string; step: number }): Promise<UserRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({ tfaSecret: null, tfaPendingSecret: null, tfaEnabledAt: null, tfaLastStep: null, updatedAt: sql`now()` })
    .where(code ? and(eq(users.id, userId), eq(users.tfaSecret, code.secret), stepIsNew(code.step)) : eq(users.id, userId))
    .returning();
  return row;
}

/** The domain's wait for 1, 2, … wrong codes in a row, to where it stops growing (the last entry holds beyond). */
const TFA_WAITS = Array.from({ length: TFA_FREE_TRIES + 10 }, (_, i) => tfaWaitSeconds(i + 1));

/**
 * Claims one try at a two-factor code before it is judged (decision 0021): counts it as a failure
 * and, from the TFA_FREE_TRIES-th one in a row, sets the time before which no further try is heard
 * (tfaWaitSeconds of the domain, looked up by the new count in the UPDATE itself, so that the claim
 * is one conditional statement). Of many requests at once, each sees the row as the one before it
 * left it, so exactly the free tries are judged. A right code then clears the count
 * (`clearTfaFailures`). Answers the seconds to wait when the try is refused, else 0.
 */
export async function claimTfaTry(db: Database, userId: string, now: Date): Promise<number> {
  const at = now.toISOString();
  const failures = sql`${users.tfaFailures} + 1`;
  const waitSeconds = sql`nullif((${sql.raw(`ARRAY[${TFA_WAITS.join(',')}]`)})[least(${failures}, ${TFA_WAITS.length}::int)], 0)`;
  const claimed = await db
    .update(users)
    .set({ tfaFailures: failures, tfaRetryAt: sql`${at}::timestamptz + make_interval(secs => ${waitSeconds})` })
    .where(and(eq(users.id, userId), or(isNull(users.tfaRetryAt), lte(users.tfaRetryAt, sql`${at}::timestamptz`))))
    .returning({ id: users.id });
  if (claimed.length > 0) return 0;
  const [row] = await db
    .select({ wait: sql<number>`ceil(extract(epoch from (${users.tfaRetryAt} - ${at}::timestamptz)))::int` })
    .from(users)
    .where(eq(users.id, userId));
  return Math.max(1, Number(row?.wait ?? 1));
}

/** A right code clears the wrong-code count and its wait (a password reset does not: decision 0021). */
export async function clearTfaFailures(tx: Pick<Database, 'update'>, userId: string): Promise<void> {
  await tx.update(users).set({ tfaFailures: 0, tfaRetryAt: null }).where(eq(users.id, userId));
}

/** The user declined setting up two-factor (the first time counts). */
export async function markTfaSetupSkipped(db: Database, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ tfaSetupSkippedAt: sql`coalesce(${users.tfaSetupSkippedAt}, now())`, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

export interface StoredTfaSecrets {
  tfaSecret: string | null;
  tfaPendingSecret: string | null;
}

/** Every user holding a two-factor secret or a pending one, as stored. */
export async function usersWithTfaSecrets(db: Database): Promise<(StoredTfaSecrets & { id: string })[]> {
  return db
    .select({ id: users.id, tfaSecret: users.tfaSecret, tfaPendingSecret: users.tfaPendingSecret })
    .from(users)
    .where(or(sql`${users.tfaSecret} is not null`, sql`${users.tfaPendingSecret} is not null`));
}

/** Replaces the stored secrets, only if the row still holds `was` (so concurrent writers agree); false otherwise. */
export async function replaceTfaSecrets(db: Database, userId: string, was: StoredTfaSecrets, next: StoredTfaSecrets): Promise<boolean> {
  const updated = await db
    .update(users)
    .set(next)
    .where(
      and(
        eq(users.id, userId),
        was.tfaSecret === null ? isNull(users.tfaSecret) : eq(users.tfaSecret, was.tfaSecret),
        was.tfaPendingSecret === null ? isNull(users.tfaPendingSecret) : eq(users.tfaPendingSecret, was.tfaPendingSecret),
      ),
    )
    .returning({ id: users.id });
  return updated.length > 0;
}

// ——— Profile and names ———

/**
 * `POST /user/profile`: only the profile fields change, by the domain's profile rules
 * (`validateProfileUpdate`: absent fields are kept, the phone number must suit the resulting
 * country). A 400 answers the first problem's code with every problem in `params`, as registration does.
 */
export async function updateProfile(db: Database, user: UserRow, input: ProfileUpdateRequest): Promise<PublicUser> {
  const result = validateProfileUpdate(input, user);
  if (!result.ok) throw new AppError(result.problems[0]!.errorCode, result.problems);
  const { changes } = result;
  if (Object.keys(changes).length === 0) return toPublicUser(user);

  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, user.id))
    .returning();
  if (!row) throw new AppError('user/not_found');
  return toPublicUser(row);
}

/** "Siti N.": the first name and the initial of the last name, nothing that identifies more. */
function displayName(firstName: string, lastName: string): string {
  const initial = Array.from(lastName.trim())[0];
  return initial ? `${firstName} ${initial.toLocaleUpperCase()}.` : firstName;
}

/**
 * `POST /user/names`: display names of the given users, in the order asked, each once; ids that
 * are malformed or name nobody are left out.
 */
export async function userNames(db: Database, userIds: string[]): Promise<{ id: string; displayName: string }[]> {
  const ids = [...new Set(userIds.filter((id) => isUuid(id)).map((id) => id.toLowerCase()))];
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ id: row.id, displayName: displayName(row.firstName, row.lastName) }] : [];
  });
}

/**
 * Where to mail each of the given users (the back-in-stock mail): address and first name. Blocked
 * accounts and ids that name nobody are left out.
 */
export async function mailContacts(db: Database, userIds: string[]): Promise<{ id: string; email: string; firstName: string }[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(inArray(users.id, userIds), isNull(users.blacklistedAt)));
}
