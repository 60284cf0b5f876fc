/**
 * How the account pages word the API's errors: always the catalogue message (rules: errors.md, via
 * `errorMessageFor`), plus what the page should offer next for the cases that need it.
 */
import { errorMessageFor, REGISTRATION_FIELDS, type RegistrationField } from '@kedai/domain';
import { waitInWords } from './two-factor';

export type SignInProblem =
  | { kind: 'unverified'; message: string }
  | { kind: 'blacklisted'; message: string; contact: string | null }
  | { kind: 'other'; message: string };

interface ErrorLike {
  errorCode?: unknown;
  params?: unknown;
  status?: unknown;
}

function fields(error: unknown): ErrorLike {
  return typeof error === 'object' && error !== null ? error : {};
}

/** A failed sign-in: the message to show, and whether to offer the verification code or a contact address. */
export function describeSignInError(error: unknown): SignInProblem {
  const { errorCode, params } = fields(error);
  const message = errorMessageFor(error);
  if (errorCode === 'auth/unverified_email') return { kind: 'unverified', message };
  if (errorCode === 'auth/account_blacklisted') {
    const contact = Array.isArray(params) && typeof params[0] === 'string' && params[0].includes('@') ? params[0] : null;
    return { kind: 'blacklisted', message, contact };
  }
  return { kind: 'other', message };
}

/**
 * The per-field problems of a 400 answer whose `params` lists `{field, errorCode, error}` (register,
 * profile), as field -> catalogue message for the given fields; other errors give none.
 */
export function fieldErrorsOf<F extends string>(error: unknown, known: readonly F[]): Partial<Record<F, string>> {
  const { params } = fields(error);
  const result: Partial<Record<F, string>> = {};
  if (!Array.isArray(params)) return result;
  for (const item of params) {
    const field = (fields(item) as { field?: unknown }).field;
    if (typeof field === 'string' && (known as readonly string[]).includes(field)) {
      result[field as F] ??= errorMessageFor(item);
    }
  }
  return result;
}

/** The per-field problems of a failed `POST /auth/register`; an address already in use belongs beside the e-mail. */
export function registerFieldErrors(error: unknown): Partial<Record<RegistrationField, string>> {
  const result = fieldErrorsOf(error, REGISTRATION_FIELDS);
  if (fields(error).errorCode === 'auth/email_taken') result.email ??= errorMessageFor(error);
  return result;
}

/** The message for a failed `POST /auth/resendVerifyCode`; a rate limit says how long to wait. */
export function resendErrorMessage(error: unknown): string {
  const { errorCode, params } = fields(error);
  const seconds = Array.isArray(params) ? Math.ceil(Number(params[0])) : NaN;
  if (errorCode === 'auth/resend_verify_code_rate_limit' && Number.isFinite(seconds) && seconds > 0) {
    return `Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} before asking for another code.`;
  }
  return errorMessageFor(error);
}

/**
 * The message for a failed two-factor call: a wait after too many wrong codes says how long in
 * words, and a staff account's refused reset by e-mail says what to do instead; else the catalogue's.
 */
export function tfaErrorMessage(error: unknown): string {
  const { errorCode, params } = fields(error);
  if (errorCode === 'auth/tfa_too_many_attempts') {
    const seconds = Array.isArray(params) ? Number(params[0]) : NaN;
    const wait = Number.isFinite(seconds) && seconds > 0 ? `about ${waitInWords(seconds)}` : 'a few minutes';
    return `Too many wrong codes in a row. For your safety, please wait ${wait} before trying again.`;
  }
  if (errorCode === 'auth/tfa_reset_staff') {
    return 'Two-factor authentication of a staff or owner account cannot be turned off by e-mail. Sign in with one of your recovery codes, or ask an owner of the shop to reset it in the back office.';
  }
  return errorMessageFor(error);
}
