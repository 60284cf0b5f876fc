import { AppError, isUuid, validateProfileUpdate } from '@kedai/domain';
import { inArray, schema, sql, eq, type Database } from '@kedai/db';
import type { ProfileUpdateRequest, PublicUser } from '@kedai/contract';
import { toPublicUser } from '../auth/service';

type UserRow = typeof schema.users.$inferSelect;
const { users } = schema;

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
export function displayName(firstName: string, lastName: string): string {
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
