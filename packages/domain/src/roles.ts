/**
 * Who may do what in the back office (rules: access.md). Every account is a shopper; the shop's
 * staff have one of two roles on top: `staff` (catalogue, content, quotations, orders, chat) and
 * `owner` (all of that, plus staff accounts and the shop's settings). The server checks the role of
 * every back-office call with `roleAllows`, in one guard.
 */

export const USER_ROLES = ['shopper', 'staff', 'owner'] as const;
export type UserRole = (typeof USER_ROLES)[number];
/** The roles that reach the back office, least first. */
export const STAFF_ROLES = ['staff', 'owner'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isUserRole(value: unknown): value is UserRole {
  return typeof value === 'string' && (USER_ROLES as readonly string[]).includes(value);
}

/** Whether an account of `role` may make a call that needs `needed` (an owner may do what staff may). */
export function roleAllows(role: string, needed: StaffRole): boolean {
  const rank = (STAFF_ROLES as readonly string[]).indexOf(role);
  return rank >= 0 && rank >= STAFF_ROLES.indexOf(needed);
}
