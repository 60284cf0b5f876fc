import { z } from 'zod';
import { CartItem } from './cart';
import { Product } from './catalogue';
import {
  BASIS_POINTS_WHOLE,
  CHECKOUT_LINES_MAX,
  CHECKOUT_SESSION_KEY_MAX,
  ORDER_NOTE_MAX,
  ORDER_NOTES_MAX,
  PAYMENT_REASON_MAX,
  SHIPMENT_TEXT_MAX,
  TAX_NAME_MAX,
  VOUCHER_CODE_MAX,
  VOUCHER_CODE_MIN,
  VOUCHER_KINDS,
  VOUCHER_SCOPES,
} from '@kedai/domain';
import { COUNTRY_CODE_META, REGION_KEY_PATTERN, UnixSeconds, Uuid, checkedByDomain, currencyAmountsMeta, queryInt } from './common';
import { QuotationItem } from './quotations';

/**
 * Checkout and orders (rules: api.md "Checkout and orders", issue 16). Signed-in shoppers only, and
 * a shopper who has turned two-factor on must have passed it in this session. Field contents are
 * checked by the rules of packages/domain, so each problem answers with its own code.
 */

/** Card (the test gateway or Stripe), or PayNow for orders in SGD (issue 17). */
export const PAYMENT_METHODS = ['card', 'paynow'] as const;

/** Ids sent as a list: uuids, each once, at most CHECKOUT_LINES_MAX (the checkout's limit). */
const idList = (what: string) =>
  checkedByDomain({
    type: 'array',
    maxItems: CHECKOUT_LINES_MAX,
    uniqueItems: true,
    items: { type: 'string', format: 'uuid' },
    description: `Ids of the ${what}`,
  });
/** A voucher code as typed: VOUCHER_CODE_MIN..VOUCHER_CODE_MAX of A-Z a-z 0-9 - _ (trimmed, then upper-cased). */
const VOUCHER_CODE_META = {
  type: 'string',
  pattern: `^\\s*[A-Za-z0-9_-]{${VOUCHER_CODE_MIN},${VOUCHER_CODE_MAX}}\\s*$`,
} as const;
/** An ISO 8601 instant with a time and a zone (`parseVoucherInput`), or null. */
const INSTANT_META = { type: 'string', format: 'date-time' } as const;

/** `POST /checkout/session`: the checked cart lines and quotation items go to checkout. */
export const CheckoutSessionRequest = z
  .object({ cartItemIds: idList('cart lines checked'), quotationItemIds: idList('quotation items checked') })
  .meta({ id: 'CheckoutSessionRequest' });
export type CheckoutSessionRequest = z.infer<typeof CheckoutSessionRequest>;

export const CheckoutSessionCreated = z
  .object({ key: z.string().describe('Unguessable; read it back with `GET /checkout/session/{key}`'), expiresAt: UnixSeconds })
  .meta({ id: 'CheckoutSessionCreated' });

export const CheckoutSessionKeyParams = z.object({ key: z.string().max(CHECKOUT_SESSION_KEY_MAX) });
export const CheckoutSessionQuery = z.object({
  regionCountryCode: z.string().max(2).optional().describe("The shopper's region, by one of its countries, for `unavailable`"),
});

export const UnavailableReason = z.enum(['gone', 'out_of_stock', 'disabled', 'not_sold_in_region', 'not_quoted', 'not_quoted_in_region']);

/** A line that cannot be bought now, and why (shown beside it at checkout). */
export const UnavailableLine = z.object({
  id: Uuid,
  kind: z.enum(['cart', 'quotation']),
  reason: UnavailableReason.describe(
    "'gone' no longer in the cart or the list; 'out_of_stock'; 'disabled' the product is no longer sold; 'not_sold_in_region' no price in the region; 'not_quoted' the quotation is not resolved; 'not_quoted_in_region' no quoted price in the region",
  ),
});

/** `GET /checkout/session/{key}`: what the session holds, read now. */
export const CheckoutSession = z
  .object({
    key: z.string(),
    expiresAt: UnixSeconds,
    cartItems: z.array(CartItem),
    quotationItems: z.array(QuotationItem),
    products: z.array(Product),
    unavailable: z.array(UnavailableLine),
  })
  .meta({ id: 'CheckoutSession' });
export type CheckoutSession = z.infer<typeof CheckoutSession>;

export const EstimateQuery = z.object({
  checkoutSessionKey: z.string().max(CHECKOUT_SESSION_KEY_MAX),
  voucherCode: z.string().max(64).optional(),
  paymentMethod: z.string().max(32).optional(),
  shippingAddressId: z.string().max(64).optional(),
  regionCountryCode: z.string().max(2).optional().describe("The shopper's region, by one of its countries; the default region when absent"),
});
export type EstimateQuery = z.infer<typeof EstimateQuery>;

export const QuotationEstimateQuery = z.object({
  quotationIds: z.string().max(2000).describe('Comma-separated quotation item ids'),
  voucherCode: z.string().max(64).optional(),
  paymentMethod: z.string().max(32).optional(),
  shippingAddressId: z.string().max(64).optional(),
  regionCountryCode: z.string().max(2).optional(),
});
export type QuotationEstimateQuery = z.infer<typeof QuotationEstimateQuery>;

export const EstimateLine = z.object({
  id: Uuid,
  kind: z.enum(['cart', 'quotation']),
  name: z.string(),
  quantity: z.int(),
  unitPrice: z.int().nullable().describe('Minor units of `currency`; null when it cannot be bought'),
  lineTotal: z.int().nullable(),
  reason: UnavailableReason.nullable(),
});

/** What the order would cost now, in the region's currency, minor units. */
export const CostEstimate = z
  .object({
    region: z.string(),
    currency: z.string(),
    lines: z.array(EstimateLine),
    subtotal: z.int(),
    shipping: z.int().nullable().describe('Null until a shipping address is chosen, or when the shop does not deliver there'),
    discount: z.int(),
    tax: z.int(),
    taxName: z.string().nullable(),
    taxInclusive: z.boolean().describe('Prices already hold the tax: it is shown, not added'),
    total: z.int(),
    voucher: z.object({ code: z.string(), discount: z.int() }).nullable(),
    voucherError: z.object({ errorCode: z.string(), error: z.string() }).nullable().describe('Why the voucher given does not apply'),
    shippingCountry: z.string().nullable(),
    shippingError: z
      .object({ errorCode: z.string(), error: z.string() })
      .nullable()
      .describe('Why the shop cannot deliver to the address chosen'),
    canPlaceOrder: z
      .boolean()
      .describe('Every line can be bought, an address the shop delivers to is chosen, and the voucher (if any) applies'),
  })
  .meta({ id: 'CostEstimate' });
export type CostEstimate = z.infer<typeof CostEstimate>;

const orderFields = {
  voucherCode: checkedByDomain({ ...VOUCHER_CODE_META, description: 'Optional' }),
  paymentMethod: checkedByDomain({ enum: PAYMENT_METHODS }),
  notes: checkedByDomain({ type: 'string', maxLength: ORDER_NOTES_MAX, description: 'Notes to the shop, at most 1000 characters' }),
  shippingAddressId: checkedByDomain({ type: 'string', format: 'uuid', description: 'One of the address book' }),
  billingAddressId: checkedByDomain({
    type: 'string',
    format: 'uuid',
    description: 'One of the address book; the shipping address when absent',
  }),
  regionCountryCode: checkedByDomain({ ...COUNTRY_CODE_META, description: "The shopper's region, by one of its countries" }),
};

/** `POST /checkout/create_order` (send an `Idempotency-Key` header: the same key answers the same order). */
export const CreateOrderRequest = z
  .object({ checkoutSessionKey: checkedByDomain({ type: 'string', minLength: 1, maxLength: CHECKOUT_SESSION_KEY_MAX }), ...orderFields })
  .meta({ id: 'CreateOrderRequest', required: ['checkoutSessionKey', 'paymentMethod', 'shippingAddressId'] });
export type CreateOrderRequest = z.infer<typeof CreateOrderRequest>;

/** `POST /quotation_checkout/create_order`. */
export const CreateQuotationOrderRequest = z
  .object({ quotationIds: idList('quotation items to buy'), ...orderFields })
  .meta({ id: 'CreateQuotationOrderRequest', required: ['quotationIds', 'paymentMethod', 'shippingAddressId'] });
export type CreateQuotationOrderRequest = z.infer<typeof CreateQuotationOrderRequest>;

export const OrderAddress = z.object({
  fullName: z.string(),
  address: z.string(),
  unitNumber: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
  phoneNumber: z.string(),
});

/** A line as bought: the capture of its product then (rules: entities.md `productCaptures`). */
export const ProductCapture = z.object({
  source: z.enum(['cart', 'quotation']),
  productId: Uuid.nullable(),
  variantPath: z.string(),
  quotationItemId: Uuid.nullable(),
  name: z.string(),
  options: z.array(z.object({ name: z.string(), option: z.string() })),
  image: z.string().nullable(),
  paramName: z.string().nullable(),
  sourceMarketPlace: z.string().nullable(),
  quantity: z.int(),
  unitPrice: z.int(),
  lineTotal: z.int(),
});

export const ORDER_STATUS_VALUES = [
  'awaiting_payment',
  'paid',
  'processing',
  'shipped',
  'delivered',
  'completed',
  'cancelled',
  'refunded',
] as const;

export const OrderPayment = z.object({
  id: Uuid,
  kind: z.enum(['charge', 'refund']),
  status: z.enum(['pending', 'requires_action', 'succeeded', 'failed']),
  amount: z.int(),
  currency: z.string(),
  provider: z.string(),
  methodSummary: z.string().nullable(),
  failureCode: z.string().nullable(),
  failureMessage: z.string().nullable(),
  createdAt: UnixSeconds,
});

export const Order = z
  .object({
    id: Uuid,
    orderRef: z.string(),
    kind: z.enum(['cart', 'quotation']),
    status: z.enum(ORDER_STATUS_VALUES),
    statusLabel: z
      .string()
      .describe(
        'The state as the shopper reads it: the status, or "Payment reported: the shop is checking it" while staff check a PayNow transfer',
      ),
    history: z.array(
      z.object({ from: z.string().nullable(), to: z.string(), actor: z.string(), note: z.string().nullable(), at: UnixSeconds }),
    ),
    regionKey: z.string(),
    regionCountryCode: z.string(),
    currency: z.string(),
    subtotal: z.int(),
    shippingFee: z.int(),
    discount: z.int(),
    taxFee: z.int(),
    taxInclusive: z.boolean(),
    taxName: z.string().nullable(),
    total: z.int(),
    voucherCode: z.string().nullable(),
    paymentMethod: z.string(),
    notes: z.string(),
    shippingAddress: OrderAddress,
    billingAddress: OrderAddress,
    cartItems: z.array(Uuid).describe('The cart lines this order bought'),
    quotationItems: z.array(Uuid).describe('The quotation items this order bought'),
    productCaptures: z.array(ProductCapture),
    payments: z.array(OrderPayment),
    payBy: UnixSeconds.nullable().describe(
      'An unpaid order is cancelled after this; null once paid, and while a reported PayNow transfer waits for staff',
    ),
    carrier: z.string().nullable(),
    trackingNumber: z.string().nullable(),
    cancelReason: z.string().nullable(),
    canCancel: z.boolean(),
    canConfirmReceipt: z.boolean(),
    createdAt: UnixSeconds,
    updatedAt: UnixSeconds,
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof Order>;

export const OrderIdParams = z.object({ id: z.string().max(100) });

export const OrderListQuery = z.object({
  status: z.enum(ORDER_STATUS_VALUES).optional(),
  page: queryInt(1, 100_000).optional(),
  limit: queryInt(1, 50).optional(),
});
export type OrderListQuery = z.infer<typeof OrderListQuery>;

export const OrderList = z
  .object({ orders: z.array(Order), total: z.int(), page: z.int(), limit: z.int(), pages: z.int() })
  .meta({ id: 'OrderList' });
export type OrderList = z.infer<typeof OrderList>;

/** `POST /voucher/validate`: whether a code exists and can be used by this shopper now (the amount depends on the order). */
export const VoucherValidateRequest = z
  .object({ code: checkedByDomain(VOUCHER_CODE_META) })
  .meta({ id: 'VoucherValidateRequest', required: ['code'] });
export const VoucherSummary = z
  .object({
    code: z.string(),
    kind: z.enum(['percent', 'fixed']),
    percentBp: z.int().nullable(),
    amountOff: z.record(z.string(), z.int()),
    minSpend: z.record(z.string(), z.int()),
    maxDiscount: z.record(z.string(), z.int()),
    validUntil: UnixSeconds.nullable(),
    scope: z.enum(['cart', 'quotation', 'both']),
  })
  .meta({ id: 'VoucherSummary' });
export type VoucherSummary = z.infer<typeof VoucherSummary>;

/** `POST /order/{id}/pay` on the built-in test gateway (test mode: Stripe's test card numbers decide the outcome). */
export const ConfirmPaymentRequest = z
  .object({ paymentId: checkedByDomain({ type: 'string', format: 'uuid', description: 'The payment that asked for confirmation' }) })
  .meta({ id: 'ConfirmPaymentRequest', required: ['paymentId'] });
export type ConfirmPaymentRequest = z.infer<typeof ConfirmPaymentRequest>;

export const DisputeInfo = z
  .object({
    canDispute: z.boolean(),
    until: UnixSeconds.nullable(),
    how: z.string(),
  })
  .meta({ id: 'DisputeInfo' });
export type DisputeInfo = z.infer<typeof DisputeInfo>;

// The back office (issue 16): orders, vouchers, taxes.

export const AdminOrderListQuery = z.object({
  status: z.enum(ORDER_STATUS_VALUES).optional(),
  q: z.string().trim().max(200).optional().describe('An order reference or part of a shopper’s e-mail'),
  payment: z
    .enum(['card', 'paynow', 'transfer_reported'])
    .optional()
    .describe(
      'By how the order is paid; transfer_reported: awaiting payment with a PayNow transfer the shopper reported and staff have not decided on',
    ),
  page: queryInt(1, 100_000).optional(),
  limit: queryInt(1, 100).optional(),
});
export type AdminOrderListQuery = z.infer<typeof AdminOrderListQuery>;

export const AdminOrder = Order.extend({
  shopper: z.object({ id: Uuid, email: z.string(), name: z.string() }),
  nextStatuses: z.array(z.enum(ORDER_STATUS_VALUES)).describe('Where staff may move it now (cancelled is its own call)'),
  refundable: z.int().describe('Minor units the shop still holds and has not promised back: the most a refund may give'),
  version: z.int(),
}).meta({ id: 'AdminOrder' });
export type AdminOrder = z.infer<typeof AdminOrder>;

export const AdminOrderList = z.object({ orders: z.array(AdminOrder), total: z.int(), page: z.int(), limit: z.int(), pages: z.int() });
export type AdminOrderList = z.infer<typeof AdminOrderList>;

export const AdminOrderMove = z
  .object({
    to: checkedByDomain({ enum: ['processing', 'shipped', 'delivered', 'refunded'] }),
    carrier: checkedByDomain({
      type: 'string',
      minLength: 1,
      maxLength: SHIPMENT_TEXT_MAX,
      description: "Shipping: the carrier's name, 1 to 100 characters",
    }),
    trackingNumber: checkedByDomain({
      type: 'string',
      minLength: 1,
      maxLength: SHIPMENT_TEXT_MAX,
      description: 'Shipping: 1 to 100 characters',
    }),
    note: checkedByDomain({ type: 'string', maxLength: ORDER_NOTE_MAX, description: 'Kept in the history, at most 500 characters' }),
  })
  .meta({ id: 'AdminOrderMove', required: ['to'] });
export type AdminOrderMove = z.infer<typeof AdminOrderMove>;

export const AdminOrderCancel = z
  .object({
    reason: checkedByDomain({
      type: 'string',
      minLength: 1,
      maxLength: ORDER_NOTE_MAX,
      description: 'The shopper reads it, 1 to 500 characters',
    }),
  })
  .meta({ id: 'AdminOrderCancel', required: ['reason'] });
export type AdminOrderCancel = z.infer<typeof AdminOrderCancel>;

export const AdminOrderRefund = z
  .object({
    amount: checkedByDomain({
      type: 'integer',
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'Minor units of the order’s currency, above 0 and at most `refundable`',
    }),
    reason: checkedByDomain({
      type: 'string',
      minLength: 1,
      maxLength: PAYMENT_REASON_MAX,
      description: 'Why, 1 to 500 characters: the shopper is e-mailed it',
    }),
  })
  .meta({ id: 'AdminOrderRefund', required: ['amount', 'reason'] });
export type AdminOrderRefund = z.infer<typeof AdminOrderRefund>;

export const AdminVoucher = z
  .object({
    id: Uuid,
    code: z.string(),
    kind: z.enum(['percent', 'fixed']),
    percentBp: z.int().nullable(),
    amountOff: z.record(z.string(), z.int()),
    minSpend: z.record(z.string(), z.int()),
    maxDiscount: z.record(z.string(), z.int()),
    validFrom: z.string().nullable().describe('ISO instant'),
    validUntil: z.string().nullable(),
    totalLimit: z.int().nullable(),
    perUserLimit: z.int().nullable(),
    scope: z.enum(['cart', 'quotation', 'both']),
    regions: z.array(z.string()),
    active: z.boolean(),
    redeemed: z.int().describe('Uses held by orders that are not cancelled'),
    version: z.int(),
  })
  .meta({ id: 'AdminVoucher' });
export type AdminVoucher = z.infer<typeof AdminVoucher>;

export const AdminVoucherList = z.object({ vouchers: z.array(AdminVoucher) });

/** A voucher to create or save (`version` when saving); every field is checked by packages/domain `parseVoucherInput`. */
export const AdminVoucherInput = z
  .object({
    code: checkedByDomain(VOUCHER_CODE_META),
    kind: checkedByDomain({ enum: [...VOUCHER_KINDS] }),
    percentBp: checkedByDomain({
      type: 'integer',
      minimum: 1,
      maximum: BASIS_POINTS_WHOLE,
      description: 'Percent kind: 1 to 10000 (basis points)',
    }),
    amountOff: checkedByDomain({ ...currencyAmountsMeta(1), description: 'Fixed kind: currency -> minor units off' }),
    minSpend: checkedByDomain(currencyAmountsMeta(0)),
    maxDiscount: checkedByDomain(currencyAmountsMeta(1)),
    validFrom: checkedByDomain({ ...INSTANT_META, description: 'ISO instant, or null' }),
    validUntil: checkedByDomain(INSTANT_META),
    totalLimit: checkedByDomain({ type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
    perUserLimit: checkedByDomain({ type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
    scope: checkedByDomain({ enum: [...VOUCHER_SCOPES] }),
    regions: checkedByDomain({ type: 'array', uniqueItems: true, items: { type: 'string', pattern: REGION_KEY_PATTERN } }),
    active: checkedByDomain({ type: 'boolean' }),
    version: checkedByDomain({
      type: 'integer',
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'When saving: the version read',
    }),
  })
  .meta({ id: 'AdminVoucherDraft', required: ['code', 'kind'] });
export type AdminVoucherInput = z.infer<typeof AdminVoucherInput>;

export const AdminVoucherRedemptions = z.object({
  redemptions: z.array(
    z.object({ orderId: Uuid, orderRef: z.string(), email: z.string(), discount: z.int(), currency: z.string(), createdAt: UnixSeconds }),
  ),
});

export const AdminTaxRate = z
  .object({ countryCode: z.string(), name: z.string(), rateBp: z.int(), inclusive: z.boolean() })
  .meta({ id: 'AdminTaxRate' });
export const AdminTaxRateList = z.object({ taxRates: z.array(AdminTaxRate) });
export const AdminTaxRateInput = z
  .object({
    name: checkedByDomain({ type: 'string', minLength: 1, maxLength: TAX_NAME_MAX, description: '1 to 20 characters, e.g. GST' }),
    rateBp: checkedByDomain({
      type: 'integer',
      minimum: 0,
      maximum: BASIS_POINTS_WHOLE,
      description: '0 to 10000 basis points (900 = 9 %)',
    }),
    inclusive: checkedByDomain({ type: 'boolean', description: "Whether the region's prices already hold it" }),
  })
  .meta({ id: 'AdminTaxRateDraft', required: ['name', 'rateBp', 'inclusive'] });
