/**
 * Which screen the back office shows for a session (rules: access.md "Staff"): sign in; a shopper's
 * account has no access; staff without two-factor authentication set it up; staff who owe the code
 * give it; then the back office. The server checks all of it again on every call.
 */
import type { SessionState } from '@kedai/contract';
import { roleAllows, type StaffRole } from '@kedai/domain';

export type Gate = 'sign-in' | 'no-access' | 'tfa-setup' | 'tfa-code' | 'open';

export function gateOf(session: SessionState | undefined): Gate {
  if (!session?.signedIn || !session.profile) return 'sign-in';
  if (!roleAllows(session.profile.role, 'staff')) return 'no-access';
  if (!session.tfaEnabled) return 'tfa-setup';
  if (!session.tfaPassed) return 'tfa-code';
  return 'open';
}

/** Whether the signed-in account may use what needs `role` (the audit log needs an owner). */
export const sessionAllows = (session: SessionState | undefined, role: StaffRole): boolean =>
  roleAllows(session?.profile?.role ?? 'shopper', role);

export const SIGNED_OUT: SessionState = { profile: null, signedIn: false, tfaPassed: false, tfaEnabled: false, tfaSetupSkipped: false };
