/**
 * What the checkout page shows, as pure functions: each line with its picture, options and price or
 * the reason it cannot be bought (in a shopper's words), why "Place order" cannot be used yet, the
 * addresses the shop delivers to, and the key that names one attempt to place the order.
 */
import type { Address, CheckoutSession, CostEstimate, Product, QuotationItem } from '@kedai/contract';
import { ORDER_NOTES_MAX, onlyLeftText, stockFor, variantOptionsOf, variantPictureOf } from '@kedai/domain';
import type { AnalyticsCheckout } from '../analytics/analytics';
import { productHref } from '../catalogue/links';
import { NO_PAYMENT_TEXT } from './payment-methods';

export type UnavailableReason = NonNullable<CostEstimate['lines'][number]['reason']>;

/** Each reason a line cannot be bought, as a shopper reads it. */
export const REASON_TEXT: Record<UnavailableReason, string> = {
  gone: 'No longer in your cart or quotations',
  out_of_stock: 'Out of stock',
  disabled: 'No longer sold',
  not_sold_in_region: 'Not sold in your region',
  not_quoted: 'The shop has not answered this quotation yet',
  not_quoted_in_region: 'Not quoted for your region',
};

/** The picture of a line: one of the shop's images (an asset name, null for the placeholder) or a marketplace's address. */
export type LinePicture = { kind: 'asset'; name: string | null } | { kind: 'external'; src: string | null };

export interface CheckoutLine {
  id: string;
  kind: 'cart' | 'quotation';
  name: string;
  /** "Storage: 1 TB, Colour: Mint"; '' without options. */
  options: string;
  /** "1 TB / Mint" (analytics' item variant); '' without options. */
  variant: string;
  /** The shop's product bought, when it is one. */
  productId: string | null;
  quantity: number;
  /** Minor units of the estimate's currency; null when the line cannot be bought. */
  unitPrice: number | null;
  lineTotal: number | null;
  reason: UnavailableReason | null;
  /** The reason in words (with the stock left when that is the trouble); null when it can be bought. */
  reasonText: string | null;
  picture: LinePicture;
  /** The product's page, for the shop's products. */
  href: string | null;
  /** The marketplace a quoted product comes from. */
  marketplace: string | null;
}

function optionsOf(product: Product | undefined, variantPath: string): { options: string; variant: string } {
  const options = product ? variantOptionsOf(product.variants, variantPath) : null;
  if (!options) return { options: '', variant: '' };
  return {
    options: options.map(({ name, option }) => `${name}: ${option}`).join(', '),
    variant: options.map(({ option }) => option).join(' / '),
  };
}

/** "Out of stock", or "Not enough in stock — only 3 left" when some are left but fewer than asked for. */
function stockText(product: Product | undefined, variantPath: string): string {
  const left = product ? stockFor(product, variantPath || null) : 0;
  return left > 0 ? `Not enough in stock — ${onlyLeftText(left).toLowerCase()}` : REASON_TEXT.out_of_stock;
}

function productLink(product: Product | undefined, variantPath: string): string | null {
  if (!product) return null;
  return `${productHref(product.paramName)}${variantPath ? `?v=${variantPath}` : ''}`;
}

/**
 * The checkout's lines in the estimate's order (the cart lines, then the quotation items), each
 * with what the session knows of it: the product's picture, options and page, the marketplace of a
 * quoted product. A line the session no longer holds keeps the estimate's name (or a stand-in).
 */
export function checkoutLines(session: CheckoutSession, estimate: CostEstimate): CheckoutLine[] {
  const products = new Map(session.products.map((product) => [product.uuid, product]));
  return estimate.lines.map((line) => {
    const base = {
      id: line.id,
      kind: line.kind,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      lineTotal: line.lineTotal,
      reason: line.reason,
    };
    if (line.kind === 'cart') {
      const item = session.cartItems.find((candidate) => candidate.id === line.id);
      const product = item ? products.get(item.productId) : undefined;
      const variantPath = item?.variantPath ?? '';
      return {
        ...base,
        name: line.name || product?.name || 'An item no longer in your cart',
        ...optionsOf(product, variantPath),
        productId: item?.productId ?? null,
        reasonText: line.reason === 'out_of_stock' ? stockText(product, variantPath) : line.reason ? REASON_TEXT[line.reason] : null,
        picture: { kind: 'asset', name: product ? variantPictureOf(product, variantPath) : null },
        href: productLink(product, variantPath),
        marketplace: product?.sourceMarketPlace ?? null,
      };
    }
    const item: QuotationItem | undefined = session.quotationItems.find((candidate) => candidate.id === line.id);
    const productId = item?.productSourceData.productId;
    const product = productId ? products.get(productId) : undefined;
    const variantPath = item?.productSourceData.variantPath ?? '';
    const external = item?.externalProduct ?? null;
    return {
      ...base,
      name: line.name || item?.name || 'A quotation no longer in your list',
      ...optionsOf(product, variantPath),
      productId: productId ?? null,
      reasonText: line.reason === 'out_of_stock' ? stockText(product, variantPath) : line.reason ? REASON_TEXT[line.reason] : null,
      picture: external
        ? { kind: 'external', src: external.images[0] ?? null }
        : { kind: 'asset', name: product ? variantPictureOf(product, variantPath) : null },
      href: productLink(product, variantPath),
      marketplace: external?.sourceMarketPlace ?? product?.sourceMarketPlace ?? null,
    };
  });
}

/** Whether the checkout has nothing left to buy: every line has left the cart or the quotation list. */
export function nothingLeft(estimate: CostEstimate): boolean {
  return estimate.lines.every((line) => line.reason === 'gone');
}

export interface Blockers {
  /** A shipping address from the book is chosen (not the new-address form). */
  addressChosen: boolean;
  /** The shop takes at least one way to pay for this order (issue 27); true when not said. */
  canPay?: boolean;
}

/**
 * Why "Place order" cannot be used, in the order a shopper would fix things: lines that cannot be
 * bought, no address (or one the shop does not deliver to), a voucher that does not apply. Empty
 * when the estimate says the order can be placed.
 */
export function placeOrderBlockers(estimate: CostEstimate, { addressChosen, canPay = true }: Blockers): string[] {
  if (estimate.canPlaceOrder && addressChosen && canPay) return [];
  const reasons: string[] = [];
  if (!canPay) reasons.push(NO_PAYMENT_TEXT);
  const unavailable = estimate.lines.filter((line) => line.reason !== null).length;
  if (unavailable > 0) {
    reasons.push(
      unavailable === 1
        ? '1 item cannot be bought. Go back to change or remove it.'
        : `${unavailable} items cannot be bought. Go back to change or remove them.`,
    );
  }
  if (!addressChosen) reasons.push('Choose a shipping address.');
  else if (estimate.shippingError) reasons.push('We do not deliver to this address. Choose another one.');
  if (estimate.voucherError) reasons.push('The voucher cannot be used: remove it or try another code.');
  if (reasons.length === 0) reasons.push('This order cannot be placed yet.');
  return reasons;
}

/**
 * The addresses a shipment may go to: those in a country the shop delivers to (every one when the
 * countries are not known), the main one first as the book keeps them.
 */
export function deliverable(addresses: readonly Address[], countries: readonly string[] | null): Address[] {
  return countries ? addresses.filter((address) => countries.includes(address.country.toUpperCase())) : [...addresses];
}

/** The address a shipment goes to when the shopper has not chosen: the first deliverable one (the main one when it is). */
export function defaultShippingAddress(addresses: readonly Address[], countries: readonly string[] | null): string | null {
  return deliverable(addresses, countries)[0]?.id ?? null;
}

/**
 * A new `Idempotency-Key` for an attempt to place an order: a random UUID (36 letters, digits and
 * dashes, within the API's 8 to 100). Older browsers without `crypto.randomUUID` get random hex.
 */
export function newAttemptKey(random: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = crypto): string {
  if (typeof random.randomUUID === 'function') return random.randomUUID();
  const bytes = random.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** `/checkout/<key>`. */
export function checkoutHref(key: string): string {
  return `/checkout/${encodeURIComponent(key)}`;
}

/** `/orders/<id>`. */
export function orderHref(id: string): string {
  return `/orders/${encodeURIComponent(id)}`;
}

/** The most a shopper may write to the shop with an order (the domain's rule, which the API applies). */
export const NOTES_MAX = ORDER_NOTES_MAX;

/** What the checkout events report of a checkout: the goods after the discount, the voucher applied, each line. */
export function analyticsCheckoutOf(estimate: CostEstimate, lines: readonly CheckoutLine[]): AnalyticsCheckout {
  return {
    currency: estimate.currency,
    value: estimate.subtotal - estimate.discount,
    coupon: estimate.voucher?.code ?? null,
    lines: lines
      .filter((line) => line.reason === null)
      .map((line) => ({
        id: line.productId ?? line.id,
        name: line.name,
        variant: line.variant,
        unitPrice: line.unitPrice,
        quantity: line.quantity,
      })),
  };
}
