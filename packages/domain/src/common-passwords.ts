/**
 * rules: validation.md "Passwords": the most common passwords are refused (ASVS 6.2.4), whatever
 * else they satisfy. The list is common-passwords.json, generated from zxcvbn-ts's list of common
 * passwords by scripts/build-common-passwords.mjs (which says what it keeps, and why).
 */
import list from './common-passwords.json';

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
