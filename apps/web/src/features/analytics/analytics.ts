/**
 * Analytics of rules: money.md: GA4-style events pushed onto `window.dataLayer` (read by Google Tag Manager
 * or gtag when the shop installs one), and sent to the API's own collection endpoint when the
 * configuration names one (`analytics_endpoint`).
 *
 * Client-safe: no server imports, and every function is a no-op on the server. Money is turned
 * into major units from integer minor units with the currency's decimals (rules: money.md), exactly.
 */
import type { Order, Product, ProductSummary } from '@kedai/contract';
import { cartUnitPrice, fromMinorUnits, toUnixSeconds, variantOptionsOf } from '@kedai/domain';
import { countryFromPath } from '../region/country';

export type AnalyticsParams = Record<string, unknown>;
type DataLayerEntry = { event: string } & AnalyticsParams;

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Where events are also sent (a URL, or an API path such as `/analytics/collect`); null: nowhere. */
let collectionEndpoint: string | null = null;

/**
 * Sets the API collection endpoint from the configuration's `analytics_endpoint`. An absolute
 * `http(s)` URL is used as it is; a path is an API path, reached through the same-origin `/api`
 * proxy. Anything else (absent, empty, not a string) turns sending off.
 */
export function setAnalyticsEndpoint(endpoint: unknown): void {
  if (typeof endpoint !== 'string' || endpoint.trim() === '') {
    collectionEndpoint = null;
    return;
  }
  const value = endpoint.trim();
  if (/^https?:\/\//i.test(value)) collectionEndpoint = value;
  else if (value.startsWith('/api/')) collectionEndpoint = value;
  else collectionEndpoint = `/api/${value.replace(/^\/+/, '')}`;
}

export function analyticsEndpoint(): string | null {
  return collectionEndpoint;
}

/** Drops `undefined` values, so payloads hold only what is known. `null` is kept on purpose. */
function compact<T extends AnalyticsParams>(params: T): T {
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined)) as T;
}

/**
 * Sends one event: `{event, ...params}` onto `window.dataLayer` (created when missing), and a
 * beacon to the collection endpoint when one is configured. Never throws: analytics must not
 * break a page.
 */
export function track(event: string, params: AnalyticsParams = {}): void {
  if (typeof window === 'undefined') return;
  const entry: DataLayerEntry = { event, ...compact(params) };
  try {
    window.dataLayer = window.dataLayer ?? [];
    window.dataLayer.push(entry);
  } catch {
    // A page script replaced dataLayer with something odd; nothing to do.
  }
  const endpoint = collectionEndpoint;
  if (!endpoint || typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return;
  try {
    const body = new Blob([JSON.stringify({ ...entry, timestamp: toUnixSeconds(new Date()) })], {
      type: 'application/json',
    });
    navigator.sendBeacon(endpoint, body);
  } catch {
    // Beacons are best effort.
  }
}

// ---------------------------------------------------------------------------------------------
// GA4 e-commerce

export interface Ga4Item {
  item_id: string;
  item_name: string;
  item_brand?: string;
  item_category?: string;
  item_variant?: string;
  price?: number;
  quantity: number;
  index?: number;
  item_list_name?: string;
}

export interface Ga4ItemOptions {
  /** Region key whose price and currency are used, e.g. `SG`. */
  region: string;
  variantPath?: string | null;
  quantity?: number;
  index?: number;
  listName?: string;
}

/**
 * What the item events read of a product: a summary or a full product, or just these fields (list
 * pages hand this much to their client links, so the page does not carry whole products twice).
 */
export type AnalyticsProduct = Pick<ProductSummary, 'uuid' | 'name' | 'price' | 'priceRange' | 'priceCurrency'> & {
  merchant?: { name: string } | null;
};

function hasVariantPaths(product: AnalyticsProduct | Product): product is Product {
  return 'variantPaths' in product && typeof product.variantPaths === 'object' && product.variantPaths !== null;
}

/** Minor units -> a JS number in major units, via the exact decimal string. */
function toMajorUnits(amountMinor: number, currency: string): number {
  return Number(fromMinorUnits(amountMinor, currency));
}

/**
 * Price in minor units for the region: a line's unit price as the cart counts it (domain
 * `cartUnitPrice`) when a variant path of a whole product is given, else the lowest price.
 */
function unitPriceMinor(product: AnalyticsProduct | Product, region: string, variantPath?: string | null): number | undefined {
  if (variantPath && hasVariantPaths(product)) return cartUnitPrice(product, variantPath, region)?.amount;
  return product.priceRange[region]?.min ?? product.price[region];
}

/** "Black / 256 GB" for a variant path of a product whose variants are known, else the path itself. */
function variantLabel(product: AnalyticsProduct | Product, variantPath?: string | null): string | undefined {
  if (!variantPath) return undefined;
  if (!('variants' in product) || !Array.isArray(product.variants)) return variantPath;
  const options = variantOptionsOf(product.variants, variantPath);
  return options ? options.map(({ option }) => option).join(' / ') : variantPath;
}

function safeMajor(amountMinor: number | undefined, currency: string | undefined): number | undefined {
  if (amountMinor === undefined || !currency) return undefined;
  try {
    return toMajorUnits(amountMinor, currency);
  } catch {
    return undefined;
  }
}

/** A product as a GA4 e-commerce item. */
export function toGa4Item(product: AnalyticsProduct | Product, opts: Ga4ItemOptions): Ga4Item {
  const currency = product.priceCurrency[opts.region];
  const category = 'category' in product && product.category ? product.category.name : undefined;
  return compact({
    item_id: product.uuid,
    item_name: product.name,
    item_brand: product.merchant?.name,
    item_category: category,
    item_variant: variantLabel(product, opts.variantPath),
    price: safeMajor(unitPriceMinor(product, opts.region, opts.variantPath), currency),
    quantity: opts.quantity ?? 1,
    index: opts.index,
    item_list_name: opts.listName,
  });
}

/** `value` of an event: the sum of price × quantity, computed in minor units. */
function eventValue(
  lines: readonly { product: AnalyticsProduct | Product; variantPath?: string | null; quantity: number }[],
  region: string,
  currency: string | undefined,
): number | undefined {
  if (!currency) return undefined;
  let total = 0;
  for (const line of lines) {
    const unit = unitPriceMinor(line.product, region, line.variantPath);
    if (unit === undefined) return undefined;
    total += unit * line.quantity;
  }
  return safeMajor(total, currency);
}

/** `view_item` on a product page. */
export function viewItem(product: ProductSummary | Product, region: string, variantPath?: string | null): void {
  const currency = product.priceCurrency[region];
  track('view_item', {
    currency,
    value: eventValue([{ product, variantPath, quantity: 1 }], region, currency),
    items: [toGa4Item(product, { region, variantPath })],
  });
}

/** `select_item` when a product is chosen from a list (search results, a home group …). */
export function selectItem(product: AnalyticsProduct | Product, region: string, listName: string, index: number): void {
  track('select_item', {
    item_list_name: listName,
    items: [toGa4Item(product, { region, listName, index })],
  });
}

/** `search` when a search is run. */
export function searchEvent(term: string): void {
  track('search', { search_term: term });
}

/** Popup shown to the visitor (rules: screens.md "Analytics"). */
export function popupShown(popup: { id: string; name: string }): void {
  track('popup_shown', { popup_id: popup.id, popup_name: popup.name });
}

/** Popup clicked (rules: screens.md "Analytics"); `link_url` is where it leads, when it has a link. */
export function popupClicked(popup: { id: string; name: string; link?: string | null }): void {
  track('popup_clicked', { popup_id: popup.id, popup_name: popup.name, link_url: popup.link ?? undefined });
}

/**
 * `page_view` on every route change. `country_code` is always present (null when unknown), so a
 * tag manager's data model does not carry an earlier page's country over.
 */
export function pageView(path: string, countryCode?: string | null): void {
  const location = typeof window !== 'undefined' ? window.location.href : undefined;
  track('page_view', {
    page_path: path,
    page_location: location,
    country_code: countryCode ? countryCode.toUpperCase() : null,
  });
}

// ---------------------------------------------------------------------------------------------
// Cart and wishlist (rules: money.md: add_to_cart, remove_from_cart, view_cart, add_to_wishlist)

/** A cart line as the cart events report it. */
export interface AnalyticsCartLine {
  product: AnalyticsProduct | Product;
  variantPath?: string | null;
  quantity: number;
}

function cartEventParams(lines: readonly AnalyticsCartLine[], region: string): AnalyticsParams {
  const currency = lines[0]?.product.priceCurrency[region];
  return {
    currency,
    value: eventValue(lines, region, currency),
    items: lines.map((line, index) =>
      toGa4Item(line.product, {
        region,
        variantPath: line.variantPath,
        quantity: line.quantity,
        index: lines.length > 1 ? index : undefined,
      }),
    ),
  };
}

/**
 * The country of the address the browser shows (rules: screens.md: the first path segment, when it is a
 * two-letter country code), or null.
 */
export function currentPathCountry(): string | null {
  if (typeof window === 'undefined') return null;
  return countryFromPath(window.location.pathname);
}

/**
 * `add_to_cart`: the units just added (not the line's new total). `country_code` is the country of
 * the address's first path segment (rules: screens.md), present only when there is one.
 */
export function trackAddToCart(line: AnalyticsCartLine, region: string, countryCode: string | null = currentPathCountry()): void {
  track('add_to_cart', { ...cartEventParams([line], region), country_code: countryCode ?? undefined });
}

/** `remove_from_cart`: the line removed, with its quantity. */
export function trackRemoveFromCart(line: AnalyticsCartLine, region: string): void {
  track('remove_from_cart', cartEventParams([line], region));
}

/** `view_cart`: every line of the cart as shown, and their total. */
export function trackViewCart(lines: readonly AnalyticsCartLine[], region: string): void {
  if (lines.length === 0) {
    track('view_cart', { items: [] });
    return;
  }
  track('view_cart', cartEventParams(lines, region));
}

/** `add_to_wishlist`: the product (and the variant chosen, when there is one). */
export function trackAddToWishlist(product: AnalyticsProduct | Product, region: string, variantPath?: string | null): void {
  track('add_to_wishlist', cartEventParams([{ product, variantPath, quantity: 1 }], region));
}

// ---------------------------------------------------------------------------------------------
// Checkout and orders (rules: money.md; spec §9: begin_checkout, add_shipping_info, purchase)

/** A line of a checkout or of an order as the checkout events report it. */
interface AnalyticsOrderLine {
  /** The shop's product, else the quotation item (a marketplace product has no id of ours). */
  id: string;
  name: string;
  /** "1 TB / Mint"; '' or absent without options. */
  variant?: string | undefined;
  /** One unit, in minor units of the checkout's currency; null when it cannot be bought (not reported). */
  unitPrice: number | null;
  quantity: number;
}

/** What the checkout events read of a checkout: its currency, its value and voucher, its lines. */
export interface AnalyticsCheckout {
  currency: string;
  /** The goods after the discount, in minor units. */
  value: number;
  /** The voucher code applied, if any. */
  coupon?: string | null | undefined;
  lines: readonly AnalyticsOrderLine[];
}

function orderItems(lines: readonly AnalyticsOrderLine[], currency: string): Ga4Item[] {
  return lines.map((line, index) =>
    compact({
      item_id: line.id,
      item_name: line.name,
      item_variant: line.variant || undefined,
      price: line.unitPrice === null ? undefined : safeMajor(line.unitPrice, currency),
      quantity: line.quantity,
      index: lines.length > 1 ? index : undefined,
    }),
  );
}

function checkoutParams(checkout: AnalyticsCheckout): AnalyticsParams {
  return {
    currency: checkout.currency,
    value: safeMajor(checkout.value, checkout.currency),
    coupon: checkout.coupon || undefined,
    items: orderItems(checkout.lines, checkout.currency),
  };
}

/** `begin_checkout`: the checkout page has the lines and their prices. */
export function trackBeginCheckout(checkout: AnalyticsCheckout): void {
  track('begin_checkout', checkoutParams(checkout));
}

/** `add_shipping_info`: a shipping address is chosen; `shipping_country` is where it goes. */
export function trackAddShippingInfo(checkout: AnalyticsCheckout, shippingCountry: string | null): void {
  track('add_shipping_info', {
    ...checkoutParams(checkout),
    shipping_tier: 'standard',
    shipping_country: shippingCountry ?? undefined,
  });
}

/**
 * `purchase`: an order was placed. `transaction_id` is its reference; `value` its total; `shipping`
 * its shipping fee; `tax` only when the tax fee is not zero (spec §9); the items as bought.
 */
export function trackPurchase(order: Order): void {
  const { currency } = order;
  track('purchase', {
    transaction_id: order.orderRef,
    currency,
    value: safeMajor(order.total, currency),
    tax: order.taxFee !== 0 ? safeMajor(order.taxFee, currency) : undefined,
    shipping: safeMajor(order.shippingFee, currency),
    coupon: order.voucherCode ?? undefined,
    items: orderItems(
      order.productCaptures.map((capture, index) => ({
        id: capture.productId ?? capture.quotationItemId ?? `${order.id}-${index}`,
        name: capture.name,
        variant: capture.options.map(({ option }) => option).join(' / '),
        unitPrice: capture.unitPrice,
        quantity: capture.quantity,
      })),
      currency,
    ),
  });
}
