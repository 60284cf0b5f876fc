/**
 * How the account pages word the API's errors: always the catalogue message (spec §8, via
 * `errorMessageFor`), plus what the page should offer next for the cases that need it.
 */
import { errorMessageFor, REGISTRATION_FIELDS, type RegistrationField } from '@kedai/domain';

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
  return typeof error === 'object' && error !== null ? (error as ErrorLike) : {};
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
 * The per-field problems of a 400 answer of `POST /auth/register` (its `params` lists
 * `{field, errorCode, error}`), as field -> catalogue message; other errors give none.
 */
export function registerFieldErrors(error: unknown): Partial<Record<RegistrationField, string>> {
  const { params, errorCode } = fields(error);
  const result: Partial<Record<RegistrationField, string>> = {};
  if (Array.isArray(params)) {
    for (const item of params) {
      const problem = fields(item) as ErrorLike & { field?: unknown; error?: unknown };
      if (typeof problem.field === 'string' && (REGISTRATION_FIELDS as readonly string[]).includes(problem.field)) {
        result[problem.field as RegistrationField] ??= errorMessageFor(problem);
      }
    }
  }
  // An address already in use belongs beside the e-mail field.
  if (errorCode === 'auth/email_taken') result.email ??= errorMessageFor(error);
  return result;
}

/** The message for a failed `POST /auth/resendVerifyCode`; a rate limit says how long to wait. */
export function resendErrorMessage(error: unknown): string {
  const { errorCode, params } = fields(error);
  const message = errorMessageFor(error);
  const seconds = Array.isArray(params) ? Number(params[0]) : NaN;
  if (errorCode === 'auth/resend_verify_code_rate_limit' && Number.isFinite(seconds) && seconds > 0) {
    return `${message} (try again in ${Math.ceil(seconds)} ${Math.ceil(seconds) === 1 ? 'second' : 'seconds'})`;
  }
  return message;
}
