/**
 * The rules of a user's fields (rules: entities.md "User", §5 limits), one function per rule. Each `parse…`
 * takes whatever the client sent (`unknown`), and answers either the normalised value or the
 * catalogue code of the problem. The API registers and updates profiles through these; the web
 * can run the same rules in its forms.
 */
import examples from 'libphonenumber-js/examples.mobile.json';
import { getExampleNumber, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { isCountryCode } from './countries';
import type { ErrorCode } from './errors';
import { codePoints, collectFields, fail, ok, parseText, type FieldProblem, type FieldResult } from './fields';

/** rules: validation.md: first and last name are 1 to 100 characters (after trimming). */
export const NAME_MAX_LENGTH = 100;
/** RFC 5321's limits on a forward path. */
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_MAX_LENGTH = 64;
/** rules: validation.md: at least 8 characters. The upper bound only keeps password hashing cheap. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
/** The gender choices of the profile; `unspecified` is the "prefer not to say" answer. */
export const GENDERS = ['female', 'male', 'other', 'unspecified'] as const;
export type Gender = (typeof GENDERS)[number];
/** Earliest accepted birth date. */
export const BIRTH_DATE_MIN = '1900-01-01';
/** E-mail verification codes are this many decimal digits. */
export const VERIFY_CODE_LENGTH = 6;
/** Wrong guesses at one code (made for a known e-mail) before that code is locked. */
export const VERIFY_CODE_MAX_ATTEMPTS = 5;

function parseName(input: unknown, errorCode: ErrorCode): FieldResult<string> {
  return parseText(input, { min: 1, max: NAME_MAX_LENGTH }, errorCode);
}

/** A first name: trimmed, 1–100 characters, no control characters. */
export function parseFirstName(input: unknown): FieldResult<string> {
  return parseName(input, 'user/invalid_first_name');
}

/** A last name: trimmed, 1–100 characters, no control characters. */
export function parseLastName(input: unknown): FieldResult<string> {
  return parseName(input, 'user/invalid_last_name');
}

/** The stored form of an e-mail address: trimmed and lower-cased. Addresses compare in this form. */
export function normaliseEmail(input: string): string {
  return input.trim().toLowerCase();
}

// Local part: the characters of the WHATWG `input type=email` rule, dots only between others.
const EMAIL_LOCAL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
// Domain: at least two LDH labels of 1–63 characters; the last one (TLD) is letters or an xn-- label.
const EMAIL_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const EMAIL_TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** Whether an already normalised address is a deliverable-looking `local@domain.tld`. */
export function isEmail(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.lastIndexOf('@');
  if (at < 1) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > EMAIL_LOCAL_MAX_LENGTH || !EMAIL_LOCAL.test(local)) return false;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => EMAIL_LABEL.test(label))) return false;
  return EMAIL_TLD.test(labels[labels.length - 1]!);
}

/** An e-mail address: trimmed, lower-cased, `local@domain.tld` (ASCII; IDN domains in xn-- form). */
export function parseEmail(input: unknown): FieldResult<string> {
  if (typeof input !== 'string') return fail('user/invalid_email');
  const value = normaliseEmail(input);
  return isEmail(value) ? ok(value) : fail('user/invalid_email');
}

/**
 * rules: validation.md password policy: at least 8 characters, a lower-case and an upper-case letter, and a
 * number or symbol (any character that is neither a letter nor white space). Not trimmed. A password
 * being chosen must also not be a common one: `parseNewPassword` (common-passwords.ts) is the whole rule.
 */
export function parsePassword(input: unknown): FieldResult<string> {
  if (typeof input !== 'string') return fail('auth/invalid_new_password');
  const length = codePoints(input);
  const good =
    length >= PASSWORD_MIN_LENGTH &&
    length <= PASSWORD_MAX_LENGTH &&
    /\p{Ll}/u.test(input) &&
    /\p{Lu}/u.test(input) &&
    /[^\p{L}\s]/u.test(input);
  return good ? ok(input) : fail('auth/invalid_new_password');
}

/** An ISO 3166-1 alpha-2 country code, trimmed and upper-cased (`sg` -> `SG`). */
export function parseCountry(input: unknown): FieldResult<string> {
  if (typeof input !== 'string') return fail('user/invalid_country');
  const value = input.trim().toUpperCase();
  return isCountryCode(value) ? ok(value) : fail('user/invalid_country');
}

/**
 * A phone number, returned in E.164 (`+65 9123-4567` -> `+6591234567`): in international form
 * (`+` and the country calling code), or, when `country` is given and the metadata knows it, as
 * the number is written within that country (`91234567` in Singapore, `090-1234-5678` in Japan).
 * Spaces, dots, hyphens and brackets are allowed as separators. It must be a valid number
 * (libphonenumber's metadata) and, when `country` is known, a number of that country. A `country`
 * the metadata does not know (e.g. Antarctica) accepts any valid international number.
 */
export function parsePhoneNumber(input: unknown, country?: string): FieldResult<string> {
  if (typeof input !== 'string') return fail('user/invalid_phone_number');
  const compact = input.trim().replace(/[\s.()-]/g, '');
  const home = country && isSupportedCountry(country) ? country : undefined;
  const international = /^\+[1-9]\d{1,14}$/.test(compact);
  if (!international && !(home && /^\d{3,17}$/.test(compact))) return fail('user/invalid_phone_number');
  const parsed = international ? parsePhoneNumberFromString(compact) : parsePhoneNumberFromString(compact, home);
  if (!parsed || !parsed.isValid()) return fail('user/invalid_phone_number');
  if (country && isSupportedCountry(country) && parsed.country !== country) return fail('user/invalid_phone_number');
  return ok(parsed.number);
}

/**
 * A mobile number of the country as its people write it, with the international form, for a
 * form's hint: `{national: '8123 4567', international: '+65 8123 4567'}`; null when the metadata
 * has no example for it.
 */
export function phoneExample(country: string): { national: string; international: string } | null {
  if (!isSupportedCountry(country)) return null;
  const example = getExampleNumber(country, examples);
  return example ? { national: example.formatNational(), international: example.formatInternational() } : null;
}

/** Today's date (YYYY-MM-DD) where it is latest on Earth (UTC+14), so nobody's "today" is refused. */
function latestToday(now: Date): string {
  return new Date(now.getTime() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** A birth date `YYYY-MM-DD` that exists in the calendar, from 1900-01-01 up to today. */
export function parseBirthDate(input: unknown, now: Date = new Date()): FieldResult<string> {
  if (typeof input !== 'string') return fail('user/invalid_birthdate');
  const value = input.trim();
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return fail('user/invalid_birthdate');
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  // Same-length ISO dates compare as strings.
  if (!real || value < BIRTH_DATE_MIN || value > latestToday(now)) return fail('user/invalid_birthdate');
  return ok(value);
}

export function isGender(value: unknown): value is Gender {
  return typeof value === 'string' && (GENDERS as readonly string[]).includes(value);
}

/** One of GENDERS, case and surrounding spaces ignored. */
export function parseGender(input: unknown): FieldResult<Gender> {
  if (typeof input !== 'string') return fail('user/invalid_gender');
  const value = input.trim().toLowerCase();
  return isGender(value) ? ok(value) : fail('user/invalid_gender');
}

/** Registration requires acceptTerms, and only the JSON value `true` counts. */
export function parseAcceptTerms(input: unknown): FieldResult<true> {
  return input === true ? ok(true) : fail('user/invalid_accept_terms');
}

/**
 * A verification code as typed: digits, with spaces or hyphens people put in ("123 456")
 * removed. Anything else is not a code.
 */
export function normaliseVerificationCode(input: unknown): string | undefined {
  if (typeof input !== 'string') return undefined;
  const value = input.replace(/[\s-]/g, '');
  return new RegExp(`^\\d{${VERIFY_CODE_LENGTH}}$`).test(value) ? value : undefined;
}

/** The fields of `POST /auth/register`, in the spec's order (which is also the order problems are listed in). */
export const REGISTRATION_FIELDS = [
  'email',
  'password',
  'firstName',
  'lastName',
  'phoneNumber',
  'country',
  'birthDate',
  'gender',
  'acceptTerms',
] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

export type RegistrationInput = Partial<Record<RegistrationField, unknown>>;

export interface Registration {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** E.164 */
  phoneNumber: string;
  /** ISO 3166-1 alpha-2, upper case */
  country: string;
  /** YYYY-MM-DD */
  birthDate: string;
  gender: Gender;
  acceptTerms: true;
}

export type RegistrationResult = { ok: true; value: Registration } | { ok: false; problems: FieldProblem<RegistrationField>[] };

/**
 * Every rule of a registration at once. Answers the normalised registration, or every problem
 * (at most one per field) in field order, so a form can mark each field and an API can answer
 * with the first. All fields are required. The phone number is checked against the country
 * when the country is valid, and only for being a valid international number otherwise.
 */
export function validateRegistration(input: RegistrationInput, now: Date = new Date()): RegistrationResult {
  const country = parseCountry(input.country);
  const results = {
    email: parseEmail(input.email),
    password: parsePassword(input.password),
    firstName: parseFirstName(input.firstName),
    lastName: parseLastName(input.lastName),
    phoneNumber: parsePhoneNumber(input.phoneNumber, country.ok ? country.value : undefined),
    country,
    birthDate: parseBirthDate(input.birthDate, now),
    gender: parseGender(input.gender),
    acceptTerms: parseAcceptTerms(input.acceptTerms),
  } satisfies Record<RegistrationField, FieldResult<unknown>>;

  return collectFields(REGISTRATION_FIELDS, results);
}

/** The fields a user may change in their profile (`POST /user/profile`), in the order problems are listed. */
export const PROFILE_FIELDS = ['firstName', 'lastName', 'phoneNumber', 'country', 'birthDate', 'gender'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileInput = Partial<Record<ProfileField, unknown>>;
export type ProfileChanges = Partial<Record<ProfileField, string>>;

export type ProfileUpdateResult = { ok: true; changes: ProfileChanges } | { ok: false; problems: FieldProblem<RegistrationField>[] };

/**
 * The rules of a profile update: each field given is checked by the rule registration uses;
 * absent (undefined) fields are kept. The phone number must suit the country the profile ends up
 * with, so a change of country alone is refused when the stored number does not belong to it
 * (the problem is the phone number's). Answers the normalised changes, or every problem in field order.
 */
export function validateProfileUpdate(
  input: ProfileInput,
  current: { country: string; phoneNumber: string },
  now: Date = new Date(),
): ProfileUpdateResult {
  const given = (field: ProfileField) => input[field] !== undefined;
  const country = given('country') ? parseCountry(input.country) : undefined;
  // The country the phone number is checked against: the new one, the stored one if none is
  // given, no country at all if the new one is invalid (its own problem is reported).
  const phoneCountry = country ? (country.ok ? country.value : undefined) : current.country;
  let phoneNumber: FieldResult<string> | undefined;
  if (given('phoneNumber')) phoneNumber = parsePhoneNumber(input.phoneNumber, phoneCountry);
  else if (country?.ok && country.value !== current.country) phoneNumber = parsePhoneNumber(current.phoneNumber, country.value);

  const results: Partial<Record<ProfileField, FieldResult<string>>> = {
    firstName: given('firstName') ? parseFirstName(input.firstName) : undefined,
    lastName: given('lastName') ? parseLastName(input.lastName) : undefined,
    phoneNumber,
    country,
    birthDate: given('birthDate') ? parseBirthDate(input.birthDate, now) : undefined,
    gender: given('gender') ? parseGender(input.gender) : undefined,
  };
  const checked = PROFILE_FIELDS.filter((field) => results[field] !== undefined);
  const joined = collectFields(checked, results as Record<ProfileField, FieldResult<string>>);
  return joined.ok ? { ok: true, changes: joined.value } : { ok: false, problems: joined.problems };
}
