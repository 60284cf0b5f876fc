/**
 * The shopper's orders (issue 16): the calls of the order pages and what they show, as pure functions
 * (tested without a browser). The list and one order are the page's own state, not the store's: they
 * are read afresh on every visit. Calls go through `lib/browser-api` unless a client is given (tests);
 * failures come back as outcomes holding the shopper's sentence (rules: errors.md), never as throws.
 */
import type { DisputeInfo, Order, OrderList } from '@kedai/contract';
import type { ApiClient } from '@kedai/contract/client';
import { ORDER_STATUS_LABELS, PAYNOW_METHOD, addressRule, formatAddress, formatDateTime, isOrderStatus } from '@kedai/domain';
import { apiErrorMessage, browserApi } from '../../lib/browser-api';
import { loaded, type Loaded } from '../account/account-actions';
import { ORDERS_PATH } from '../account/paths';
import type { LinePicture } from '../checkout/checkout-view';
import { productHref } from '../catalogue/links';

export type { Loaded };

/** Orders a page of the list shows. */
const ORDERS_PER_PAGE = 10;

/** `/orders?page=2` (the first page is `/orders`). */
export function ordersPageHref(page: number): string {
  return page > 1 ? `${ORDERS_PATH}?page=${page}` : ORDERS_PATH;
}

/** A page number from the address's `?page=` (1 when absent or not a whole number from 1). */
export function pageOf(value: string | string[] | undefined): number {
  const raw = Array.isArray(value) ? value[0] : value;
  const page = Number(raw);
  return Number.isSafeInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

/** `GET /order`: the shopper's orders, newest first, one page. */
export function loadOrders(page: number, api: ApiClient = browserApi): Promise<Loaded<OrderList>> {
  return loaded(() => api.get('/order', { query: { page, limit: ORDERS_PER_PAGE } }));
}

export interface OrderDetail {
  order: Order;
  /** Whether, until when and how a dispute may be opened; null when it could not be read (the page still shows the order). */
  dispute: DisputeInfo | null;
}

/** `GET /order/{id}` with its dispute information (`GET /order/{id}/dispute_info`). */
export async function loadOrder(id: string, api: ApiClient = browserApi): Promise<Loaded<OrderDetail>> {
  const [order, dispute] = await Promise.allSettled([
    api.get('/order/:id', { params: { id } }),
    api.get('/order/:id/dispute_info', { params: { id } }),
  ]);
  if (order.status === 'rejected') return { ok: false, message: apiErrorMessage(order.reason) };
  return { ok: true, value: { order: order.value, dispute: dispute.status === 'fulfilled' ? dispute.value : null } };
}

/** `DELETE /order/{id}`: cancels the order (its stock and voucher are given back); answers the order as it is now. */
export function cancelOrder(id: string, api: ApiClient = browserApi): Promise<Loaded<Order>> {
  return loaded(() => api.delete('/order/:id', { params: { id } }));
}

/** `POST /order/{id}/confirm_receipt`: the shopper has the goods; answers the order, completed. */
export function confirmReceipt(id: string, api: ApiClient = browserApi): Promise<Loaded<Order>> {
  return loaded(() => api.post('/order/:id/confirm_receipt', { params: { id } }));
}

/** The time zone the browser shows times in (the shop's, Singapore, where none is known). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Asia/Singapore';
  } catch {
    return 'Asia/Singapore';
  }
}

/** A time as the spec writes it (DD/MM/YYYY, HH:mm:ss), in `timeZone`. */
export function orderTime(seconds: number, timeZone: string): string {
  return formatDateTime(seconds, timeZone);
}

/** Until when an unpaid order may be paid, and what happens after: "This order is awaiting payment. Pay by …". */
export function awaitingPaymentText(payBy: number | null, timeZone: string): string {
  return payBy
    ? `This order is awaiting payment. Pay by ${orderTime(payBy, timeZone)}, or it will be cancelled and its items go back on sale.`
    : 'This order is awaiting payment.';
}

/** A status in words ("Awaiting payment"), for any status the API may answer. */
export function statusLabel(status: string): string {
  return isOrderStatus(status) ? ORDER_STATUS_LABELS[status] : status.replace(/_/g, ' ');
}

/**
 * A line of the order's history: a move reads as the status reached ("Paid"), with its note; a
 * line that is not a move (a transfer reported, a dispute opened) reads as its note alone.
 */
export function historyLine(event: Order['history'][number]): { title: string; note: string | null } {
  const note = event.note?.trim() || null;
  if (event.from !== null && event.from === event.to && note) return { title: note, note: null };
  return { title: statusLabel(event.to), note };
}

const ACTORS: Record<string, string> = { shopper: 'You', staff: 'The shop', payment: 'Payment', system: 'Automatically' };

/** Who moved an order, as the timeline says it. */
export function actorLabel(actor: string): string {
  return ACTORS[actor] ?? actor;
}

/** Units an order holds. */
export function unitCount(order: Pick<Order, 'productCaptures'>): number {
  return order.productCaptures.reduce((sum, capture) => sum + capture.quantity, 0);
}

/** "Pixel 8a, Frying Pan and 2 more": the names of an order's first lines. */
export function linesSummary(order: Pick<Order, 'productCaptures'>, shown = 2): string {
  const names = order.productCaptures.map((capture) => capture.name);
  if (names.length <= shown + 1) return names.join(', ');
  return `${names.slice(0, shown).join(', ')} and ${names.length - shown} more`;
}

type Capture = Order['productCaptures'][number];

/** A line's picture as bought: a marketplace's picture for a quoted marketplace product, else the shop's image. */
export function capturePicture(capture: Capture): LinePicture {
  if (capture.productId === null && capture.source === 'quotation' && capture.image && /^https?:\/\//.test(capture.image)) {
    return { kind: 'external', src: capture.image };
  }
  return { kind: 'asset', name: capture.image };
}

/** The product's page of a line as bought (the shop's products only). */
export function captureHref(capture: Capture): string | null {
  if (!capture.paramName || !capture.productId) return null;
  return `${productHref(capture.paramName)}${capture.variantPath ? `?v=${capture.variantPath}` : ''}`;
}

/** "Storage: 1 TB, Colour: Mint"; '' without options. */
export function captureOptions(capture: Capture): string {
  return capture.options.map(({ name, option }) => `${name}: ${option}`).join(', ');
}

/** An order's address as display lines, by its country's format. */
export function orderAddressLines(address: Order['shippingAddress']): string[] {
  const rule = addressRule(address.country);
  if (rule) return formatAddress(address, rule);
  const place = [address.city, address.state, address.postalCode].filter(Boolean).join(' ');
  return [address.fullName, address.address, address.unitNumber, place, address.country, address.phoneNumber].filter(Boolean);
}

/** Whether the billing address is the shipping one. */
export function sameAddress(a: Order['shippingAddress'], b: Order['shippingAddress']): boolean {
  return (Object.keys(a) as (keyof Order['shippingAddress'])[]).every((key) => a[key] === b[key]);
}

const PAYMENT_STATUS: Record<Order['payments'][number]['status'], string> = {
  pending: 'Pending',
  requires_action: 'Waiting for your confirmation',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

/**
 * One payment of the ledger in words: "Payment of SGD 10.00 by Visa •••• 4242: Succeeded". A PayNow
 * transfer still pending is one the shopper reported and the shop checks, and says so.
 */
export function paymentStatusLabel(payment: Pick<Order['payments'][number], 'status' | 'provider' | 'kind'>): string {
  if (payment.provider === PAYNOW_METHOD && payment.kind === 'charge' && payment.status === 'pending')
    return 'Reported, the shop is checking it';
  return PAYMENT_STATUS[payment.status];
}
