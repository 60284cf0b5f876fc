import { randomBytes, randomUUID } from 'node:crypto';
import {
  AppError,
  CHECKOUT_LINES_MAX,
  CHECKOUT_SESSION_KEY_MAX,
  ORDER_NOTES_MAX,
  cartUnitPrice,
  ERROR_MESSAGES,
  formatErrorMessage,
  isCartItemAvailable,
  isQuotationItemAvailable,
  isUuid,
  linesSubtotal,
  orderCosts,
  orderRef,
  orderRequestFields,
  toUnixSeconds,
  variantOptionsOf,
  variantPictureOf,
  type ErrorCode,
  type PaymentsSetup,
  type TaxRule,
} from '@kedai/domain';
import { and, eq, gt, lockKey, schema, type Database } from '@kedai/db';
import type {
  Address,
  CheckoutSession,
  CheckoutSessionRequest,
  CostEstimate,
  CreateOrderRequest,
  CreateQuotationOrderRequest,
  Order,
  Product,
} from '@kedai/contract';
import { listAddresses } from '../addresses/service';
import { cartItemsByIds, getCartItemsAsAnswered, takeCartItems } from '../cart/service';
import { productsByIds, takeStock } from '../catalogue/service';
import { getOrder, orderByIdempotencyKey, writeOrder, type NewOrderLine } from '../orders/service';
import { consumeQuotationItems, openQuotationItems } from '../quotations/service';
import { enabledShippingLocations, regionForCountry, taxRuleFor } from '../regions/service';
import { lockVoucher, recordRedemption, tryVoucher } from '../vouchers/service';
import { requireMethodOffered } from '../payments/service';
import { isUniqueViolation } from '../../platform/db-errors';
import { requestDigest, requireSameRequest } from '../../platform/request-digest';
import { randomToken } from '../../platform/secure-tokens';

/**
 * Checkout (issue 16): the checked cart lines and quotation items go to a checkout session; the
 * estimate prices them in the shopper's region, to the address chosen, with the voucher given; and
 * `create_order` places the order in one transaction: every line's stock taken by a conditional
 * update, the voucher redeemed with its row locked, the cart lines and quotation items consumed, the
 * order written with its captures. A failure anywhere takes everything back. The same
 * `Idempotency-Key` answers the same order (concurrent repeats wait on one advisory lock).
 */

export interface CheckoutDeps {
  db: Database;
  now: () => Date;
  /** How long a checkout session lasts, and how long an order may wait for its payment. */
  sessionMinutes: number;
  payMinutes: number;
  /** Who takes cards and whether in test mode: which payment methods may be chosen (modules/payments/methods). */
  payments: PaymentsSetup;
}

const { checkoutSessions } = schema;

/** Ids sent as a list: uuids only, each once, at most CHECKOUT_LINES_MAX. */
function idsOf(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > CHECKOUT_LINES_MAX || value.some((id) => typeof id !== 'string' || !isUuid(id))) {
    throw new AppError('checkout/nothing_selected', [CHECKOUT_LINES_MAX]);
  }
  return [...new Set((value as string[]).map((id) => id.toLowerCase()))];
}

/** `POST /checkout/session`: keeps the ids chosen under a new key. */
export async function createCheckoutSession(deps: CheckoutDeps, userId: string, body: CheckoutSessionRequest) {
  const cartItemIds = idsOf(body.cartItemIds);
  const quotationItemIds = idsOf(body.quotationItemIds);
  if (cartItemIds.length + quotationItemIds.length === 0) throw new AppError('checkout/nothing_selected', [CHECKOUT_LINES_MAX]);
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + deps.sessionMinutes * 60_000);
  const key = randomToken();
  await deps.db.insert(checkoutSessions).values({ key, userId, cartItemIds, quotationItemIds, expiresAt });
  return { key, expiresAt: toUnixSeconds(expiresAt) };
}

async function sessionRow(deps: CheckoutDeps, userId: string, key: unknown) {
  if (typeof key !== 'string' || key.length === 0 || key.length > CHECKOUT_SESSION_KEY_MAX)
    throw new AppError('checkout/session_not_found');
  const [row] = await deps.db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.key, key), eq(checkoutSessions.userId, userId), gt(checkoutSessions.expiresAt, deps.now())));
  if (!row) throw new AppError('checkout/session_not_found');
  return row;
}

/** `DELETE /checkout/session/{key}`: forgets the session (the lines stay in the cart and the list). */
export async function deleteCheckoutSession(deps: CheckoutDeps, userId: string, key: string): Promise<void> {
  const deleted = await deps.db
    .delete(checkoutSessions)
    .where(and(eq(checkoutSessions.key, key), eq(checkoutSessions.userId, userId)))
    .returning({ key: checkoutSessions.key });
  if (deleted.length === 0) throw new AppError('checkout/session_not_found');
}

type Reason = CostEstimate['lines'][number]['reason'];

/** One line to buy, priced in a region, or the reason it cannot be bought. */
interface Line {
  id: string;
  kind: 'cart' | 'quotation';
  name: string;
  quantity: number;
  unitPrice: number | null;
  reason: Reason;
  /** Stock to take: the shop's product and path; null for a marketplace product. */
  productId: string | null;
  variantPath: string;
  capture: NewOrderLine['capture'];
}

function productCapture(product: Product, variantPath: string): NewOrderLine['capture'] {
  const options = variantOptionsOf(product.variants, variantPath) ?? [];
  return {
    name: product.name,
    options,
    image: variantPictureOf(product, variantPath),
    paramName: product.paramName,
    sourceMarketPlace: product.sourceMarketPlace,
  };
}

/** The lines of the ids chosen, read now, priced in `region` (missing ones are 'gone'). */
async function linesOf(db: Database, userId: string, cartIds: string[], quotationIds: string[], region: string): Promise<Line[]> {
  const [cartRows, quotations] = await Promise.all([cartItemsByIds(db, userId, cartIds), openQuotationItems(db, userId, quotationIds)]);
  const products = new Map(
    (
      await productsByIds(
        db,
        cartRows.map((row) => row.productId),
      )
    ).map((p) => [p.uuid, p]),
  );
  const lines: Line[] = [];
  for (const id of cartIds) {
    const row = cartRows.find((r) => r.id === id);
    const product = row ? products.get(row.productId) : undefined;
    if (!row || !product) {
      lines.push({
        id,
        kind: 'cart',
        name: '',
        quantity: 0,
        unitPrice: null,
        reason: 'gone',
        productId: null,
        variantPath: '',
        capture: emptyCapture,
      });
      continue;
    }
    const price = cartUnitPrice(product, row.variantPath, region);
    const reason: Reason = product.disabled
      ? 'disabled'
      : !isCartItemAvailable(product, row)
        ? 'out_of_stock'
        : price === null
          ? 'not_sold_in_region'
          : null;
    lines.push({
      id,
      kind: 'cart',
      name: product.name,
      quantity: row.quantity,
      unitPrice: reason ? null : price!.amount,
      reason,
      productId: product.uuid,
      variantPath: row.variantPath,
      capture: productCapture(product, row.variantPath),
    });
  }
  for (const id of quotationIds) {
    const found = quotations.find((q) => q.row.id === id);
    if (!found) {
      lines.push({
        id,
        kind: 'quotation',
        name: '',
        quantity: 0,
        unitPrice: null,
        reason: 'gone',
        productId: null,
        variantPath: '',
        capture: emptyCapture,
      });
      continue;
    }
    const { row, external, product } = found;
    const quoted = row.statusData?.quotedPrice[region];
    const internal = row.productSource === 'i';
    const reason: Reason =
      row.status !== 'r'
        ? 'not_quoted'
        : internal && (!product || product.disabled)
          ? 'disabled'
          : !isQuotationItemAvailable(row, product)
            ? 'out_of_stock'
            : quoted === undefined
              ? 'not_quoted_in_region'
              : null;
    lines.push({
      id,
      kind: 'quotation',
      name: row.name,
      quantity: row.quantity,
      unitPrice: reason ? null : quoted!,
      reason,
      productId: internal ? row.productId : null,
      variantPath: row.variantPath,
      capture:
        internal && product
          ? productCapture(product, row.variantPath)
          : {
              name: row.name,
              options: [],
              image: external?.images[0] ?? null,
              paramName: null,
              sourceMarketPlace: external?.sourceMarketPlace ?? null,
            },
    });
  }
  return lines;
}

const emptyCapture: NewOrderLine['capture'] = { name: '', options: [], image: null, paramName: null, sourceMarketPlace: null };

/** `GET /checkout/session/{key}`: the lines as they are now, with their products and what cannot be bought. */
export async function readCheckoutSession(
  deps: CheckoutDeps,
  userId: string,
  key: string,
  regionCountryCode?: string,
): Promise<CheckoutSession> {
  const session = await sessionRow(deps, userId, key);
  const region = await regionForCountry(deps.db, regionCountryCode?.toUpperCase() ?? null);
  const [cart, quotations, lines] = await Promise.all([
    getCartItemsAsAnswered(deps.db, userId, session.cartItemIds),
    openQuotationItems(deps.db, userId, session.quotationItemIds),
    linesOf(deps.db, userId, session.cartItemIds, session.quotationItemIds, region.key),
  ]);
  // Each product once: the cart's and the quotation items' products, already read.
  const products = new Map([...cart.products, ...quotations.flatMap((q) => (q.product ? [q.product] : []))].map((p) => [p.uuid, p]));
  return {
    key: session.key,
    expiresAt: toUnixSeconds(session.expiresAt),
    cartItems: cart.cartItems,
    quotationItems: quotations.map((q) => q.item),
    products: [...products.values()],
    unavailable: lines.flatMap((line) => (line.reason ? [{ id: line.id, kind: line.kind, reason: line.reason }] : [])),
  };
}

interface PricingInput {
  kind: 'cart' | 'quotation';
  cartIds: string[];
  quotationIds: string[];
  voucherCode?: string | undefined;
  shippingAddressId?: string | undefined;
  regionCountryCode?: string | undefined;
}

const errorOf = (errorCode: ErrorCode, params?: unknown[]) => ({ errorCode, error: formatErrorMessage(ERROR_MESSAGES[errorCode], params) });

/** The address book entry chosen, or undefined. */
async function addressOf(db: Database, userId: string, id: unknown): Promise<Address | undefined> {
  if (typeof id !== 'string' || !isUuid(id)) return undefined;
  return (await listAddresses(db, userId)).find((address) => address.id === id.toLowerCase());
}

/** Shipping and tax to a country in a region: the location's rate there, or why the shop does not deliver. */
async function destination(db: Database, country: string, regionKey: string) {
  const location = (await enabledShippingLocations(db)).find((l) => l.countryCode === country);
  const rate = location?.rates[regionKey];
  const tax: TaxRule | null = await taxRuleFor(db, country);
  return { rate: rate ?? null, tax };
}

/** The estimate of an order from lines read now (`GET /checkout/estimate_costs`, `/quotation_checkout/estimate_costs`). */
async function estimate(deps: CheckoutDeps, userId: string, input: PricingInput): Promise<CostEstimate> {
  const { db } = deps;
  const region = await regionForCountry(db, input.regionCountryCode?.toUpperCase() ?? null);
  const lines = await linesOf(db, userId, input.cartIds, input.quotationIds, region.key);
  const priced = lines.flatMap((line) => (line.unitPrice === null ? [] : [{ unitPrice: line.unitPrice, quantity: line.quantity }]));
  const subtotal = linesSubtotal(priced, region.currency);

  let voucher: CostEstimate['voucher'] = null;
  let voucherError: CostEstimate['voucherError'] = null;
  if (input.voucherCode) {
    const tried = await tryVoucher(db, userId, input.voucherCode, {
      now: deps.now(),
      orderKind: input.kind,
      region: region.key,
      currency: region.currency,
      subtotal,
    });
    if (tried.ok) voucher = { code: tried.code, discount: tried.discount };
    else voucherError = errorOf(tried.errorCode, tried.params);
  }
  const address = input.shippingAddressId ? await addressOf(db, userId, input.shippingAddressId) : undefined;
  let shippingError: CostEstimate['shippingError'] = null;
  let place = address ? await destination(db, address.country, region.key) : null;
  if (input.shippingAddressId && !address) shippingError = errorOf('checkout/address_required');
  else if (place && !place.rate) {
    shippingError = errorOf('checkout/not_delivered');
    place = null;
  }
  const costs = orderCosts({
    currency: region.currency,
    lines: priced,
    discount: voucher?.discount ?? 0,
    shippingRate: place?.rate ?? { fee: 0, freeFrom: null },
    tax: place?.tax ?? null,
  });
  return {
    region: region.key,
    currency: region.currency,
    lines: lines.map((line) => ({
      id: line.id,
      kind: line.kind,
      name: line.name,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      lineTotal: line.unitPrice === null ? null : line.unitPrice * line.quantity,
      reason: line.reason,
    })),
    subtotal: costs.subtotal,
    shipping: place ? costs.shipping : null,
    discount: costs.discount,
    tax: costs.tax,
    taxName: place?.tax?.name ?? null,
    taxInclusive: costs.taxInclusive,
    total: costs.total,
    voucher,
    voucherError,
    shippingCountry: address?.country ?? null,
    shippingError,
    canPlaceOrder: lines.length > 0 && lines.every((line) => line.reason === null) && place !== null && voucherError === null,
  };
}

export async function estimateCheckout(
  deps: CheckoutDeps,
  userId: string,
  query: { checkoutSessionKey: string; voucherCode?: string; shippingAddressId?: string; regionCountryCode?: string },
): Promise<CostEstimate> {
  const session = await sessionRow(deps, userId, query.checkoutSessionKey);
  return estimate(deps, userId, {
    kind: session.cartItemIds.length > 0 ? 'cart' : 'quotation',
    cartIds: session.cartItemIds,
    quotationIds: session.quotationItemIds,
    voucherCode: query.voucherCode,
    shippingAddressId: query.shippingAddressId,
    regionCountryCode: query.regionCountryCode,
  });
}

export async function estimateQuotationCheckout(
  deps: CheckoutDeps,
  userId: string,
  query: { quotationIds: string; voucherCode?: string; shippingAddressId?: string; regionCountryCode?: string },
): Promise<CostEstimate> {
  const quotationIds = idsOf(query.quotationIds.split(',').filter(Boolean));
  if (quotationIds.length === 0) throw new AppError('checkout/nothing_selected', [CHECKOUT_LINES_MAX]);
  return estimate(deps, userId, {
    kind: 'quotation',
    cartIds: [],
    quotationIds,
    voucherCode: query.voucherCode,
    shippingAddressId: query.shippingAddressId,
    regionCountryCode: query.regionCountryCode,
  });
}

/** An `Idempotency-Key` header: absent, or 8 to 100 letters, digits, dashes and underscores. */
export function idempotencyKeyOf(value: unknown): string | null {
  if (value === undefined) return null;
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{8,100}$/.test(value)) throw new AppError('checkout/invalid_idempotency_key');
  return value;
}

interface PlaceInput {
  kind: 'cart' | 'quotation';
  cartIds: string[];
  quotationIds: string[];
  body: Omit<CreateOrderRequest, 'checkoutSessionKey'>;
  sessionKey: string | null;
  idempotencyKey: string | null;
  /** The digest of the request's meaningful fields, kept with the order its key placed. */
  requestDigest: string;
}

function notesOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string' || value.trim().length > ORDER_NOTES_MAX) throw new AppError('checkout/invalid_notes', [ORDER_NOTES_MAX]);
  return value.trim();
}

function toOrderAddress(address: Address) {
  const { fullName, address: line, unitNumber, city, state, postalCode, country, phoneNumber } = address;
  return { fullName, address: line, unitNumber, city, state, postalCode, country, phoneNumber };
}

/** Places the order; answers it and whether it was placed now (false: the key's earlier order). */
async function place(deps: CheckoutDeps, userId: string, input: PlaceInput): Promise<{ order: Order; created: boolean }> {
  const { db } = deps;
  const { body } = input;
  const paymentMethod = body.paymentMethod;
  if (paymentMethod !== 'card' && paymentMethod !== 'paynow') throw new AppError('checkout/invalid_payment_method');
  const notes = notesOf(body.notes);
  const shipping = await addressOf(db, userId, body.shippingAddressId);
  if (!shipping) throw new AppError('checkout/address_required');
  const billing = body.billingAddressId ? await addressOf(db, userId, body.billingAddressId) : shipping;
  if (!billing) throw new AppError('checkout/address_required');
  const regionCountryCode = typeof body.regionCountryCode === 'string' ? body.regionCountryCode.toUpperCase() : null;
  const region = await regionForCountry(db, regionCountryCode);
  // PayNow moves Singapore dollars only.
  if (paymentMethod === 'paynow' && region.currency !== 'SGD') throw new AppError('payment/paynow_sgd_only');
  // No pretend payment: a method the shop cannot take now is refused before anything is written.
  await requireMethodOffered(db, deps.payments, paymentMethod);
  const { rate, tax } = await destination(db, shipping.country, region.key);
  if (!rate) throw new AppError('checkout/not_delivered');
  const voucherCode = typeof body.voucherCode === 'string' && body.voucherCode.trim() !== '' ? body.voucherCode : null;

  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        if (input.idempotencyKey) {
          // Repeats of one key wait here for the first to finish, then answer its order.
          await lockKey(tx, `order:${userId}:${input.idempotencyKey}`);
          const earlier = await orderByIdempotencyKey(tx, userId, input.idempotencyKey);
          if (earlier) {
            // The same key with another request is refused, not answered with the first one's order.
            requireSameRequest(earlier.digest, input.requestDigest);
            return { order: await getOrder(tx, userId, earlier.id), created: false };
          }
        }
        const lines = await linesOf(tx, userId, input.cartIds, input.quotationIds, region.key);
        const unavailable = lines.filter((line) => line.reason !== null);
        if (lines.length === 0 || unavailable.length > 0) {
          throw new AppError(
            'checkout/items_unavailable',
            unavailable.map((line) => ({ id: line.id, kind: line.kind, reason: line.reason })),
          );
        }
        const priced = lines.map((line) => ({ unitPrice: line.unitPrice!, quantity: line.quantity }));
        const subtotal = linesSubtotal(priced, region.currency);
        const now = deps.now();
        const voucher = voucherCode
          ? await lockVoucher(tx, userId, voucherCode, {
              now,
              orderKind: input.kind,
              region: region.key,
              currency: region.currency,
              subtotal,
            })
          : null;
        const costs = orderCosts({ currency: region.currency, lines: priced, discount: voucher?.discount ?? 0, shippingRate: rate, tax });

        const short = await takeStock(
          tx,
          lines.flatMap((line) =>
            line.productId ? [{ productId: line.productId, variantPath: line.variantPath, quantity: line.quantity }] : [],
          ),
        );
        if (short.length > 0) {
          throw new AppError(
            'checkout/items_unavailable',
            lines
              .filter((line) => short.some((s) => s.productId === line.productId && s.variantPath === line.variantPath))
              .map((line) => ({ id: line.id, kind: line.kind, reason: 'out_of_stock' })),
          );
        }
        const orderId = randomUUID();
        const cartIds = lines.filter((line) => line.kind === 'cart').map((line) => line.id);
        const quotationIds = lines.filter((line) => line.kind === 'quotation').map((line) => line.id);
        if ((await takeCartItems(tx, userId, cartIds)).length !== cartIds.length) {
          throw new AppError('checkout/items_unavailable', [{ reason: 'gone' }]);
        }
        const order = await writeOrder(
          tx,
          {
            id: orderId,
            orderRef: orderRef(now, randomBytes(8)),
            userId,
            kind: input.kind,
            status: 'awaiting_payment',
            regionKey: region.key,
            regionCountryCode: regionCountryCode ?? region.countries[0] ?? shipping.country,
            currency: region.currency,
            subtotal: costs.subtotal,
            shippingFee: costs.shipping,
            discount: costs.discount,
            taxFee: costs.tax,
            taxInclusive: costs.taxInclusive,
            taxName: tax?.name ?? null,
            taxRateBp: costs.tax > 0 ? (tax?.rateBp ?? null) : null,
            total: costs.total,
            voucherCode: voucher?.code ?? null,
            paymentMethod,
            notes,
            shippingAddress: toOrderAddress(shipping),
            billingAddress: toOrderAddress(billing),
            idempotencyKey: input.idempotencyKey,
            idempotencyDigest: input.idempotencyKey ? input.requestDigest : null,
            cartItemIds: cartIds,
            payBy: new Date(now.getTime() + deps.payMinutes * 60_000),
          },
          lines.map((line, position) => ({
            position,
            source: line.kind,
            productId: line.productId,
            variantPath: line.variantPath,
            quotationItemId: line.kind === 'quotation' ? line.id : null,
            quantity: line.quantity,
            unitPrice: line.unitPrice!,
            lineTotal: line.unitPrice! * line.quantity,
            capture: line.capture,
          })),
        );
        if ((await consumeQuotationItems(tx, userId, quotationIds, orderId)).length !== quotationIds.length) {
          throw new AppError('checkout/items_unavailable', [{ reason: 'not_quoted' }]);
        }
        if (voucher) await recordRedemption(tx, voucher.voucherId, orderId, userId, voucher.discount);
        if (input.sessionKey) await tx.delete(checkoutSessions).where(eq(checkoutSessions.key, input.sessionKey));
        return { order, created: true };
      });
    } catch (error) {
      // Two orders drew the same reference: draw again (a handful of times at most).
      if (attempt < 3 && isUniqueViolation(error, 'orders_ref_idx')) continue;
      throw error;
    }
  }
}

/** `POST /checkout/create_order`. */
export async function createOrder(deps: CheckoutDeps, userId: string, body: CreateOrderRequest, idempotencyKey: string | null) {
  // A repeat whose first answer was lost: its session is gone with the order it placed.
  const digest = requestDigest(orderRequestFields({ kind: 'cart', ...body }));
  const placed = async () => {
    const earlier = idempotencyKey ? await orderByIdempotencyKey(deps.db, userId, idempotencyKey) : undefined;
    if (!earlier) return null;
    requireSameRequest(earlier.digest, digest);
    return { order: await getOrder(deps.db, userId, earlier.id), created: false };
  };
  const earlier = await placed();
  if (earlier) return earlier;
  let session: Awaited<ReturnType<typeof sessionRow>>;
  try {
    session = await sessionRow(deps, userId, body.checkoutSessionKey);
  } catch (error) {
    // A repeat that found no order just before the first one committed: that commit took the
    // session away and wrote the order, so the order is there to answer now.
    const late = error instanceof AppError && error.errorCode === 'checkout/session_not_found' ? await placed() : null;
    if (late) return late;
    throw error;
  }
  return place(deps, userId, {
    kind: session.cartItemIds.length > 0 ? 'cart' : 'quotation',
    cartIds: session.cartItemIds,
    quotationIds: session.quotationItemIds,
    body,
    sessionKey: session.key,
    idempotencyKey,
    requestDigest: digest,
  });
}

/** `POST /quotation_checkout/create_order`. */
export async function createQuotationOrder(
  deps: CheckoutDeps,
  userId: string,
  body: CreateQuotationOrderRequest,
  idempotencyKey: string | null,
) {
  const quotationIds = idsOf(body.quotationIds);
  if (quotationIds.length === 0) throw new AppError('checkout/nothing_selected', [CHECKOUT_LINES_MAX]);
  return place(deps, userId, {
    kind: 'quotation',
    cartIds: [],
    quotationIds,
    body,
    sessionKey: null,
    idempotencyKey,
    requestDigest: requestDigest(orderRequestFields({ kind: 'quotation', ...body })),
  });
}
