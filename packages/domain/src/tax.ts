/**
 * Tax per destination country (issue 16 "Money rules"): a rate in basis points and whether the
 * shop's prices already include it (Japan's 10 % consumption tax) or it is added on top
 * (Singapore's 9 % GST). Amounts are integer minor units, so every share of one is rounded to a
 * whole minor unit of its currency — and always by the one rule below.
 */
import { codePoints } from './fields';

/** 1 % is 100 basis points; 10 000 is the whole amount. */
export const BASIS_POINTS_WHOLE = 10_000;
export const TAX_NAME_MAX = 20;

export interface TaxRule {
  /** 900 for 9 %. */
  rateBp: number;
  /** Prices already include the tax (it is only reported), or it is added on top. */
  inclusive: boolean;
  /** What receipts call it: 'GST', 'VAT', 'Consumption tax'. */
  name: string;
}

function assertAmount(amount: number): void {
  // Shares of negative amounts would need their own rounding rule; no order cost is negative.
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`Amount must be whole minor units of 0 or more, got ${amount}`);
}

function assertBasisPoints(bp: number): void {
  if (!Number.isSafeInteger(bp) || bp < 0 || bp > BASIS_POINTS_WHOLE)
    throw new RangeError(`Basis points must be whole, 0 to 10000, got ${bp}`);
}

/**
 * `numerator / denominator` of `amount`, rounded half up to a whole minor unit. BigInt keeps it
 * exact for any safe amount (amount × 10 000 passes 2^53 from about 9 × 10^11 minor units), and
 * the doubled form `floor((2·a·n + d) / 2d)` rounds half up for odd denominators too.
 */
function shareHalfUp(amount: number, numerator: number, denominator: number): number {
  const d = BigInt(denominator);
  return Number((2n * BigInt(amount) * BigInt(numerator) + d) / (2n * d));
}

/**
 * `bp` basis points of `amount`, rounded half up (a half minor unit goes to the larger amount):
 * 9 % of 1050 cents is 94.5 -> 95. The one rounding rule for every percentage of money: tax on top
 * and percentage vouchers alike. Throws RangeError for a negative or fractional amount.
 */
export function basisPointsOf(amount: number, bp: number): number {
  assertAmount(amount);
  assertBasisPoints(bp);
  return shareHalfUp(amount, bp, BASIS_POINTS_WHOLE);
}

/**
 * The tax in an amount. Exclusive: amount × rate, to be added on top. Inclusive: the part of the
 * amount that is tax, amount × r / (1 + r) — 1100 yen at 10 % holds 100 yen — rounded half up the
 * same way. 0 without a rule (the country has no tax set).
 */
export function taxOf(amount: number, rule: TaxRule | null): number {
  if (!rule) {
    assertAmount(amount);
    return 0;
  }
  if (!rule.inclusive) return basisPointsOf(amount, rule.rateBp);
  assertAmount(amount);
  assertBasisPoints(rule.rateBp);
  return shareHalfUp(amount, rule.rateBp, BASIS_POINTS_WHOLE + rule.rateBp);
}

// Control characters and line separators: a tax name is one short line on a receipt.
const CONTROL = /[\p{Cc}\u2028\u2029]/u;

function parseTaxName(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  const name = input.normalize('NFC').trim();
  const length = codePoints(name);
  return length >= 1 && length <= TAX_NAME_MAX && !CONTROL.test(name) ? name : null;
}

/**
 * A tax rule as staff set it for a country: `rateBp` whole 0..10000, `inclusive` a boolean, `name`
 * 1..20 characters (trimmed). Null when any of it is wrong; the API answers its settings error.
 */
export function parseTaxRule(input: unknown): TaxRule | null {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return null;
  const { rateBp, inclusive, name } = input as Record<string, unknown>;
  const rate = typeof rateBp === 'number' && Number.isSafeInteger(rateBp) && rateBp >= 0 && rateBp <= BASIS_POINTS_WHOLE ? rateBp : null;
  const taxName = parseTaxName(name);
  if (rate === null || typeof inclusive !== 'boolean' || taxName === null) return null;
  return { rateBp: rate, inclusive, name: taxName };
}
