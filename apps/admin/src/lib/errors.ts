/**
 * How the back office words a failed call. Staff see the API's own message (the envelope's `error`,
 * architecture §6), else the catalogue's wording of its code, else the error's message, else
 * 'Unknown error'; a 400 that lists fields puts each message beside its field.
 */
import { ERROR_MESSAGES, formatErrorMessage, isErrorCode, type ErrorParams } from '@kedai/domain';

interface ErrorLike {
  errorCode?: unknown;
  error?: unknown;
  params?: unknown;
  status?: unknown;
  message?: unknown;
}

const like = (value: unknown): ErrorLike => (typeof value === 'object' && value !== null ? value : {});
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** The sentence to show for any failure of an API call. */
export function errorText(error: unknown): string {
  if (typeof error === 'string') return error || 'Unknown error';
  const { errorCode, error: apiText, params, message } = like(error);
  const own = text(apiText);
  if (own) return own;
  if (isErrorCode(errorCode)) {
    const values = Array.isArray(params) || (typeof params === 'object' && params !== null) ? (params as ErrorParams) : undefined;
    return formatErrorMessage(ERROR_MESSAGES[errorCode], values);
  }
  return text(message) ?? 'Unknown error';
}

export const statusOf = (error: unknown): number | null => {
  const { status } = like(error);
  return typeof status === 'number' ? status : null;
};
export const codeOf = (error: unknown): string | null => text(like(error).errorCode);

/** Field -> message of a 400 answer whose `params` lists `{field, errorCode, error}` (rules: errors.md). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  const { params } = like(error);
  if (statusOf(error) !== 400 || !Array.isArray(params)) return result;
  for (const item of params) {
    const field = (like(item) as { field?: unknown }).field;
    if (typeof field === 'string' && field !== '' && !(field in result)) result[field] = errorText(item);
  }
  return result;
}

export const STALE_PRODUCT_MESSAGE =
  'Someone else changed this product after you opened it, so your changes were not saved. Reload it to see theirs, then make yours again.';

/** A save refused because the product changed since it was read (409 on `PUT` with an old `version`). */
export const isStale = (error: unknown): boolean => codeOf(error) === 'product/version_conflict';

/** What a failed call says about the session: signed out, owing the second factor, or no back-office role. */
export function sessionProblem(error: unknown): 'signed-out' | 'second-factor' | 'no-access' | null {
  const status = statusOf(error);
  const code = codeOf(error);
  if (status === 401) return 'signed-out';
  if (status === 403 && code === 'auth/tfa_not_verified') return 'second-factor';
  if (status === 403 && code === 'auth/not_authorized') return 'no-access';
  return null;
}
