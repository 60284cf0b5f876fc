import { formatMoney } from '@kedai/domain';
import type { PriceSpan } from './variants';

/** Separator of a price range: an en dash with spaces ("SGD 10.00 – SGD 20.00"). */
const RANGE_SEPARATOR = ' – ';

/**
 * A price span as text in the spec §9 format: one amount when min equals max, else
 * "SGD 10.00 – SGD 20.00". Null when it cannot be formatted (an unknown currency code).
 */
export function formatPriceSpan(span: PriceSpan | null): string | null {
  if (!span) return null;
  try {
    const min = formatMoney(span.min, span.currency);
    return span.min === span.max ? min : `${min}${RANGE_SEPARATOR}${formatMoney(span.max, span.currency)}`;
  } catch {
    return null;
  }
}
