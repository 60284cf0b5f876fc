import {
  AppError,
  ERROR_MESSAGES,
  parseBirthDate,
  parseCountry,
  parseFirstName,
  parseGender,
  parseLastName,
  parsePhoneNumber,
  type FieldProblem,
  type FieldResult,
} from '@kedai/domain';
import { inArray, schema, sql, eq, type Database } from '@kedai/db';
import type { ProfileUpdateRequest, PublicUser } from '@kedai/contract';
import { toPublicUser } from '../auth/service';

type UserRow = typeof schema.users.$inferSelect;
const { users } = schema;

/** The fields `POST /user/profile` may change, in the order problems are listed (that of registration). */
export const PROFILE_FIELDS = ['firstName', 'lastName', 'phoneNumber', 'country', 'birthDate', 'gender'] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];

/**
 * `POST /user/profile`: only the profile fields change, each checked by the domain rule
 * registration uses; absent fields keep their value. The phone number must suit the country the
 * profile ends up with, so a change of country alone is refused when the stored number does not
 * belong to it (the problem is the phone number's). A 400 answers the first problem's code with
 * every problem in `params`, as registration does.
 */
export async function updateProfile(db: Database, user: UserRow, input: ProfileUpdateRequest): Promise<PublicUser> {
  const given = (field: ProfileField) => input[field] !== undefined;
  const country = given('country') ? parseCountry(input.country) : undefined;
  // The country the phone number is checked against: the new one, the stored one if none is
  // given, no country at all if the new one is invalid (its own problem is reported).
  const phoneCountry = country ? (country.ok ? country.value : undefined) : user.country;
  let phoneNumber: FieldResult<string> | undefined;
  if (given('phoneNumber')) phoneNumber = parsePhoneNumber(input.phoneNumber, phoneCountry);
  else if (country?.ok && country.value !== user.country) phoneNumber = parsePhoneNumber(user.phoneNumber, country.value);

  const results: Partial<Record<ProfileField, FieldResult<string>>> = {
    firstName: given('firstName') ? parseFirstName(input.firstName) : undefined,
    lastName: given('lastName') ? parseLastName(input.lastName) : undefined,
    phoneNumber,
    country,
    birthDate: given('birthDate') ? parseBirthDate(input.birthDate) : undefined,
    gender: given('gender') ? parseGender(input.gender) : undefined,
  };
  const problems: FieldProblem[] = [];
  const changes: Partial<Record<ProfileField, string>> = {};
  for (const field of PROFILE_FIELDS) {
    const result = results[field];
    if (!result) continue;
    if (result.ok) changes[field] = result.value;
    else problems.push({ field, errorCode: result.errorCode, error: ERROR_MESSAGES[result.errorCode] });
  }
  if (problems.length > 0) throw new AppError(problems[0]!.errorCode, problems);
  if (Object.keys(changes).length === 0) return toPublicUser(user);

  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, user.id))
    .returning();
  if (!row) throw new AppError('user/not_found');
  return toPublicUser(row);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  const ids = [...new Set(userIds.filter((id) => UUID.test(id)).map((id) => id.toLowerCase()))];
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
