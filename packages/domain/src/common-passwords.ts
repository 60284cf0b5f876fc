/**
 * rules: validation.md "Passwords": a password being chosen (registering, changing it, resetting
 * it) must also not be one of the most common passwords (ASVS 6.2.4). The list is
 * common-passwords.json, generated from zxcvbn-ts's list of common passwords by
 * scripts/build-common-passwords.mjs (which says what it keeps, and why).
 *
 * This module, and only it, loads the list (about 300 kB), so it is kept apart from users.ts, which
 * every storefront page bundles: the storefront's forms run the rest of the rule before sending
 * (`parsePassword`, `validateRegistration`) and show the API's `auth/common_password` beside the
 * field; the API judges with the whole rule below.
 */
import { ERROR_MESSAGES } from './errors';
import type { FieldResult } from './fields';
import list from './common-passwords.json';
import { REGISTRATION_FIELDS, parsePassword, validateRegistration, type RegistrationInput, type RegistrationResult } from './users';

/** Where the list comes from, and its licence. */
export const COMMON_PASSWORDS_ATTRIBUTION: string = list.attribution;

let common: ReadonlySet<string> | undefined;

/**
 * Whether a password is one of the common ones: compared lower-cased, as typed and without one
 * trailing character that is not a letter, so `Password123`, `PASSWORD123` and `Password123!` are
 * all `password123`, and `Sunshine1` is `sunshine`.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(list.passwords);
  const lower = password.toLowerCase();
  return common.has(lower) || common.has(lower.replace(/\P{L}$/u, ''));
}

/**
 * The whole rule for a password being chosen: the policy of `parsePassword`
 * (`auth/invalid_new_password`, which says what is missing), then not a common one
 * (`auth/common_password`, which says why).
 */
export function parseNewPassword(input: unknown): FieldResult<string> {
  const parsed = parsePassword(input);
  if (!parsed.ok) return parsed;
  return isCommonPassword(parsed.value) ? { ok: false, errorCode: 'auth/common_password' } : parsed;
}

/** `validateRegistration` with the password judged by the whole rule (`parseNewPassword`): what the API registers by. */
export function validateNewRegistration(input: RegistrationInput, now: Date = new Date()): RegistrationResult {
  const result = validateRegistration(input, now);
  const password = parseNewPassword(input.password);
  if (password.ok || password.errorCode !== 'auth/common_password') return result;
  const problem = { field: 'password' as const, errorCode: password.errorCode, error: ERROR_MESSAGES[password.errorCode] };
  const problems = [...(result.ok ? [] : result.problems), problem];
  problems.sort((a, b) => REGISTRATION_FIELDS.indexOf(a.field) - REGISTRATION_FIELDS.indexOf(b.field));
  return { ok: false, problems };
}
