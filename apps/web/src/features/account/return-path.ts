/**
 * rules: screens.md "/sign_in": a redirect that requires signing in first remembers the current path, query
 * and hash, so the user returns there after login (rules: state.md). Kept in `sessionStorage` (this tab,
 * this visit). Only same-site paths are kept, so a crafted address cannot send a shopper to
 * another site after signing in.
 */

export const RETURN_PATH_KEY = 'kedai_return_path';
export const SIGN_IN_PATH = '/sign_in';

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function sessionStore(): StorageLike | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage disabled (privacy settings)
  }
}

/** A path of this site: starts with one `/` (not `//` or `/\`), no scheme, no control characters. */
export function isSafeReturnPath(path: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  return /^\/(?![/\\])/.test(path) && !/[\u0000-\u001f\u007f]/.test(path);
}

function withPrefix(value: string, prefix: '?' | '#'): string {
  if (value === '' || value === prefix) return '';
  return value.startsWith(prefix) ? value : `${prefix}${value}`;
}

/** Joins path, query (`?a=1`, `a=1` or params) and hash (`#x` or `x`) into one address. */
export function joinReturnPath(path: string, query: string | URLSearchParams | Record<string, string> = '', hash = ''): string {
  const search = typeof query === 'string' ? query : new URLSearchParams(query).toString();
  return `${path || '/'}${withPrefix(search, '?')}${withPrefix(hash, '#')}`;
}

/**
 * The account pages a shopper passes through on the way to signing in (sign in, register, verify
 * the e-mail, forgot or reset the password, the second factor): never a place to come back to,
 * or signing in from one would land on it again.
 */
const ACCOUNT_FLOW =
  /^(?:\/[A-Za-z]{2})?\/(?:sign_in|register|verify_email|forgot_password|reset_password|two_factor\/(?:verify|reset|cancel_reset))(?:[/?#]|$)/;

/**
 * Remembers where to return after signing in. The account-flow pages (with or without a country
 * prefix) and unsafe paths are not remembered. Returns whether something was stored.
 */
export function rememberReturnPath(
  path: string,
  query: string | URLSearchParams | Record<string, string> = '',
  hash = '',
  storage: StorageLike | null = sessionStore(),
): boolean {
  if (!storage || !isSafeReturnPath(path)) return false;
  if (ACCOUNT_FLOW.test(path)) return false;
  try {
    storage.setItem(RETURN_PATH_KEY, joinReturnPath(path, query, hash));
    return true;
  } catch {
    return false;
  }
}

/** The remembered address without forgetting it, or null. */
export function peekReturnPath(storage: StorageLike | null = sessionStore()): string | null {
  if (!storage) return null;
  try {
    const value = storage.getItem(RETURN_PATH_KEY);
    return value && isSafeReturnPath(value) ? value : null;
  } catch {
    return null;
  }
}

/** The remembered address, forgotten as it is read (use it once, after login), or null. */
export function consumeReturnPath(storage: StorageLike | null = sessionStore()): string | null {
  const value = peekReturnPath(storage);
  try {
    storage?.removeItem(RETURN_PATH_KEY);
  } catch {
    // nothing to forget
  }
  return value;
}

/** Remembers the browser's current address (path, query, hash); call before sending to `/sign_in`. */
export function rememberCurrentLocation(): boolean {
  if (typeof window === 'undefined') return false;
  const { pathname, search, hash } = window.location;
  return rememberReturnPath(pathname, search, hash);
}
