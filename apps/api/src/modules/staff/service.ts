import { hash } from '@node-rs/argon2';
import { AppError, isUuid, parseEmail, toUnixSeconds, type StaffRole, type UserRole } from '@kedai/domain';
import type { StaffMember } from '@kedai/contract';
import { recordAudit } from '../../platform/audit';
import { randomToken } from '../../platform/secure-tokens';
import { revokeUserSessions } from '../../platform/session';
import { issueResetMail, type AuthDeps } from '../auth/service';
import { sendTfaNotice, turnTfaOff } from '../tfa/service';
import { createUser, findUserByEmail, lockOwners, lockUser, markEmailVerified, setRole, staffRows, type UserRow } from '../users/service';

export interface MakeStaffInput {
  email: string;
  role: StaffRole;
  firstName?: string;
  lastName?: string;
}

/**
 * Makes `email` a member of the shop's staff with `role` (the first owner is made this way, from
 * the command line: `npm run admin:create`). An address without an account gets one, verified, with
 * a password nobody knows; either way a one-time link to choose a password is mailed and answered,
 * so the person signs in with their own password and then sets up two-factor authentication.
 */
export async function makeStaff(
  deps: AuthDeps,
  input: MakeStaffInput,
  actorId: string | null = null,
): Promise<{ userId: string; created: boolean; link: string }> {
  const email = parseEmail(input.email);
  if (!email.ok) throw new AppError(email.errorCode);
  const existing = await findUserByEmail(deps.db, email.value);
  const passwordHash = existing ? null : await hash(randomToken());
  // The new account, its role and the audit row are kept or lost together; the role before is read
  // from the locked row, not from an earlier read another change may have overtaken.
  const userId = await deps.db.transaction(async (tx) => {
    let before: UserRow | undefined;
    if (existing) before = await lockUser(tx, existing.id);
    else {
      const row = await createUser(tx, {
        email: email.value,
        passwordHash: passwordHash!,
        firstName: input.firstName?.trim() || 'Shop',
        lastName: input.lastName?.trim() || (input.role === 'owner' ? 'Owner' : 'Staff'),
        phoneNumber: '',
        country: 'SG',
        birthDate: '1900-01-01',
        gender: 'unspecified',
      });
      before = (await markEmailVerified(tx, row.id)) ?? row;
    }
    if (!before) throw new AppError('user/not_found');
    await setRole(tx, before.id, input.role);
    await recordAudit(tx, {
      actorId,
      action: 'staff.role',
      objectType: 'user',
      objectId: before.id,
      before: existing ? { role: before.role } : null,
      after: { role: input.role, ...(existing ? {} : { email: email.value }) },
    });
    return before.id;
  });
  const link = await issueResetMail(deps, userId);
  if (!link) throw new AppError('user/not_found');
  return { userId, created: !existing, link };
}

/** The demo shop's owner (README "Back office"): only where the demo is seeded, never in production. */
export const DEMO_OWNER = { email: 'owner@kedai.example', password: 'Kedai-Owner-2026' } as const;

/**
 * Adds the documented demo owner when the address has no account yet (an existing account is left
 * as it is). Signing in with it, the back office asks to set up two-factor authentication first.
 */
export async function ensureDemoOwner(deps: Pick<AuthDeps, 'db'>): Promise<boolean> {
  if (await findUserByEmail(deps.db, DEMO_OWNER.email)) return false;
  const passwordHash = await hash(DEMO_OWNER.password);
  await deps.db.transaction(async (tx) => {
    const row = await createUser(tx, {
      email: DEMO_OWNER.email,
      passwordHash,
      firstName: 'Demo',
      lastName: 'Owner',
      phoneNumber: '+6591234567',
      country: 'SG',
      birthDate: '1990-01-01',
      gender: 'unspecified',
    });
    await markEmailVerified(tx, row.id);
    await setRole(tx, row.id, 'owner');
    await recordAudit(tx, {
      actorId: null,
      action: 'staff.role',
      objectType: 'user',
      objectId: row.id,
      before: null,
      after: { role: 'owner', demo: true },
    });
  });
  return true;
}

function toStaffMember(row: UserRow): StaffMember {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role === 'owner' ? 'owner' : 'staff',
    tfaEnabled: row.tfaSecret !== null,
    createdAt: toUnixSeconds(row.createdAt),
  };
}

/** `GET /admin/staff`. */
export async function listStaff(db: AuthDeps['db']): Promise<{ staff: StaffMember[] }> {
  return { staff: (await staffRows(db)).map(toStaffMember) };
}

/** `POST /admin/staff`: an owner adds someone (an account is made for a new address; a link to choose a password is mailed). */
export async function inviteStaff(
  deps: AuthDeps,
  actorId: string,
  input: { email: string; role: StaffRole },
): Promise<{ member: StaffMember }> {
  const { userId } = await makeStaff(deps, input, actorId);
  const member = (await staffRows(deps.db)).find((row) => row.id === userId);
  return { member: toStaffMember(member!) };
}

/**
 * `PUT /admin/staff/{id}`: changes a member's role, or takes the back office away (`shopper`). The
 * shop always keeps an owner: the last one cannot be demoted, not even by two owners at once.
 */
export async function changeStaffRole(
  db: AuthDeps['db'],
  actorId: string,
  userId: string,
  role: UserRole,
): Promise<{ member: StaffMember | null }> {
  if (!isUuid(userId)) throw new AppError('user/not_found');
  await db.transaction(async (tx) => {
    const owners = await lockOwners(tx);
    const before = await lockUser(tx, userId);
    if (!before) throw new AppError('user/not_found');
    if (role !== 'owner' && owners.includes(userId) && owners.length === 1) throw new AppError('staff/last_owner');
    await setRole(tx, userId, role);
    await recordAudit(tx, {
      actorId,
      action: 'staff.role',
      objectType: 'user',
      objectId: userId,
      before: { role: before.role },
      after: { role },
    });
  });
  const member = (await staffRows(db)).find((row) => row.id === userId);
  return { member: member ? toStaffMember(member) : null };
}

/**
 * Turns a member's two-factor off at once (decision 0021: staff are never reset by e-mail), its
 * recovery codes void and every session ended, audited as `staff.reset_tfa`; the member is
 * e-mailed and sets it up again at the next sign-in. `actorId` null: from the server's command line
 * (`npm run admin:create -- --reset-two-factor`, the last owner's way out), where any account may
 * be named. Answers the account's row as it now is.
 */
async function resetTfaOf(deps: AuthDeps, actorId: string | null, userId: string): Promise<UserRow> {
  const member = await deps.db.transaction(async (tx) => {
    const before = await lockUser(tx, userId);
    if (!before || (actorId !== null && before.role !== 'staff' && before.role !== 'owner')) throw new AppError('user/not_found');
    const after = (await turnTfaOff(tx, userId)) ?? before;
    await revokeUserSessions(tx, userId, 'tfa_changed');
    await recordAudit(tx, {
      actorId,
      action: 'staff.reset_tfa',
      objectType: 'user',
      objectId: userId,
      before: { tfaEnabled: before.tfaSecret !== null },
      after: { tfaEnabled: false },
    });
    return after;
  });
  deps.log.info({ userId, actorId }, 'two-factor authentication reset by an owner');
  await sendTfaNotice(deps, member, { kind: 'reset_by_owner', fromServer: actorId === null });
  return member;
}

/** `POST /admin/staff/{id}/reset_tfa`: an owner resets another member's two-factor (never their own: `staff/cannot_reset_own_tfa`). */
export async function resetMemberTfa(deps: AuthDeps, actorId: string, userId: string): Promise<{ ok: true }> {
  if (!isUuid(userId)) throw new AppError('user/not_found');
  if (userId.toLowerCase() === actorId) throw new AppError('staff/cannot_reset_own_tfa');
  await resetTfaOf(deps, actorId, userId.toLowerCase());
  return { ok: true };
}

/** `npm run admin:create -- --email … --reset-two-factor`: the account's two-factor off, from the server. */
export async function resetTfaFromServer(deps: AuthDeps, input: { email: string }): Promise<{ userId: string }> {
  const email = parseEmail(input.email);
  if (!email.ok) throw new AppError(email.errorCode);
  const existing = await findUserByEmail(deps.db, email.value);
  if (!existing) throw new AppError('user/not_found');
  await resetTfaOf(deps, null, existing.id);
  return { userId: existing.id };
}
