/**
 * The cost of an order (issue 16): one rule shared by the checkout's estimate and order creation,
 * so the total a shopper is shown is the total the order is written with. Every amount is integer
 * minor units of the order's currency.
 */
import { multiplyMoney, sumMoney } from './money';
import { shippingFee, type ShippingRate } from './shipping';
import { taxOf, type TaxRule } from './tax';

/** At most this many cart lines or quotation items go to one checkout (`checkout/nothing_selected`'s param). */
export const CHECKOUT_LINES_MAX = 100;
/** The shopper's notes to the shop on an order, in characters (`checkout/invalid_notes`'s param). */
export const ORDER_NOTES_MAX = 1000;
/** A checkout session's key, in characters: a longer one is no session of ours. */
export const CHECKOUT_SESSION_KEY_MAX = 100;

/** A line as bought: one unit's price (minor units) and how many. */
export interface PricedLine {
  unitPrice: number;
  quantity: number;
}

export interface OrderCosts {
  currency: string;
  /** The goods: Σ unitPrice × quantity. */
  subtotal: number;
  shipping: number;
  /** What the voucher takes off the subtotal; never more than it. */
  discount: number;
  /** The tax in the total: added on top (exclusive) or already inside it (inclusive). */
  tax: number;
  taxInclusive: boolean;
  total: number;
}

export interface OrderCostsInput {
  currency: string;
  lines: readonly PricedLine[];
  /** From `checkVoucher` on the subtotal; 0 without a voucher. */
  discount: number;
  /** The destination's rate in the order's region; a country without one is refused before this. */
  shippingRate: ShippingRate;
  /** The destination's tax; null where the shop charges none. */
  tax: TaxRule | null;
}

function assertLine({ unitPrice, quantity }: PricedLine): void {
  if (!Number.isSafeInteger(unitPrice) || unitPrice < 0)
    throw new RangeError(`Unit price must be whole minor units of 0 or more, got ${unitPrice}`);
  if (!Number.isSafeInteger(quantity) || quantity < 1) throw new RangeError(`Quantity must be a whole number from 1, got ${quantity}`);
}

/** Σ unitPrice × quantity, exact (throws RangeError past safe integers rather than losing cents). */
export function linesSubtotal(lines: readonly PricedLine[], currency: string): number {
  lines.forEach(assertLine);
  return sumMoney(
    lines.map((line) => multiplyMoney({ amount: line.unitPrice, currency }, line.quantity)),
    currency,
  ).amount;
}

/**
 * What an order costs. The discount is taken off the goods first, so the free-shipping threshold
 * and the tax see what the shopper actually pays for them: shipping = `shippingFee(rate, subtotal −
 * discount)` (nothing to ship, no fee: an order without lines pays no shipping); tax base =
 * subtotal − discount + shipping (shipping is taxed like the goods, as GST and Japan's consumption
 * tax both do); exclusive tax is added to the total, inclusive tax is only reported (total = base).
 * The discount is capped at the subtotal; a negative or fractional one is a RangeError.
 */
export function orderCosts({ currency, lines, discount, shippingRate, tax }: OrderCostsInput): OrderCosts {
  if (!Number.isSafeInteger(discount) || discount < 0)
    throw new RangeError(`Discount must be whole minor units of 0 or more, got ${discount}`);
  const subtotal = linesSubtotal(lines, currency);
  const taken = Math.min(discount, subtotal);
  const goods = subtotal - taken;
  const shipping = lines.length === 0 ? 0 : shippingFee(shippingRate, goods);
  const base = goods + shipping;
  const taxAmount = taxOf(base, tax);
  const taxInclusive = tax?.inclusive ?? false;
  return {
    currency,
    subtotal,
    shipping,
    discount: taken,
    tax: taxAmount,
    taxInclusive,
    total: taxInclusive ? base : base + taxAmount,
  };
}
