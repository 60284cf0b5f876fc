import { formatMoneyOrNull, type PriceSpan } from '@kedai/domain';

/** Separator of a price range: an en dash with spaces ("SGD 10.00 – SGD 20.00"). */
const RANGE_SEPARATOR = ' – ';

/**
 * A price span as text in the rules: money.md format: one amount when min equals max, else
 * "SGD 10.00 – SGD 20.00". Null when it cannot be formatted (an unknown currency code).
 */
export function formatPriceSpan(span: PriceSpan | null): string | null {
  if (!span) return null;
  const min = formatMoneyOrNull({ amount: span.min, currency: span.currency });
  if (min === null || span.min === span.max) return min;
  const max = formatMoneyOrNull({ amount: span.max, currency: span.currency });
  return max === null ? null : `${min}${RANGE_SEPARATOR}${max}`;
}
