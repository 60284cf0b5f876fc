import { formatDateTime } from '@kedai/domain';
import type { UserRow } from '../users/service';
import { simpleMail } from '../../platform/mail-template';
import { configEntries, shopTimeZoneOf } from '../../platform/shop-config';
import { sendAccountMail, type AccountMailDeps } from '../auth/service';

/**
 * The account's e-mails about its second factor (issue 27, decision 0021): every change is told
 * to the address, each ending with what to do if it was not the account's owner. Sent after the
 * change has committed, never inside its transaction.
 */
export type TfaNotice =
  | { kind: 'enabled' }
  | { kind: 'disabled' }
  | { kind: 'codes_renewed' }
  | { kind: 'code_used'; left: number }
  | { kind: 'reset_scheduled'; effectiveAt: Date; waitHours: number; cancelUrl: string }
  | { kind: 'reset_cancelled'; reason: 'not_me' | 'signed_in' }
  | { kind: 'reset_done' }
  | { kind: 'reset_by_owner'; fromServer: boolean };

/** `04/03/2031, 17:30:00 (Asia/Singapore)`: as the pages write times, in the shop's zone, named (issue 30). */
function mailTime(at: Date, timeZone: string): string {
  return `${formatDateTime(at, timeZone)} (${timeZone})`;
}

const resetPassword = (shop: string) =>
  `If this was not you, someone knows your password: reset it at once with "Forgot password" on ${shop}'s sign-in page, and contact ${shop}.`;

function content(
  notice: TfaNotice,
  shop: string,
  timeZone: string,
): { subject: string; paragraphs: string[]; action?: { label: string; url: string }; footer: string } {
  switch (notice.kind) {
    case 'enabled':
      return {
        subject: `Two-factor authentication is on for your ${shop} account`,
        paragraphs: [
          `Two-factor authentication was just turned on for your ${shop} account: signing in now also asks for a code from your authenticator app.`,
          'Ten recovery codes were shown when it was set up. Keep them somewhere safe: each one signs you in once if the authenticator is lost.',
        ],
        footer: resetPassword(shop),
      };
    case 'disabled':
      return {
        subject: `Two-factor authentication is off for your ${shop} account`,
        paragraphs: [`Two-factor authentication was just turned off for your ${shop} account, and its recovery codes no longer work.`],
        footer: resetPassword(shop),
      };
    case 'codes_renewed':
      return {
        subject: `New recovery codes for your ${shop} account`,
        paragraphs: [`Ten new recovery codes were made for your ${shop} account. The older ones no longer work.`],
        footer: resetPassword(shop),
      };
    case 'code_used':
      return {
        subject: `A recovery code was used to sign in to your ${shop} account`,
        paragraphs: [
          `A recovery code was just used instead of an authenticator code to sign in to your ${shop} account. It cannot be used again; ${notice.left} ${notice.left === 1 ? 'code is' : 'codes are'} left.`,
          notice.left <= 3
            ? 'Make new recovery codes in your account security settings before you run out.'
            : 'You can make new recovery codes in your account security settings at any time.',
        ],
        footer: `If this was not you, someone has your password and one of your recovery codes: reset your password at once with "Forgot password", make new recovery codes, and contact ${shop}.`,
      };
    case 'reset_scheduled':
      return {
        subject: `Two-factor authentication will be turned off for your ${shop} account`,
        paragraphs: [
          `Someone used the e-mailed link to turn off two-factor authentication for your ${shop} account, for a lost authenticator.`,
          `For your safety this takes ${notice.waitHours} hours: two-factor authentication stays on until ${mailTime(notice.effectiveAt, timeZone)}, and then turns off. Signing in meanwhile with your authenticator or a recovery code cancels it.`,
        ],
        action: { label: 'This was not me: cancel it', url: notice.cancelUrl },
        footer: `If this was not you, press the button above: two-factor authentication stays on. Then reset your password with "Forgot password": whoever asked knows it.`,
      };
    case 'reset_cancelled':
      return {
        subject: `Two-factor authentication stays on for your ${shop} account`,
        paragraphs: [
          notice.reason === 'not_me'
            ? `The reset of your ${shop} account's two-factor authentication was cancelled with the "this was not me" link.`
            : `The reset of your ${shop} account's two-factor authentication was cancelled because the account signed in with its authenticator or a recovery code.`,
          'Two-factor authentication stays on, with the same authenticator and recovery codes.',
        ],
        footer: `If this was not you, reset your password with "Forgot password": whoever asked for the reset knows it. Contact ${shop} if you need help.`,
      };
    case 'reset_done':
      return {
        subject: `Two-factor authentication is now off for your ${shop} account`,
        paragraphs: [
          `As asked by e-mail, two-factor authentication is now off for your ${shop} account: the waiting time passed and nobody cancelled it. Its recovery codes no longer work, and every device was signed out.`,
          'Sign in with your password and set up two-factor authentication again with your new authenticator.',
        ],
        footer: resetPassword(shop),
      };
    case 'reset_by_owner':
      return {
        subject: `Your ${shop} two-factor authentication was reset`,
        paragraphs: [
          notice.fromServer
            ? `Two-factor authentication for your ${shop} account was turned off from the shop's server.`
            : `An owner of ${shop} turned off two-factor authentication for your account, for a lost authenticator.`,
          'Its recovery codes no longer work, and every device was signed out. Set it up again the next time you sign in.',
        ],
        footer: `If you did not ask for this, tell ${shop}'s owners at once, and reset your password with "Forgot password".`,
      };
  }
}

/** Mails `notice` to the user (a failure is logged: the change has been made). */
export async function sendTfaNotice(
  deps: AccountMailDeps,
  user: Pick<UserRow, 'id' | 'email' | 'firstName'>,
  notice: TfaNotice,
): Promise<void> {
  const timeZone = notice.kind === 'reset_scheduled' ? shopTimeZoneOf(await configEntries(deps.db).catch(() => ({}))) : 'UTC';
  return sendAccountMail(deps, user.id, `two-factor ${notice.kind}`, (shop) => {
    const { subject, paragraphs, action, footer } = content(notice, shop, timeZone);
    return simpleMail({ to: user.email, subject, name: user.firstName, paragraphs, action, footer: [footer] });
  });
}
