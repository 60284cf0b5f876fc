/**
 * How the back office shows an order (issue 16, "Staff"): its status, its lines as they were bought
 * (the product captures, never the catalogue as it is now), its costs in the order's currency with
 * the tax by name, its addresses, the payments ledger and the history of its statuses.
 */
import type { AdminOrder } from '@kedai/contract';
import { ORDER_STATUS_LABELS, PAYNOW_METHOD, isOrderStatus, type OrderStatus } from '@kedai/domain';
import { countryLabel } from '../../lib/countries';
import { priceText } from '../../lib/money-text';

type Capture = AdminOrder['productCaptures'][number];
type Payment = AdminOrder['payments'][number];
type Address = AdminOrder['shippingAddress'];
type HistoryEntry = AdminOrder['history'][number];

/** Each status's badge: the label says it; the colour groups what staff must act on (paid, processing). */
export const ORDER_BADGES: Record<OrderStatus, string> = {
  awaiting_payment: 'badge',
  paid: 'badge badge--pending',
  processing: 'badge badge--pending',
  shipped: 'badge badge--on',
  delivered: 'badge badge--on',
  completed: 'badge badge--on',
  cancelled: 'badge badge--off',
  refunded: 'badge badge--off',
};

/** A status's words, also for one this version does not know. */
export const statusLabel = (status: string): string => (isOrderStatus(status) ? ORDER_STATUS_LABELS[status] : status);

/** How an order is paid, in words: "Card", "PayNow". */
export const paymentMethodText = (method: string): string => (method === 'card' ? 'Card' : method === PAYNOW_METHOD ? 'PayNow' : method);

/** "Colour: Red · Size: M"; '' without options. */
export const optionsText = (capture: Pick<Capture, 'options'>): string =>
  capture.options.map((option) => `${option.name}: ${option.option}`).join(' · ');

/** Where a line came from, when it is not a plain cart line of the shop's own product. */
export function lineOriginText(capture: Pick<Capture, 'source' | 'sourceMarketPlace'>): string | null {
  if (capture.source !== 'quotation') return null;
  return capture.sourceMarketPlace ? `Quoted item from ${capture.sourceMarketPlace}` : 'Quoted item';
}

export interface CostLine {
  key: string;
  label: string;
  text: string;
  total?: true;
}

/**
 * The order's costs, as the shopper was charged: subtotal, shipping, the discount (with the voucher's
 * code), the tax by its name ("GST", "Consumption tax (included)" when prices held it, so it was
 * not added), and the total.
 */
export function costLines(
  order: Pick<
    AdminOrder,
    'currency' | 'subtotal' | 'shippingFee' | 'discount' | 'voucherCode' | 'taxFee' | 'taxName' | 'taxInclusive' | 'total'
  >,
): CostLine[] {
  const money = (minor: number) => priceText(minor, order.currency);
  const lines: CostLine[] = [
    { key: 'subtotal', label: 'Subtotal', text: money(order.subtotal) },
    { key: 'shipping', label: 'Shipping', text: order.shippingFee === 0 ? `Free (${money(0)})` : money(order.shippingFee) },
  ];
  if (order.discount > 0 || order.voucherCode) {
    lines.push({
      key: 'discount',
      label: order.voucherCode ? `Discount (voucher ${order.voucherCode})` : 'Discount',
      text: order.discount > 0 ? `−${money(order.discount)}` : money(0),
    });
  }
  if (order.taxFee > 0 || order.taxName) {
    const name = order.taxName ?? 'Tax';
    lines.push({ key: 'tax', label: order.taxInclusive ? `${name} (included)` : name, text: money(order.taxFee) });
  }
  lines.push({ key: 'total', label: 'Total', text: money(order.total), total: true });
  return lines;
}

/** An address as the lines of a label; empty parts left out. */
export function addressLines(address: Address): string[] {
  const street = [address.address, address.unitNumber]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
  const town = [address.city, address.state, address.postalCode]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  return [address.fullName.trim(), street, town, address.country ? countryLabel(address.country) : '', address.phoneNumber.trim()].filter(
    (line) => line !== '',
  );
}

/** Whether the billing address is the shipping address (the default at checkout). */
export const sameAddress = (a: Address, b: Address): boolean => addressLines(a).join('\n') === addressLines(b).join('\n');

export const PAYMENT_KIND_LABELS: Record<Payment['kind'], string> = { charge: 'Charge', refund: 'Refund' };
export const PAYMENT_STATUS_LABELS: Record<Payment['status'], string> = {
  pending: 'Pending',
  requires_action: 'Waiting for the shopper to confirm',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

const ACTOR_LABELS: Record<string, string> = {
  shopper: 'by the shopper',
  staff: 'by staff',
  payment: 'by the payment provider',
  system: 'by the shop, automatically',
};

export interface HistoryLine {
  key: string;
  at: number;
  text: string;
  note: string | null;
}

/**
 * The history, oldest first: "Placed: Awaiting payment", then "Paid, by the payment provider"; a line
 * that is not a move (a transfer reported, a dispute opened) reads as its note, by whom.
 */
export function historyLines(history: readonly HistoryEntry[]): HistoryLine[] {
  return [...history]
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => a.entry.at - b.entry.at || a.index - b.index)
    .map(({ entry, index }) => {
      const by = ACTOR_LABELS[entry.actor] ?? `by ${entry.actor}`;
      const note = entry.note?.trim() || null;
      const key = `${index}:${entry.at}:${entry.to}`;
      if (entry.from !== null && entry.from === entry.to && note) return { key, at: entry.at, text: `${note}, ${by}`, note: null };
      const text = entry.from === null ? `Placed: ${statusLabel(entry.to)}` : `${statusLabel(entry.to)}, ${by}`;
      return { key, at: entry.at, text, note };
    });
}

/** "Siti Rahman, siti@example.com", or the address alone for an account without a name. */
export const shopperText = (shopper: AdminOrder['shopper']): string =>
  shopper.name ? `${shopper.name}, ${shopper.email}` : shopper.email || 'An account that no longer exists';

/** "2 items" in an order (units). */
export function unitsText(captures: readonly Pick<Capture, 'quantity'>[]): string {
  const units = captures.reduce((sum, capture) => sum + capture.quantity, 0);
  return units === 1 ? '1 item' : `${units.toLocaleString('en-GB')} items`;
}
