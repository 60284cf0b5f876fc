/**
 * What an order costs, as the checkout's summary and the order page show it: one rule for both, so
 * the lines a shopper reads before placing the order are the lines the order shows afterwards.
 * Amounts are integer minor units of `currency` (formatted with the domain's `formatMoneyOrNull`).
 */
import type { CostEstimate, Order } from '@kedai/contract';
import { formatMoneyOrNull } from '@kedai/domain';

/** The amounts of an estimate or of an order. */
export interface Costs {
  currency: string;
  subtotal: number;
  /** Null until the shipping is known (no address chosen, or not delivered there). */
  shipping: number | null;
  discount: number;
  tax: number;
  taxName: string | null;
  /** Prices already hold the tax: it is shown, not added. */
  taxInclusive: boolean;
  total: number;
  voucherCode: string | null;
}

type CostLineKey = 'subtotal' | 'shipping' | 'discount' | 'tax' | 'total';

export interface CostLine {
  key: CostLineKey;
  label: string;
  /** The amount as shown ("SGD 12.50", "−SGD 5.00", "Free"), or what is still missing. */
  value: string;
}

/** The amount formatted, or the bare number and code when the currency cannot be formatted (the page must still show the order). */
function money(amount: number, currency: string): string {
  return formatMoneyOrNull({ amount, currency }) ?? `${currency} ${amount}`;
}

/** U+2212, the minus sign (a hyphen reads as a dash). */
const MINUS = '\u2212';

/**
 * The summary's lines: Subtotal; Shipping ("Free" at 0, `shippingUnknown` while it is not known);
 * the discount with its voucher code (only when there is one); the tax under its name ("GST", else
 * "Tax") with "(included)" when the prices already hold it (only when there is tax or a named
 * rate); Total.
 */
export function costLines(costs: Costs, shippingUnknown = 'Choose an address'): CostLine[] {
  const lines: CostLine[] = [{ key: 'subtotal', label: 'Subtotal', value: money(costs.subtotal, costs.currency) }];
  lines.push({
    key: 'shipping',
    label: 'Shipping',
    value: costs.shipping === null ? shippingUnknown : costs.shipping === 0 ? 'Free' : money(costs.shipping, costs.currency),
  });
  if (costs.discount > 0) {
    lines.push({
      key: 'discount',
      label: costs.voucherCode ? `Discount (${costs.voucherCode})` : 'Discount',
      value: `${MINUS}${money(costs.discount, costs.currency)}`,
    });
  }
  if (costs.tax > 0 || costs.taxName) {
    const name = costs.taxName ?? 'Tax';
    lines.push({ key: 'tax', label: costs.taxInclusive ? `${name} (included)` : name, value: money(costs.tax, costs.currency) });
  }
  lines.push({ key: 'total', label: 'Total', value: money(costs.total, costs.currency) });
  return lines;
}

/** The costs of a checkout's estimate (the voucher only when it applies). */
export function costsOfEstimate(estimate: CostEstimate): Costs {
  return {
    currency: estimate.currency,
    subtotal: estimate.subtotal,
    shipping: estimate.shipping,
    discount: estimate.discount,
    tax: estimate.tax,
    taxName: estimate.taxName,
    taxInclusive: estimate.taxInclusive,
    total: estimate.total,
    voucherCode: estimate.voucher?.code ?? null,
  };
}

/** The costs an order was written with. */
export function costsOfOrder(order: Order): Costs {
  return {
    currency: order.currency,
    subtotal: order.subtotal,
    shipping: order.shippingFee,
    discount: order.discount,
    tax: order.taxFee,
    taxName: order.taxName,
    taxInclusive: order.taxInclusive,
    total: order.total,
    voucherCode: order.voucherCode,
  };
}

/** An amount for a line of the page (a unit price, a line total). */
export function formatAmount(amount: number, currency: string): string {
  return money(amount, currency);
}
