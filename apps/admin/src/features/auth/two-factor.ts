/**
 * The back office's two-factor wording (decision 0021): a wait after too many wrong codes in words,
 * how many recovery codes are "few", and the text file of saved codes. The form of a recovery code
 * is the domain's (`isRecoveryCodeForm`); the API decides whether one is right.
 */
import { codeOf, errorText } from '../../lib/errors';

/** At or below this many unused recovery codes staff are urged to ask for new ones. */
export const FEW_RECOVERY_CODES = 2;

const unit = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** A wait in words, rounded up: "45 seconds", "5 minutes", "1 hour". */
export function waitInWords(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return unit(whole, 'second');
  const minutes = Math.ceil(whole / 60);
  if (minutes < 60) return unit(minutes, 'minute');
  const rest = minutes % 60;
  return rest === 0 ? unit(minutes / 60, 'hour') : `${unit(Math.floor(minutes / 60), 'hour')} ${unit(rest, 'minute')}`;
}

/** The sentence for a refused code: a wait after too many wrong codes says how long; else the API's own. */
export function codeErrorText(error: unknown): string {
  if (codeOf(error) === 'auth/tfa_too_many_attempts') {
    const params = (error as { params?: unknown }).params;
    const seconds = Array.isArray(params) ? Number(params[0]) : NaN;
    const wait = Number.isFinite(seconds) && seconds > 0 ? `about ${waitInWords(seconds)}` : 'a few minutes';
    return `Too many wrong codes in a row. For the account's safety, wait ${wait} before trying again.`;
  }
  return errorText(error);
}

/** "1 recovery code" / "3 recovery codes" / "no recovery codes". */
export function recoveryCodesCount(count: number): string {
  if (count <= 0) return 'no recovery codes';
  return `${count} recovery ${count === 1 ? 'code' : 'codes'}`;
}
