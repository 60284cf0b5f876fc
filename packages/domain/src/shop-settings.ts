/**
 * What owners may set for the shop (issue 14): where it delivers, at what rate and how fast, and
 * the shop's text pages; one rule per field, each answering the value or its catalogue code.
 */
import { isCountryCode } from './countries';
import { fail, ok, parseText, type FieldResult } from './fields';
import type { DeliveryDays, ShippingRate } from './shipping';

export const DELIVERY_DAYS_MAX = 90;
export const TEXT_PAGE_TITLE_MAX = 200;
export const TEXT_PAGE_BODY_MAX = 50_000;

const whole = (value: unknown, min: number): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= min;

export function parseShippingCountry(input: unknown): FieldResult<string> {
  const code = typeof input === 'string' ? input.trim().toUpperCase() : '';
  return isCountryCode(code) ? ok(code) : fail('shipping/invalid_country');
}

/** Region key -> a fee (0 or more) and a free-from amount (above 0, or null), minor units, only for the shop's regions. */
export function parseShippingRates(input: unknown, regionKeys: readonly string[]): FieldResult<Record<string, ShippingRate>> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return fail('shipping/invalid_rates');
  const rates: Record<string, ShippingRate> = {};
  for (const [region, rate] of Object.entries(input as Record<string, unknown>)) {
    if (!regionKeys.includes(region) || typeof rate !== 'object' || rate === null) return fail('shipping/invalid_rates');
    const { fee, freeFrom } = rate as { fee?: unknown; freeFrom?: unknown };
    if (!whole(fee, 0) || !(freeFrom === null || whole(freeFrom, 1))) return fail('shipping/invalid_rates');
    rates[region] = { fee, freeFrom };
  }
  return ok(rates);
}

/** Working days from dispatch, fewest and most (0 to 90, fewest first), or null when the shop does not say. */
export function parseDeliveryDays(input: unknown): FieldResult<DeliveryDays | null> {
  if (input === null || input === undefined) return ok(null);
  const { min, max } = input as { min?: unknown; max?: unknown };
  if (!whole(min, 0) || !whole(max, 0) || min > max || max > DELIVERY_DAYS_MAX) return fail('shipping/invalid_days');
  return ok({ min, max });
}

export function parseTextPage(input: { title: unknown; body: unknown }): FieldResult<{ title: string; body: string }> {
  const title = parseText(input.title, { min: 1, max: TEXT_PAGE_TITLE_MAX }, 'text_page/invalid_title');
  if (!title.ok) return fail(title.errorCode);
  // The body is Markdown: line breaks and tabs are its own, so it is only normalised and measured.
  if (typeof input.body !== 'string') return fail('text_page/invalid_body');
  const body = input.body.normalize('NFC').replace(/\r\n?/g, '\n').trim();
  if (body.length === 0 || body.length > TEXT_PAGE_BODY_MAX || body.includes(String.fromCharCode(0))) return fail('text_page/invalid_body');
  return ok({ title: title.value, body });
}
