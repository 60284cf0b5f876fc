/**
 * Stripe's `amount` units, kept apart from the shop's display decimals (money.ts). Kedai stores
 * integer minor units with `currencyDecimals`; Stripe wants its own "smallest currency unit", which
 * differs for some currencies (VND is whole dong at Stripe, hundredths here; ISK whole krónur here,
 * hundredths at Stripe). Every conversion goes through this module and is exact: a RangeError rather
 * than a rounded amount, so a shopper is never charged, nor an order marked paid, for a different sum.
 */
import { currencyDecimals, fromMinorUnits } from './money';

/** Stripe's largest `amount` for most currencies: 8 digits, in Stripe's units (999,999.99 USD). */
export const STRIPE_MAX_AMOUNT = 99_999_999;

/** Stripe's zero-decimal currencies: `amount` in whole units. UGX is left out: see below. */
const ZERO_DECIMAL = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);

/** Stripe's three-decimal currencies: `amount` in thousandths, and the last digit must be 0. */
const THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

/**
 * Whole units in reality, but Stripe takes them as two-decimal amounts whose decimals are always 00
 * (5 ISK is 500). Stripe lists UGX as zero-decimal yet requires this form for backward compatibility.
 */
const WHOLE_UNITS_AS_TWO_DECIMAL = new Set(['ISK', 'UGX']);

const ISO_CODE = /^[A-Z]{3}$/;

/** The upper-case code; Stripe wants lower case on the wire, Kedai stores upper case, both are accepted here. */
function checkedCode(currency: string): string {
  const code = typeof currency === 'string' ? currency.toUpperCase() : '';
  if (!ISO_CODE.test(code)) throw new RangeError(`A currency is a 3-letter ISO 4217 code, got "${String(currency)}"`);
  return code;
}

/**
 * The exponent of Stripe's `amount` for the currency: 0 (JPY, VND, ...), 3 (KWD, BHD, ...) or 2
 * (everything else, ISK, UGX, HUF and TWD included, and codes Stripe's lists do not name).
 * Case-insensitive; throws RangeError for anything but a 3-letter code.
 */
export function stripeDecimals(currency: string): 0 | 2 | 3 {
  const code = checkedCode(currency);
  if (ZERO_DECIMAL.has(code)) return 0;
  if (THREE_DECIMAL.has(code)) return 3;
  return 2;
}

/** How many of the last digits of Stripe's `amount` must be 0: 2 for ISK and UGX, 1 for three-decimal currencies. */
function requiredTrailingZeros(code: string): number {
  if (WHOLE_UNITS_AS_TWO_DECIMAL.has(code)) return 2;
  if (THREE_DECIMAL.has(code)) return 1;
  return 0;
}

/** Why Stripe would refuse an amount not ending in enough zeros, for the error message. */
function trailingZerosReason(code: string): string {
  if (THREE_DECIMAL.has(code))
    return `Stripe takes ${code} in thousandths ending in 0, so the shop's ${code} prices must be whole hundredths`;
  return `Stripe takes ${code} in whole units only`;
}

function checkedAmount(amount: number, what: string): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`${what} must be a whole number above zero, got ${amount}`);
}

/**
 * Kedai's minor units (money.ts decimals) to Stripe's `amount`: 1234 SGD -> 1234, 500 JPY -> 500,
 * 5 ISK -> 500, 512 KWD (5.12) -> 5120, 50000 VND (500.00) -> 500. Throws RangeError for an amount that
 * is not a positive safe integer, one Stripe's units cannot carry exactly (1234 VND is 12.34 dong;
 * 550 UGX is 5.50 shillings), a three-decimal amount not ending in 0, and one above STRIPE_MAX_AMOUNT.
 */
export function toStripeAmount(amount: number, currency: string): number {
  const code = checkedCode(currency);
  checkedAmount(amount, `A ${code} amount in the shop's minor units`);
  const shift = stripeDecimals(code) - currencyDecimals(code);
  let stripeAmount = amount;
  if (shift > 0) {
    stripeAmount = amount * 10 ** shift;
  } else if (shift < 0) {
    const divisor = 10 ** -shift;
    if (amount % divisor !== 0)
      throw new RangeError(`Stripe takes ${code} in whole units, so ${fromMinorUnits(amount, code)} ${code} cannot be charged exactly`);
    stripeAmount = amount / divisor;
  }
  if (stripeAmount % 10 ** requiredTrailingZeros(code) !== 0)
    throw new RangeError(`${trailingZerosReason(code)}; ${fromMinorUnits(amount, code)} ${code} is ${stripeAmount} in Stripe's units`);
  if (stripeAmount > STRIPE_MAX_AMOUNT)
    throw new RangeError(
      `Stripe charges at most ${STRIPE_MAX_AMOUNT} in its units; ${fromMinorUnits(amount, code)} ${code} is ${stripeAmount}`,
    );
  return stripeAmount;
}

/**
 * Stripe's `amount` back to Kedai's minor units, to check that what Stripe says was paid equals the
 * order's total: the exact inverse of `toStripeAmount`. Throws RangeError for anything `toStripeAmount`
 * could not have produced: not a positive safe integer, above STRIPE_MAX_AMOUNT, not ending in the zeros
 * Stripe requires (5125 KWD, 550 ISK), or finer than the shop's decimals.
 */
export function fromStripeAmount(stripeAmount: number, currency: string): number {
  const code = checkedCode(currency);
  checkedAmount(stripeAmount, `A ${code} amount in Stripe's units`);
  if (stripeAmount > STRIPE_MAX_AMOUNT)
    throw new RangeError(`Stripe's amounts are at most ${STRIPE_MAX_AMOUNT}, got ${stripeAmount} ${code}`);
  if (stripeAmount % 10 ** requiredTrailingZeros(code) !== 0)
    throw new RangeError(`${trailingZerosReason(code)}; got ${stripeAmount} in Stripe's units`);
  const shift = currencyDecimals(code) - stripeDecimals(code);
  if (shift >= 0) return stripeAmount * 10 ** shift;
  const divisor = 10 ** -shift;
  if (stripeAmount % divisor !== 0)
    throw new RangeError(`${stripeAmount} ${code} in Stripe's units is finer than the shop's ${currencyDecimals(code)} decimals`);
  return stripeAmount / divisor;
}
