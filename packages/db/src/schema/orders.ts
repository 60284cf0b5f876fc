/**
 * Checkout and orders (issue 16): checkout sessions (modules/checkout), vouchers and their
 * redemptions (modules/vouchers), orders with their lines and status history (modules/orders), the
 * payments ledger (modules/payments) and tax rates per country (modules/regions).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

/** Minor units that may pass 2^31 (IDR totals). */
const money = (name: string) => bigint(name, { mode: 'number' });

/**
 * What a shopper took from the cart and the quotation list to checkout: the ids chosen, kept for
 * a while under an unguessable key (`POST /checkout/session`). The lines themselves stay where they
 * are until an order consumes them.
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    key: text('key').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cartItemIds: uuid('cart_item_ids').array().notNull(),
    quotationItemIds: uuid('quotation_item_ids').array().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('checkout_sessions_expiry_idx').on(t.expiresAt)],
);

/** A voucher code and its rules (packages/domain vouchers.ts); `redeemed` counts live redemptions. */
export const vouchers = pgTable(
  'vouchers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Upper case; unique. */
    code: text('code').notNull(),
    kind: text('kind', { enum: ['percent', 'fixed'] }).notNull(),
    percentBp: integer('percent_bp'),
    amountOff: jsonb('amount_off').$type<Record<string, number>>().notNull().default({}),
    minSpend: jsonb('min_spend').$type<Record<string, number>>().notNull().default({}),
    maxDiscount: jsonb('max_discount').$type<Record<string, number>>().notNull().default({}),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    totalLimit: integer('total_limit'),
    perUserLimit: integer('per_user_limit'),
    scope: text('scope', { enum: ['cart', 'quotation', 'both'] })
      .notNull()
      .default('both'),
    regions: text('regions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    active: boolean('active').notNull().default(true),
    /** Redemptions held by orders that are not cancelled; never above `total_limit`. */
    redeemed: integer('redeemed').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('vouchers_code_idx').on(t.code),
    check('vouchers_redeemed_check', sql`${t.redeemed} >= 0 AND (${t.totalLimit} IS NULL OR ${t.redeemed} <= ${t.totalLimit})`),
  ],
);

/** One use of a voucher by an order; deleted when the order is cancelled (the use is given back). */
export const voucherRedemptions = pgTable(
  'voucher_redemptions',
  {
    voucherId: uuid('voucher_id')
      .notNull()
      .references(() => vouchers.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    discount: money('discount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.voucherId, t.orderId] }), index('voucher_redemptions_user_idx').on(t.voucherId, t.userId)],
);

/** An address as it was when the order was placed (the address book may change later). */
export interface OrderAddress {
  fullName: string;
  address: string;
  unitNumber: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  phoneNumber: string;
}

/**
 * An order (rules: entities.md "Order"), written once in one transaction and then changed only by
 * its status transitions (packages/domain orders.ts). Costs are minor units of `currency`, the
 * region's currency when it was placed. `(user_id, idempotency_key)` is unique: a repeated
 * `create_order` answers the same order.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderRef: text('order_ref').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** 'cart': from cart lines (maybe with quotation items); 'quotation': from quotation items only. */
    kind: text('kind', { enum: ['cart', 'quotation'] }).notNull(),
    status: text('status', {
      enum: ['awaiting_payment', 'paid', 'processing', 'shipped', 'delivered', 'completed', 'cancelled', 'refunded'],
    }).notNull(),
    regionKey: text('region_key').notNull(),
    regionCountryCode: text('region_country_code').notNull(),
    currency: text('currency').notNull(),
    subtotal: money('subtotal').notNull(),
    shippingFee: money('shipping_fee').notNull(),
    discount: money('discount').notNull(),
    taxFee: money('tax_fee').notNull(),
    taxInclusive: boolean('tax_inclusive').notNull(),
    taxName: text('tax_name'),
    /** The rate charged, 900 for 9 % (null on orders placed before receipts, issue 30). */
    taxRateBp: integer('tax_rate_bp'),
    total: money('total').notNull(),
    voucherCode: text('voucher_code'),
    paymentMethod: text('payment_method').notNull(),
    notes: text('notes').notNull().default(''),
    shippingAddress: jsonb('shipping_address').$type<OrderAddress>().notNull(),
    billingAddress: jsonb('billing_address').$type<OrderAddress>().notNull(),
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of the request's meaningful fields: the same key with another request is refused. */
    idempotencyDigest: text('idempotency_digest'),
    /** The cart lines it bought (gone from the cart since), as spec'd `cartItems`. */
    cartItemIds: uuid('cart_item_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** When an unpaid order is cancelled by the expiry job. */
    payBy: timestamp('pay_by', { withTimezone: true }),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    cancelReason: text('cancel_reason'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The receipt's number, given in the transaction that pays the order (decision 0026). */
    receiptNumber: text('receipt_number'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_ref_idx').on(t.orderRef),
    uniqueIndex('orders_receipt_number_idx').on(t.receiptNumber),
    uniqueIndex('orders_idempotency_idx').on(t.userId, t.idempotencyKey),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_status_idx').on(t.status, t.createdAt),
    // The expiry job's scan: unpaid orders by deadline.
    index('orders_pay_by_idx')
      .on(t.payBy)
      .where(sql`${t.status} = 'awaiting_payment'`),
  ],
);

/**
 * The shop's running count of receipts (decision 0026): one row, locked FOR UPDATE by the
 * transaction that pays an order, so numbers are consecutive and a rolled-back payment leaves no gap
 * (a PostgreSQL SEQUENCE would).
 */
export const receiptCounters = pgTable('receipt_counters', {
  name: text('name').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/** What a line captured of its product when bought: an order never changes with the catalogue. */
export interface ProductCapture {
  name: string;
  /** "Colour: Red", "Size: M", in variant order; [] without variants. */
  options: { name: string; option: string }[];
  image: string | null;
  paramName: string | null;
  sourceMarketPlace: string | null;
}

/** One line of an order: a cart line or a quotation item as bought, with its capture. */
export const orderLines = pgTable(
  'order_lines',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    source: text('source', { enum: ['cart', 'quotation'] }).notNull(),
    /** The shop's product (null for a marketplace product, or once the product is deleted). */
    productId: uuid('product_id'),
    variantPath: text('variant_path').notNull().default(''),
    /** The quotation item consumed (source 'quotation'). */
    quotationItemId: uuid('quotation_item_id'),
    quantity: integer('quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
    lineTotal: money('line_total').notNull(),
    capture: jsonb('capture').$type<ProductCapture>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.position] }), index('order_lines_product_idx').on(t.productId)],
);

/** The status history of an order: every transition, who made it and why. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actor: text('actor', { enum: ['shopper', 'staff', 'payment', 'system'] }).notNull(),
    actorId: uuid('actor_id'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * The payments ledger: every attempt to charge an order and every refund, as the provider answered
 * it. An order is paid only on a succeeded charge for its total and currency.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    kind: text('kind', { enum: ['charge', 'refund'] }).notNull(),
    status: text('status', { enum: ['pending', 'requires_action', 'succeeded', 'failed'] }).notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    providerRef: text('provider_ref'),
    /** What was paid with, never the number: `visa •••• 4242`. */
    methodSummary: text('method_summary'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    /** The shopper's attempt (`Idempotency-Key`): a repeated call answers the same payment. */
    attemptKey: text('attempt_key'),
    /** SHA-256 of the attempt's meaningful fields: the same key with another request is refused. */
    attemptDigest: text('attempt_digest'),
    /** A PayNow report left unconfirmed too long: when the shopper and staff were asked to settle it. */
    settleAskedAt: timestamp('settle_asked_at', { withTimezone: true }),
    /** A refund's charge: what each charge still holds is its amount less its refunds. */
    refundOf: uuid('refund_of'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId, t.createdAt),
    uniqueIndex('payments_attempt_idx').on(t.orderId, t.attemptKey),
    index('payments_provider_ref_idx').on(t.provider, t.providerRef),
  ],
);

/** Tax per destination country (e.g. Singapore GST 9 %, added on top). */
export const taxRates = pgTable('tax_rates', {
  countryCode: text('country_code').primaryKey(),
  name: text('name').notNull(),
  rateBp: integer('rate_bp').notNull(),
  inclusive: boolean('inclusive').notNull().default(false),
  updatedAt: updatedAt(),
});
