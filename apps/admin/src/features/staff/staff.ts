/**
 * The Staff screen's pure parts (owners; rules: access.md "Staff"): a member's name, the order of
 * the list, the add form checked before sending, what a role change means for the one making it,
 * the sentences said after each change, and the API's refusals in words.
 */
import type { StaffMember } from '@kedai/contract';
import { parseEmail, type StaffRole } from '@kedai/domain';
import { codeOf, errorText } from '../../lib/errors';

/** What a row can be changed to: a back-office role, or `shopper` (the back office taken away). */
export type RoleChoice = StaffRole | 'shopper';

export const ROLE_LABELS: Record<StaffRole, string> = { staff: 'Staff', owner: 'Owner' };

/** "Siti Rahman", or the e-mail address when the account has no name. */
export const memberName = (member: Pick<StaffMember, 'firstName' | 'lastName' | 'email'>): string =>
  `${member.firstName} ${member.lastName}`.trim() || member.email;

/** Owners first, then staff; each by name, then e-mail (the API's order is not promised). */
export function sortStaff(staff: readonly StaffMember[]): StaffMember[] {
  const rank = (member: StaffMember) => (member.role === 'owner' ? 0 : 1);
  return [...staff].sort(
    (a, b) =>
      rank(a) - rank(b) || memberName(a).localeCompare(memberName(b), 'en', { sensitivity: 'base' }) || a.email.localeCompare(b.email),
  );
}

export const countOwners = (staff: readonly StaffMember[]): number => staff.filter((member) => member.role === 'owner').length;

/** Whether a change would leave the shop with no owner (the API refuses it: 409 `staff/last_owner`). */
export const leavesNoOwner = (staff: readonly StaffMember[], member: StaffMember, role: RoleChoice): boolean =>
  member.role === 'owner' && role !== 'owner' && countOwners(staff) <= 1;

export interface InviteForm {
  email: string;
  role: StaffRole;
}

export const emptyInviteForm = (): InviteForm => ({ email: '', role: 'staff' });

export type InviteCheck = { ok: true; input: InviteForm } | { ok: false; error: string };

/** The add form as `POST /admin/staff`'s body (the address normalised as the API does), or what is wrong with it. */
export function checkInvite(form: InviteForm, staff: readonly StaffMember[] = []): InviteCheck {
  if (form.email.trim() === '') return { ok: false, error: 'Enter the e-mail address of the person to add.' };
  const email = parseEmail(form.email);
  if (!email.ok) return { ok: false, error: 'Enter an e-mail address like name@example.com.' };
  const already = staff.find((member) => member.email.toLowerCase() === email.value.toLowerCase());
  if (already) {
    return {
      ok: false,
      error: `${email.value} is already in the back office as ${ROLE_LABELS[already.role].toLowerCase()}; change the role in the table instead.`,
    };
  }
  return { ok: true, input: { email: email.value, role: form.role } };
}

/** Said once someone was added: where the link went, and the second factor they set up first. */
export function addedText(member: StaffMember | null, input: InviteForm): string {
  const who = member ? memberName(member) : input.email;
  const role = ROLE_LABELS[member?.role ?? input.role].toLowerCase();
  const address = member?.email ?? input.email;
  return `${who} was added as ${role}. A link to choose a password was e-mailed to ${address}; they must set up two-factor authentication the first time they sign in to the back office.`;
}

/** Said once a role was changed, or the back office taken away. */
export function changedText(member: StaffMember, role: RoleChoice, self: boolean): string {
  const who = self ? 'You' : memberName(member);
  if (role === 'shopper') {
    return self
      ? 'You no longer have access to the back office.'
      : `${who} no longer has access to the back office; the account stays, as a shopper's.`;
  }
  return `${who} ${self ? 'are' : 'is'} now ${role === 'owner' ? 'an owner' : 'staff'}.`;
}

export interface Confirmation {
  title: string;
  body: string;
  confirm: string;
  cancel: string;
}

/** The question asked before a change is sent (`step` 2 is the second time for taking your own access away). */
export function confirmationOf(member: StaffMember, role: RoleChoice, self: boolean, step: 1 | 2): Confirmation {
  const name = memberName(member);
  if (role === 'shopper' && self && step === 2) {
    return {
      title: 'Are you sure? You are asked twice because this is your own access',
      body: "Once removed, your account is a shopper's: this screen closes and only another owner can add you back.",
      confirm: 'Remove me from the back office now',
      cancel: 'Keep my access',
    };
  }
  if (role === 'shopper' && self) {
    return {
      title: 'Remove yourself from the back office?',
      body: 'You lose access to the back office at once, and only another owner can give it back.',
      confirm: 'Yes, remove me',
      cancel: 'Keep my access',
    };
  }
  if (role === 'shopper') {
    return {
      title: `Remove ${name} from the back office?`,
      body: "They can no longer use the back office. Their account stays, as a shopper's, and they can be added again later.",
      confirm: `Remove ${name}`,
      cancel: `Keep ${name}`,
    };
  }
  return {
    title: self ? 'Make yourself staff instead of an owner?' : `Make ${name} ${role === 'owner' ? 'an owner' : 'staff'}?`,
    body: self
      ? 'You will no longer see Staff, Settings or the audit log; only another owner can make you an owner again.'
      : "Owners also manage the staff and the shop's settings.",
    confirm: self ? 'Make me staff' : `Make ${name} ${role === 'owner' ? 'an owner' : 'staff'}`,
    cancel: self ? 'Stay an owner' : 'Cancel',
  };
}

/**
 * The question before another member's two-factor is reset (`POST /admin/staff/:id/reset_tfa`,
 * decision 0021): it is off at once, their sessions end, and they set it up again at next sign-in.
 */
export function tfaResetConfirmation(member: StaffMember): Confirmation {
  const name = memberName(member);
  return {
    title: `Reset ${name}'s two-factor authentication?`,
    body: `Do this only when you are sure it is ${name} asking (for example, they lost their phone and their recovery codes). Their two-factor authentication and recovery codes stop working at once and they are signed out everywhere; the next time they sign in to the back office they must set it up again with their authenticator app. We e-mail them that it was reset.`,
    confirm: `Reset ${name}'s two-factor`,
    cancel: 'Cancel',
  };
}

/** Said once a member's two-factor was reset. */
export const tfaResetText = (member: StaffMember): string =>
  `${memberName(member)}'s two-factor authentication was reset. They were signed out and must set it up again the next time they sign in; we e-mailed ${member.email} to say so.`;

/** What a change asks before it is sent: nothing, one confirmation, or two (taking the back office away from yourself). */
export function confirmationsNeeded(role: RoleChoice, self: boolean): 0 | 1 | 2 {
  if (role === 'shopper') return self ? 2 : 1;
  return self && role === 'staff' ? 1 : 0;
}

export const LAST_OWNER_TEXT = 'The shop must keep at least one owner. Make someone else an owner first, then change this one.';

/** The sentence for a refused change, in the owner's words. */
export function staffErrorText(error: unknown): string {
  switch (codeOf(error)) {
    case 'staff/last_owner':
      return LAST_OWNER_TEXT;
    case 'user/not_found':
      return 'That account no longer exists. The list has been reloaded.';
    case 'user/invalid_email':
      return 'Enter an e-mail address like name@example.com.';
    case 'staff/cannot_reset_own_tfa':
      return 'You cannot reset your own two-factor authentication: ask another owner, or sign in with one of your recovery codes.';
    default:
      return errorText(error);
  }
}

const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });

/** "25 Nov 2026" for unix seconds, and the machine-readable moment for `<time>`. */
export function addedOn(seconds: number): { text: string; iso: string } {
  const date = new Date(seconds * 1000);
  return { text: day.format(date), iso: date.toISOString() };
}

/** The audit log of what a member did (`/audit?actorId=…`). */
export const auditPathOf = (member: Pick<StaffMember, 'id'>): string => `/audit?${new URLSearchParams({ actorId: member.id }).toString()}`;
