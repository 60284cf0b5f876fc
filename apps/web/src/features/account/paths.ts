/**
 * Addresses of the account pages, and where a user goes once signed in (rules: state.md: "After login the
 * user returns to the remembered path"; a session that owes its second factor is asked for it first).
 */
import { SIGN_IN_PATH, consumeReturnPath } from './return-path';

export const REGISTER_PATH = '/register';
const VERIFY_EMAIL_PATH = '/verify_email';
export const TFA_VERIFY_PATH = '/two_factor/verify';
export const FORGOT_PASSWORD_PATH = '/forgot_password';
export const PROFILE_PATH = '/profile';
export const CHANGE_PASSWORD_PATH = '/profile/password';
export const ADDRESSES_PATH = '/profile/addresses';
export const SAVED_CARDS_PATH = '/profile/cards';
export const ORDERS_PATH = '/orders';
export const TWO_FACTOR_PATH = '/two_factor';
/** The id of the recovery-codes part of `/two_factor`, linked from the sign-in code page. */
export const RECOVERY_CODES_ANCHOR = 'recovery-codes';

/** `/verify_email?email=…` (the e-mail pre-filled), or the bare page. */
export function verifyEmailHref(email?: string | null): string {
  const value = email?.trim();
  return value ? `${VERIFY_EMAIL_PATH}?${new URLSearchParams({ email: value })}` : VERIFY_EMAIL_PATH;
}

/** `/sign_in?email=…` (the e-mail pre-filled), or the bare page. */
export function signInHref(email?: string | null): string {
  const value = email?.trim();
  return value ? `${SIGN_IN_PATH}?${new URLSearchParams({ email: value })}` : SIGN_IN_PATH;
}

export interface SessionFlags {
  signedIn: boolean;
  tfaEnabled: boolean;
  tfaPassed: boolean;
}

export function owesSecondFactor(session: SessionFlags): boolean {
  return session.signedIn && session.tfaEnabled && !session.tfaPassed;
}

/**
 * Where to go after a successful sign-in or two-factor check: the two-factor prompt while it is
 * owed (the remembered path is kept for after it), else the remembered path (used once), else home.
 */
export function pathAfterSignIn(session: SessionFlags, takeReturnPath: () => string | null = consumeReturnPath): string {
  if (owesSecondFactor(session)) return TFA_VERIFY_PATH;
  return takeReturnPath() ?? '/';
}

/**
 * Goes to `path` after signing in. An address with a `#hash` is loaded afresh rather than by the
 * client router: Next 16's router re-adds the hash of the address a tab was opened at (the
 * sign-in-required page itself), which doubled it (`#form#form`; vercel/next.js#96714).
 */
export function goAfterSignIn(router: { replace(href: string): void }, path: string): void {
  if (path.includes('#') && typeof window !== 'undefined') window.location.replace(path);
  else router.replace(path);
}
