/**
 * Quotation rules shared by the API, the storefront and the back office (rules: entities.md
 * "Quotation item", states.md "Quotation", issue 15): what a quotation item may hold, which status
 * follows which, what the shop's answer must contain, and which items can go to checkout.
 */
import { CART_MESSAGE_MAX, CART_QUANTITY_MAX, isCartItemAvailable, type CartProduct } from './cart';
import { currencyDecimals } from './money';
import { parsePositiveInt } from './numbers';

/** A quotation follows the cart's limits (issue 15): the same most units and longest note. */
export const QUOTATION_QUANTITY_MAX = CART_QUANTITY_MAX;
export const QUOTATION_INSTRUCTIONS_MAX = CART_MESSAGE_MAX;
/** Default most items in one shopper's quotation list (the API's `MAX_QUOTATION_ITEMS` overrides it). */
export const DEFAULT_MAX_QUOTATION_ITEMS = 100;
/** Longest reason staff give when they decline. */
export const DECLINE_REASON_MAX = 500;
/** Longest product name of a quotation asked for by hand. */
export const QUOTATION_NAME_MAX = 200;
/** Longest link (a product page or a picture) kept with a quotation. */
export const LINK_MAX = 2000;

/** `i`: one of the shop's products; `e`: a product on another marketplace. */
export const QUOTATION_SOURCES = ['i', 'e'] as const;
export type QuotationSource = (typeof QUOTATION_SOURCES)[number];

/** `p` pending (the shop is quoting), `r` resolved (a price is quoted), `d` declined. */
export const QUOTATION_STATUSES = ['p', 'r', 'd'] as const;
export type QuotationStatus = (typeof QUOTATION_STATUSES)[number];

/** The words a shopper sees for each status, exactly as states.md gives them. */
export const QUOTATION_STATUS_MESSAGES: Record<QuotationStatus, string> = {
  p: 'Quoting your product...',
  r: 'Your Quotation is here!',
  d: 'Quotation is unsuccessful.',
};

export function quotationTypeOf(source: QuotationSource): 'internal' | 'external' {
  return source === 'e' ? 'external' : 'internal';
}

/**
 * The status transitions, one table for every caller: staff answer a pending item (p → r, p → d),
 * and a shopper's change to an answered item sends it back to the shop (r → p, d → p). An answered
 * item is never answered again without going back to pending first.
 */
const TRANSITIONS: Record<QuotationStatus, readonly QuotationStatus[]> = { p: ['r', 'd'], r: ['p'], d: ['p'] };

export function canChangeQuotationStatus(from: QuotationStatus, to: QuotationStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/**
 * The status after a shopper's edit: a change of quantity or instructions to an answered item asks
 * the shop again (the quote was for what was asked before); an edit that changes nothing keeps it.
 */
export function statusAfterShopperEdit(
  item: { status: QuotationStatus; quantity: number; instructions: string },
  next: { quantity: number; instructions: string },
): QuotationStatus {
  const changed = item.quantity !== next.quantity || item.instructions !== next.instructions;
  return changed && canChangeQuotationStatus(item.status, 'p') ? 'p' : item.status;
}

/** A quantity, as the cart reads one: a whole number 1..QUOTATION_QUANTITY_MAX, number or digit string; else null. */
export function parseQuotationQuantity(value: unknown): number | null {
  return parsePositiveInt(value, { max: QUOTATION_QUANTITY_MAX });
}

/** Instructions for the shop: trimmed text of at most QUOTATION_INSTRUCTIONS_MAX ('' when absent); else null. */
export function parseQuotationInstructions(value: unknown): string | null {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text.length <= QUOTATION_INSTRUCTIONS_MAX ? text : null;
}

/** A product name given by hand: trimmed, 1..QUOTATION_NAME_MAX; else null. */
export function parseQuotationName(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const name = value.trim().replace(/\s+/g, ' ');
  return name.length >= 1 && name.length <= QUOTATION_NAME_MAX ? name : null;
}

/** An absolute http(s) link of at most LINK_MAX characters, as given (trimmed); else null. */
export function parseHttpLink(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const link = value.trim();
  if (link.length === 0 || link.length > LINK_MAX || !URL.canParse(link)) return null;
  const { protocol } = new URL(link);
  return protocol === 'http:' || protocol === 'https:' ? link : null;
}

/**
 * The shop's answer to a quotation (rules: entities.md `statusData`): the price quoted for one unit in
 * minor units of each region's currency, and for a marketplace product the price found there, in
 * minor units of that price's currency.
 */
export interface QuotationQuote {
  quotedPrice: Record<string, number>;
  basePrice: number | null;
  basePriceCurrency: string | null;
}

const isWholeAbove0 = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x > 0;

/**
 * Staff's answer, checked: a quoted price above 0 for at least one region and only for regions
 * the shop has; for a marketplace product also the marketplace's price (above 0) and its
 * three-letter currency. Null when any of it is wrong (`quotation/invalid_quote`).
 */
export function parseQuotationQuote(input: unknown, source: QuotationSource, regionKeys: readonly string[]): QuotationQuote | null {
  if (typeof input !== 'object' || input === null) return null;
  const { quotedPrice, basePrice, basePriceCurrency } = input as Record<string, unknown>;
  if (typeof quotedPrice !== 'object' || quotedPrice === null || Array.isArray(quotedPrice)) return null;
  const entries = Object.entries(quotedPrice);
  if (entries.length === 0 || entries.some(([region, amount]) => !regionKeys.includes(region) || !isWholeAbove0(amount))) return null;
  const hasBase = basePrice !== undefined && basePrice !== null;
  if (source === 'e' || hasBase) {
    if (!isWholeAbove0(basePrice) || typeof basePriceCurrency !== 'string' || !/^[A-Z]{3}$/.test(basePriceCurrency)) return null;
    return { quotedPrice: Object.fromEntries(entries), basePrice, basePriceCurrency };
  }
  return { quotedPrice: Object.fromEntries(entries), basePrice: null, basePriceCurrency: null };
}

/** A decline reason: trimmed, 1..DECLINE_REASON_MAX; else null. */
export function parseDeclineReason(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const reason = value.trim();
  return reason.length >= 1 && reason.length <= DECLINE_REASON_MAX ? reason : null;
}

export interface QuotationLine {
  productSource: QuotationSource;
  status: QuotationStatus;
  variantPath: string;
  quantity: number;
}

/**
 * rules: validation.md stock check, for a quotation item: a marketplace product is bought by the shop, so it
 * is available; one of the shop's products is available as a cart line would be.
 */
export function isQuotationItemAvailable(item: QuotationLine, product: CartProduct | undefined): boolean {
  return item.productSource === 'e' || isCartItemAvailable(product, item);
}

/**
 * states.md: pending and declined items cannot be checked out, nor internal items whose product is
 * missing or disabled. Only these may be ticked in the selection for checkout.
 */
export function isQuotationItemCheckable(item: QuotationLine, product: Pick<CartProduct, 'disabled'> | undefined): boolean {
  if (item.status !== 'r') return false;
  return item.productSource === 'e' || (product !== undefined && !product.disabled);
}

/** The quoted price of one unit in a region, or null where the shop quoted none. */
export function quotedUnitPrice(quote: QuotationQuote | null, region: string): number | null {
  return quote?.quotedPrice[region] ?? null;
}

/**
 * How the back office suggests a quote for a marketplace product (issue 15): the marketplace's price
 * converted with the shop's exchange rates, plus the shop's fee. `exchangeRates` gives, for each
 * currency, what one unit of it is worth in the shop's display currency (`app_currency`, worth 1).
 */
export interface QuotationPricing {
  /** Added to the converted price, in percent (0 to 100, at most two decimals). */
  feePercent: number;
  exchangeRates: Record<string, number>;
}

export const DEFAULT_QUOTATION_PRICING: QuotationPricing = { feePercent: 10, exchangeRates: {} };
export const EXCHANGE_RATES_MAX = 200;

/** What owners save, checked: null when the fee or any rate is out of bounds (`settings/invalid_quotation_pricing`). */
export function parseQuotationPricing(input: unknown, appCurrency: string): QuotationPricing | null {
  if (typeof input !== 'object' || input === null) return null;
  const { feePercent, exchangeRates } = input as Record<string, unknown>;
  const fee = typeof feePercent === 'number' ? feePercent : NaN;
  if (!(fee >= 0 && fee <= 100) || Math.round(fee * 100) !== fee * 100) return null;
  if (typeof exchangeRates !== 'object' || exchangeRates === null || Array.isArray(exchangeRates)) return null;
  const entries = Object.entries(exchangeRates);
  if (entries.length > EXCHANGE_RATES_MAX) return null;
  const rates: Record<string, number> = {};
  for (const [currency, rate] of entries) {
    if (!/^[A-Z]{3}$/.test(currency) || currency === appCurrency) return null;
    if (typeof rate !== 'number' || !Number.isFinite(rate) || rate <= 0 || rate >= 1_000_000) return null;
    rates[currency] = rate;
  }
  return { feePercent: fee, exchangeRates: rates };
}

/**
 * The suggested price of one unit in `targetCurrency`, in its minor units, rounded up to a whole
 * minor unit: `basePrice` (minor units of `baseCurrency`) converted through the display currency,
 * plus the fee. Null when either currency has no rate.
 */
export function suggestQuotedPrice(
  basePrice: number,
  baseCurrency: string,
  targetCurrency: string,
  appCurrency: string,
  pricing: QuotationPricing,
): number | null {
  const rateOf = (currency: string) => (currency === appCurrency ? 1 : pricing.exchangeRates[currency]);
  const from = rateOf(baseCurrency);
  const to = rateOf(targetCurrency);
  if (from === undefined || to === undefined) return null;
  const major = (basePrice / 10 ** currencyDecimals(baseCurrency)) * (from / to) * (1 + pricing.feePercent / 100);
  // The tiny allowance keeps 12.30000000001 (a float's error) from rounding up to 12.31.
  return Math.max(1, Math.ceil(major * 10 ** currencyDecimals(targetCurrency) - 1e-6));
}
