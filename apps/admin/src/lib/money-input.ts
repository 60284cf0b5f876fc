/**
 * Amounts as staff type them (major units, "12.50"; "1500" for a currency without decimals) and as
 * the API keeps them (whole minor units), through the domain's exact `toMinorUnits`/`fromMinorUnits`.
 */
import { currencyDecimals, fromMinorUnits, toMinorUnits } from '@kedai/domain';

/** A hint of the amount format of a currency: "12.50", or "1500" without decimals. */
export const amountPlaceholder = (currency: string): string => (currencyDecimals(currency) === 0 ? '1500' : '12.50');

export type AmountResult = { ok: true; value: number | null } | { ok: false; error: string };

interface Rules {
  /** Blank is refused (else it is `null`). */
  required?: boolean;
  /** The smallest amount allowed, in minor units (default 0). */
  min?: number;
}

/** What was typed as minor units: `null` when blank (and allowed), or why it cannot be read. */
export function parseAmount(text: string, currency: string, { required = false, min = 0 }: Rules = {}): AmountResult {
  const trimmed = text.trim();
  if (trimmed === '') return required ? { ok: false, error: `Enter an amount in ${currency}` } : { ok: true, value: null };
  let value: number;
  try {
    value = toMinorUnits(trimmed, currency);
  } catch {
    return { ok: false, error: `Enter an amount in ${currency}, such as ${amountPlaceholder(currency)}` };
  }
  if (value < min) {
    return { ok: false, error: min <= 0 ? 'The amount must be 0 or more' : `The amount must be at least ${fromMinorUnits(min, currency)}` };
  }
  return { ok: true, value };
}

/** Minor units as the form shows them; blank for none. */
export const amountText = (minor: number | null | undefined, currency: string): string =>
  minor === null || minor === undefined ? '' : fromMinorUnits(minor, currency);
