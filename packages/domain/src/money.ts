/** Money as integer minor units, and its display in British English currency format (rules: money.md). */

export type CurrencyCode = string;

export interface Money {
  /** Integer minor units (cents for SGD, yen for JPY). Never a float. */
  amount: number;
  currency: CurrencyCode;
}

export const DEFAULT_CURRENCY = 'SGD';

export const ZERO_DECIMAL_CURRENCIES = ['JPY', 'ISK', 'KRW'] as const;

export const SUPPORTED_CURRENCIES = [
  ...ZERO_DECIMAL_CURRENCIES,
  'USD',
  'BGN',
  'CZK',
  'DKK',
  'GBP',
  'HUF',
  'PLN',
  'RON',
  'SEK',
  'CHF',
  'NOK',
  'HRK',
  'RUB',
  'TRY',
  'AUD',
  'BRL',
  'CAD',
  'CNY',
  'HKD',
  'IDR',
  'ILS',
  'INR',
  'MXN',
  'MYR',
  'NZD',
  'PHP',
  'SGD',
  'THB',
  'ZAR',
] as const;

export type SupportedCurrency = (typeof SUPPORTED_CURRENCIES)[number];

/** Exact match on the upper-case ISO code, as stored in config and prices. */
export function isSupportedCurrency(code: unknown): code is SupportedCurrency {
  return typeof code === 'string' && (SUPPORTED_CURRENCIES as readonly string[]).includes(code);
}

/**
 * rules: money.md: 0 for JPY, ISK, KRW and 2 for everything else. IDR is 2 here although ICU says 0,
 * because stored IDR prices are in hundredths. Unknown codes also get 2.
 */
export function currencyDecimals(code: CurrencyCode): number {
  return (ZERO_DECIMAL_CURRENCIES as readonly string[]).includes(code.toUpperCase()) ? 0 : 2;
}

/** Thrown when amounts in different currencies are combined. */
export class CurrencyMismatchError extends Error {
  readonly expected: CurrencyCode;
  readonly actual: CurrencyCode;

  constructor(expected: CurrencyCode, actual: CurrencyCode) {
    super(`Currency mismatch: expected ${expected}, got ${actual}`);
    this.name = 'CurrencyMismatchError';
    this.expected = expected;
    this.actual = actual;
  }
}

function assertMinorUnits(amount: number, what = 'Amount'): void {
  // Beyond 2^53 integers are no longer exact, so they are refused like floats.
  if (!Number.isSafeInteger(amount)) {
    throw new RangeError(`${what} must be an integer number of minor units, got ${amount}`);
  }
}

/** 1250 SGD -> "12.50"; 1500 JPY -> "1500"; -5 SGD -> "-0.05". Exact: no float arithmetic. */
export function fromMinorUnits(amount: number, currency: CurrencyCode): string {
  assertMinorUnits(amount);
  const decimals = currencyDecimals(currency);
  const digits = Math.abs(amount).toString();
  const sign = amount < 0 ? '-' : '';
  if (decimals === 0) return `${sign}${digits}`;
  const padded = digits.padStart(decimals + 1, '0');
  return `${sign}${padded.slice(0, -decimals)}.${padded.slice(-decimals)}`;
}

/**
 * Parses a major-unit amount ("12.5", "-3", 12.5) into minor units without float error.
 * Accepts an optional leading minus, digits, and an optional fraction; surrounding spaces
 * are trimmed. Fraction digits beyond the currency's decimals must be zeros ("1500.00" JPY
 * is fine, "12.505" SGD is a RangeError). Exponents, "+", "12." and ".5" are refused.
 */
export function toMinorUnits(major: string | number, currency: CurrencyCode): number {
  let text: string;
  if (typeof major === 'number') {
    if (!Number.isFinite(major)) throw new RangeError(`Amount must be finite, got ${major}`);
    text = String(major);
  } else {
    text = major.trim();
  }
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`Not a decimal amount: "${String(major)}"`);
  const [, sign, whole, fraction = ''] = match;
  const decimals = currencyDecimals(currency);
  if (/[^0]/.test(fraction.slice(decimals))) {
    throw new RangeError(`${currency} allows at most ${decimals} decimal places, got "${String(major)}"`);
  }
  const amount = Number(`${sign}${whole}${fraction.slice(0, decimals).padEnd(decimals, '0')}`);
  assertMinorUnits(amount);
  return amount === 0 ? 0 : amount; // no -0
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string): Intl.NumberFormat {
  let formatter = formatters.get(currency);
  if (!formatter) {
    const decimals = currencyDecimals(currency);
    formatter = new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    formatters.set(currency, formatter);
  }
  return formatter;
}

/**
 * "SGD 12.50", "US$12.50", "JP¥1,500" (ICU puts U+00A0 after letter codes). The exact decimal
 * string is formatted rather than amount / 10^d, so large amounts do not pick up float error.
 * Throws RangeError for non-integer amounts and for codes Intl rejects.
 */
export function formatMoney(amountMinor: number, currency: CurrencyCode): string {
  assertMinorUnits(amountMinor);
  const code = currency.toUpperCase();
  return formatterFor(code).format(fromMinorUnits(amountMinor, code) as `${number}`);
}

/**
 * `formatMoney` for display: null instead of a throw when the amount cannot be shown (a currency
 * code Intl does not know, a malformed amount), so a page shows no price rather than breaking.
 */
export function formatMoneyOrNull(money: Money | null | undefined): string | null {
  if (!money) return null;
  try {
    return formatMoney(money.amount, money.currency);
  } catch {
    return null;
  }
}

function sameCurrency(a: CurrencyCode, b: CurrencyCode): boolean {
  return a.toUpperCase() === b.toUpperCase();
}

export function addMoney(a: Money, b: Money): Money {
  assertMinorUnits(a.amount);
  assertMinorUnits(b.amount);
  if (!sameCurrency(a.currency, b.currency)) throw new CurrencyMismatchError(a.currency, b.currency);
  const amount = a.amount + b.amount;
  assertMinorUnits(amount, 'Sum');
  return { amount, currency: a.currency };
}

/** Total of a list in one currency; the currency is given so an empty list still has one. */
export function sumMoney(items: readonly Money[], currency: CurrencyCode): Money {
  return items.reduce<Money>((total, item) => addMoney(total, item), { amount: 0, currency });
}

export function multiplyMoney(m: Money, quantity: number): Money {
  assertMinorUnits(m.amount);
  if (!Number.isSafeInteger(quantity)) throw new RangeError(`Quantity must be an integer, got ${quantity}`);
  const amount = m.amount * quantity;
  assertMinorUnits(amount, 'Product');
  return { amount: amount === 0 ? 0 : amount, currency: m.currency };
}
