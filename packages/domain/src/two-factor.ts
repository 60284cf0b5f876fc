/**
 * Two-factor recovery (decision 0021): the recovery codes' form and the wait after wrong codes.
 * The API judges codes with these; the storefront shows and reads codes by the same form.
 */

/** 31 letters and digits with no look-alikes (no 0/o, 1/i/l). */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** 16 characters of 31: about 80 bits, beyond guessing even without the wrong-code wait. */
export const RECOVERY_CODE_LENGTH = 16;
/** How many recovery codes are made at a time (two-factor turned on, or the codes renewed). */
export const RECOVERY_CODE_COUNT = 10;

/** The code as stored and compared: lower case, without spaces or dashes. */
export function normaliseRecoveryCode(input: string): string {
  return input.replace(/[\s-]+/g, '').toLowerCase();
}

/** Whether `input` has a recovery code's form (after normalising); a six-digit code never has. */
export function isRecoveryCodeForm(input: string): boolean {
  const code = normaliseRecoveryCode(input);
  return code.length === RECOVERY_CODE_LENGTH && [...code].every((c) => RECOVERY_CODE_ALPHABET.includes(c));
}

/** `xxxx-xxxx-xxxx-xxxx`: how a code is shown. */
export function formatRecoveryCode(code: string): string {
  return normaliseRecoveryCode(code)
    .match(/.{1,4}/g)!
    .join('-');
}

/**
 * The text file of recovery codes a person downloads: where they work (`title`, e.g. the shop or its
 * back office), whose they are, what they are for, then one code a line.
 */
export function recoveryCodesText(input: { title: string; codes: readonly string[]; account: string | null; madeAt?: Date }): string {
  const { title, codes, account, madeAt = new Date() } = input;
  return [
    `${title}: two-factor recovery codes`,
    account ? `Account: ${account}` : null,
    `Made: ${madeAt.toISOString().slice(0, 10)}`,
    '',
    'If you cannot use your authenticator app, sign in with one of these codes instead.',
    'Each code works once. Making new codes voids these.',
    '',
    ...codes,
    '',
  ]
    .filter((line): line is string => line !== null)
    .join('\n');
}

/** Wrong codes in a row an account may send before each further try waits. */
export const TFA_FREE_TRIES = 5;
/** The first wait, in seconds; each further wrong code doubles it, up to TFA_MAX_WAIT_SECONDS. */
export const TFA_FIRST_WAIT_SECONDS = 300;
export const TFA_MAX_WAIT_SECONDS = 3600;

/**
 * Seconds the next try must wait once `failures` wrong codes (counting the one just claimed) have
 * been sent in a row: none before TFA_FREE_TRIES, then 300, 600, 1200, 2400, 3600, 3600 …
 * Nothing locks for good: the right owner always gets another try within the hour. A password reset
 * does not clear it (whoever reads the mailbox would get five fresh guesses per reset link).
 */
export function tfaWaitSeconds(failures: number): number {
  if (failures < TFA_FREE_TRIES) return 0;
  const doublings = Math.min(failures - TFA_FREE_TRIES, 10);
  return Math.min(TFA_FIRST_WAIT_SECONDS * 2 ** doublings, TFA_MAX_WAIT_SECONDS);
}
