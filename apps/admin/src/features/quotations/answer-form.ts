/**
 * The answer forms of a pending quotation and the API's bodies (`POST /admin/quotation_item/{id}/resolve`
 * and `/decline`), with what the API would refuse checked first, as the domain's
 * `parseQuotationQuote` and `parseDeclineReason` check it: a price above 0 for at least one region
 * (blank regions are not quoted), and for a marketplace product the price found there and its
 * three-letter currency; a reason of 1 to DECLINE_REASON_MAX characters. Amounts are typed in major
 * units ("129.90") and sent in minor units (lib/money-input). Each body carries the `version` the
 * item was read at; an answer the API refuses because the item changed since is a conflict, after
 * which the item is read again so staff see what it is now.
 */
import type { AdminQuotationItem, Region } from '@kedai/contract';
import { DECLINE_REASON_MAX } from '@kedai/domain';
import { codeOf, errorText, fieldErrorsOf } from '../../lib/errors';
import { handleFailure, type FailureHooks } from '../../lib/failure-hooks';
import { amountText, parseAmount } from '../../lib/money-input';
import { moneyText, unitsText } from './quotation-view';

export type FieldErrors = Record<string, string>;

export interface ResolveDraft {
  /** The marketplace's price of one unit, as typed in major units ("129.90"). */
  basePrice: string;
  /** Its currency, a three-letter code. */
  basePriceCurrency: string;
  /** Region key -> quoted price of one unit as typed; blank: not quoted there. */
  prices: Record<string, string>;
}

export interface ResolveBody {
  version: number;
  quotedPrice: Record<string, number>;
  basePrice?: number;
  basePriceCurrency?: string;
}

export interface DeclineBody {
  version: number;
  reason: string;
}

const CURRENCY = /^[A-Z]{3}$/;

/** The currency as staff typed it, as the API takes it ("usd " -> "USD"). */
const currencyOf = (text: string): string => text.trim().toUpperCase();

/** A new answer: for a marketplace product, the price and currency read from its page (when they can be read). */
export function initialResolveDraft(item: Pick<AdminQuotationItem, 'productSource' | 'externalProduct'>): ResolveDraft {
  const external = item.productSource === 'e' ? item.externalProduct : null;
  const currency = currencyOf(external?.currency ?? '');
  const price = external?.price?.trim() ?? '';
  let basePrice = price;
  if (price !== '' && CURRENCY.test(currency)) {
    const parsed = parseAmount(price, currency);
    if (parsed.ok && parsed.value !== null) basePrice = amountText(parsed.value, currency);
  }
  return { basePrice, basePriceCurrency: CURRENCY.test(currency) ? currency : '', prices: {} };
}

/**
 * The quote the API suggests for a marketplace product (from the page's price, the shop's exchange
 * rates and fee), as the form's amounts: region key -> "180.00", for the shop's regions only.
 */
export function suggestedPrices(
  item: Pick<AdminQuotationItem, 'suggestedQuotedPrice'>,
  regions: readonly Region[],
): Record<string, string> {
  const suggested = item.suggestedQuotedPrice ?? {};
  return Object.fromEntries(
    regions.flatMap((region) => {
      const amount = suggested[region.key];
      return amount === undefined || amount <= 0 ? [] : [[region.key, amountText(amount, region.currency)]];
    }),
  );
}

export type ResolveCheck = { ok: true; body: ResolveBody } | { ok: false; errors: FieldErrors };

/** The form as the resolve body, or what is wrong with it, keyed `basePrice`, `basePriceCurrency`, `quotedPrice`, `quotedPrice.SG`. */
export function resolveBodyOf(
  draft: ResolveDraft,
  { item, regions }: { item: Pick<AdminQuotationItem, 'productSource' | 'version'>; regions: readonly Region[] },
): ResolveCheck {
  const errors: FieldErrors = {};
  const quotedPrice: Record<string, number> = {};
  for (const region of regions) {
    const parsed = parseAmount(draft.prices[region.key] ?? '', region.currency, { min: 1 });
    if (!parsed.ok) errors[`quotedPrice.${region.key}`] = parsed.error;
    else if (parsed.value !== null) quotedPrice[region.key] = parsed.value;
  }
  if (Object.keys(quotedPrice).length === 0 && !Object.keys(errors).some((key) => key.startsWith('quotedPrice.'))) {
    errors.quotedPrice = 'Quote a price for at least one region';
  }

  const body: ResolveBody = { version: item.version, quotedPrice };
  if (item.productSource === 'e') {
    const currency = currencyOf(draft.basePriceCurrency);
    if (currency === '') errors.basePriceCurrency = 'Enter the currency of the marketplace price, such as USD';
    else if (!CURRENCY.test(currency)) errors.basePriceCurrency = 'Enter a three-letter currency code, such as USD';
    if (draft.basePrice.trim() === '') errors.basePrice = 'Enter the price of one unit on the marketplace';
    else if (CURRENCY.test(currency)) {
      const parsed = parseAmount(draft.basePrice, currency, { required: true, min: 1 });
      if (!parsed.ok) errors.basePrice = parsed.error;
      else if (parsed.value !== null) body.basePrice = parsed.value;
    }
    body.basePriceCurrency = currency;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, body };
}

/** The read-only line under the prices: what the shopper would pay for the quantity, in each region typed so far. */
export function totalText(draft: ResolveDraft, regions: readonly Region[], quantity: number): string {
  const parts = regions.flatMap((region) => {
    const parsed = parseAmount(draft.prices[region.key] ?? '', region.currency, { min: 1 });
    if (!parsed.ok || parsed.value === null) return [];
    const total = parsed.value * quantity;
    return Number.isSafeInteger(total) ? [`${region.name} ${moneyText(total, region.currency)}`] : [];
  });
  const what = `Total for ${unitsText(quantity)}`;
  return parts.length > 0 ? `${what}: ${parts.join(' · ')}` : `${what}: type a price per unit to see it.`;
}

/** What the marketplace would charge for the quantity, when its price can be read ("USD 259.80"). */
export function baseTotalText(draft: ResolveDraft, quantity: number): string | null {
  const currency = currencyOf(draft.basePriceCurrency);
  if (!CURRENCY.test(currency)) return null;
  const parsed = parseAmount(draft.basePrice, currency, { min: 1 });
  if (!parsed.ok || parsed.value === null || !Number.isSafeInteger(parsed.value * quantity)) return null;
  return `On the marketplace: ${moneyText(parsed.value * quantity, currency)} for ${unitsText(quantity)}`;
}

/** The decline reason's counter: characters used (as the API counts them: trimmed) and whether it fits. */
export function reasonCount(reason: string): { used: number; fits: boolean; text: string } {
  const used = reason.trim().length;
  const over = used - DECLINE_REASON_MAX;
  return {
    used,
    fits: used >= 1 && over <= 0,
    text: over > 0 ? `${over} ${over === 1 ? 'character' : 'characters'} too many` : `${used} of ${DECLINE_REASON_MAX} characters`,
  };
}

export type DeclineCheck = { ok: true; body: DeclineBody } | { ok: false; error: string };

export function declineBodyOf(reason: string, version: number): DeclineCheck {
  const text = reason.trim();
  if (text === '') return { ok: false, error: 'Give the shopper a reason for declining' };
  if (text.length > DECLINE_REASON_MAX) return { ok: false, error: `The reason must be at most ${DECLINE_REASON_MAX} characters` };
  return { ok: true, body: { version, reason: text } };
}

export const ANSWER_CONFLICT_MESSAGE = 'Someone else answered this quotation, or the shopper changed it. Here is what it is now.';
export const ANSWER_GONE_MESSAGE = 'This quotation no longer exists: the shopper removed it.';
export const PRODUCT_GONE_MESSAGE =
  "The shop's product of this quotation no longer exists, so it cannot be quoted. Decline it with a reason instead.";

/**
 * Why an answer was not saved, and whether the item must be read again: it changed since it was
 * read (another answer, or the shopper's edit), it is gone, or its product is; otherwise what the
 * API said, beside the fields it names.
 */
export type AnswerFailure =
  | { kind: 'conflict'; message: string; reload: true }
  | { kind: 'gone'; message: string; reload: true }
  | { kind: 'refused'; message: string; errors: FieldErrors; reload: boolean };

export function answerFailureOf(error: unknown): AnswerFailure {
  switch (codeOf(error)) {
    case 'quotation/version_conflict':
    case 'quotation/already_answered':
      return { kind: 'conflict', message: ANSWER_CONFLICT_MESSAGE, reload: true };
    case 'quotation/not_found':
      return { kind: 'gone', message: ANSWER_GONE_MESSAGE, reload: true };
    case 'quotation/product_not_found':
      return { kind: 'refused', message: PRODUCT_GONE_MESSAGE, errors: {}, reload: true };
    default:
      return { kind: 'refused', message: errorText(error), errors: fieldErrorsOf(error), reload: false };
  }
}

/**
 * What the forms do with a refused answer. A conflict (or an item or product that is gone) is said
 * at once by `interrupt` and the item is read again, so the page shows what it is now; any other
 * refusal is said in the form by `refuse`, with the fields the API names.
 */
export const handleAnswerError = (error: unknown, hooks: FailureHooks<AnswerFailure>): Promise<AnswerFailure> =>
  handleFailure(answerFailureOf(error), hooks);
