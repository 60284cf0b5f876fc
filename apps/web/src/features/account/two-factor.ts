/**
 * The two-factor pages' pure parts (decision 0021): what a typed recovery code looks like before it
 * is sent, how many codes are "few", a wait and a moment in words, and the text file of saved codes.
 * The API decides whether a code is right; the browser only catches a code of the wrong form, by
 * the domain's rule (`isRecoveryCodeForm`).
 */
import { isRecoveryCodeForm, normaliseRecoveryCode, RECOVERY_CODE_LENGTH } from '@kedai/domain';

/** At or below this many unused recovery codes the shopper is urged to make new ones. */
export const FEW_RECOVERY_CODES = 2;

/** The browser's check of a typed recovery code by the domain's form: the message, or undefined when it has it. */
export function recoveryCodeProblem(code: string): string | undefined {
  if (normaliseRecoveryCode(code) === '') return 'Enter one of your recovery codes';
  return isRecoveryCodeForm(code) ? undefined : `A recovery code has ${RECOVERY_CODE_LENGTH} letters and numbers, like abcd-efgh-jkmn-pqrs`;
}

/** "1 recovery code" / "3 recovery codes" / "no recovery codes". */
export function recoveryCodesCount(count: number): string {
  if (count <= 0) return 'no recovery codes';
  return `${count} recovery ${count === 1 ? 'code' : 'codes'}`;
}

const unit = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** A wait in words, rounded up to what a person would say: "45 seconds", "5 minutes", "1 hour". */
export function waitInWords(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return unit(whole, 'second');
  const minutes = Math.ceil(whole / 60);
  if (minutes < 60) return unit(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? unit(hours, 'hour') : `${unit(hours, 'hour')} ${unit(rest, 'minute')}`;
}

/**
 * A moment in words in the reader's time zone (or `timeZone`): "Monday 30 November 2026 at 4:45 pm".
 * An unreadable value is shown as it came rather than as "Invalid Date".
 */
export function momentInWords(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  // Put together from parts: ICU versions differ in commas and spaces between them.
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  const format = new Intl.DateTimeFormat('en-GB', {
    ...(timeZone ? { timeZone } : {}),
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  });
  for (const part of format.formatToParts(date)) parts[part.type] = part.value;
  const { weekday, day, month, year, hour, minute, dayPeriod = '' } = parts;
  return `${weekday} ${day} ${month} ${year} at ${hour}:${minute} ${dayPeriod.toLowerCase()}`.trimEnd();
}
