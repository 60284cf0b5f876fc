/**
 * What an `Idempotency-Key` promises (issue 27, decision 0017): a repeat of the same request gets the
 * same answer, and the same key with another request is refused (422 `general/idempotency_key_reused`,
 * as Stripe and the IETF Idempotency-Key draft do) rather than answered with the first one's result.
 * "The same request" is the same value of these fields: every field that changes what is done, in
 * one spelling (ids lower case, codes upper case, text trimmed), so a harmless difference of
 * spelling is still the same request. The API keeps a SHA-256 digest of `canonicalJson(fields)`.
 */
import { normaliseVoucherCode } from './vouchers';

/** JSON with every object's keys sorted and undefined left out: one text for one value. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

const idOf = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : (value ?? null));
const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : (value ?? null));
const upperOf = (value: unknown) => (typeof value === 'string' ? value.trim().toUpperCase() : (value ?? null));

/** The fields of an order request (`create_order` of a checkout session, or of quotation items). */
export interface OrderRequestInput {
  /** Which call: a checkout session's lines, or quotation items named in the body. */
  kind: 'cart' | 'quotation';
  checkoutSessionKey?: unknown;
  quotationIds?: unknown;
  paymentMethod?: unknown;
  notes?: unknown;
  shippingAddressId?: unknown;
  billingAddressId?: unknown;
  voucherCode?: unknown;
  regionCountryCode?: unknown;
}

/**
 * What an order request asks for: the lines (the checkout session that holds them, or the
 * quotation items as a set), the payment method, the notes, the addresses (billing absent is the
 * shipping address), the voucher and the region.
 */
export function orderRequestFields(input: OrderRequestInput): Record<string, unknown> {
  const shipping = idOf(input.shippingAddressId);
  const voucher =
    input.voucherCode === undefined || input.voucherCode === null || textOf(input.voucherCode) === '' ? null : input.voucherCode;
  return {
    call: input.kind,
    lines:
      input.kind === 'cart'
        ? { checkoutSessionKey: input.checkoutSessionKey ?? null }
        : {
            quotationIds: Array.isArray(input.quotationIds)
              ? [...new Set(input.quotationIds.map(idOf).map(String))].sort()
              : idOf(input.quotationIds),
          },
    paymentMethod: input.paymentMethod ?? null,
    notes: textOf(input.notes) ?? '',
    shippingAddressId: shipping,
    billingAddressId: input.billingAddressId === undefined || input.billingAddressId === null ? shipping : idOf(input.billingAddressId),
    voucherCode: voucher === null ? null : (normaliseVoucherCode(voucher) ?? voucher),
    regionCountryCode: upperOf(input.regionCountryCode),
  };
}

/** How a card payment is made, as the `pay` call said it (the card already checked). */
export type CardPayMethodInput =
  { card: { number: string; expMonth: number; expYear: number; name: string } } | { savedCardId: string } | { browser: true };

/**
 * What a card-payment request asks for: the order, the card (a typed card by its last four digits,
 * expiry and name — never the whole number or the security code, which are not kept in any form),
 * a saved card, or the provider's form in the browser, and whether to save the card.
 */
export function cardPayFields(input: { orderId: string; method: CardPayMethodInput; saveCard: boolean }): Record<string, unknown> {
  const { method } = input;
  return {
    orderId: idOf(input.orderId),
    method:
      'card' in method
        ? {
            card: {
              last4: method.card.number.slice(-4),
              expMonth: method.card.expMonth,
              expYear: method.card.expYear,
              name: method.card.name.trim(),
            },
          }
        : 'savedCardId' in method
          ? { savedCardId: idOf(method.savedCardId) }
          : { browser: true },
    saveCard: input.saveCard,
  };
}
