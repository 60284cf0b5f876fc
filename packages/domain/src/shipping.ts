/**
 * Delivery to a country (rules: money.md): each shipping location has a rate per region — a fee in
 * that region's currency, free from an order amount — and the working days delivery takes. All
 * amounts are integer minor units of the region's currency. Checkout (issue 16) charges by the same
 * rule that the product page quotes.
 */
import { formatMoneyOrNull } from './money';

export interface ShippingRate {
  fee: number;
  /** Orders of at least this much are delivered free; null: never free. */
  freeFrom: number | null;
}

export interface DeliveryDays {
  min: number;
  max: number;
}

/** The fee for an order of `subtotal` (minor units): 0 from the rate's free threshold. */
export function shippingFee(rate: ShippingRate, subtotal: number): number {
  return rate.freeFrom !== null && subtotal >= rate.freeFrom ? 0 : rate.fee;
}

/** "1 working day", "2–4 working days"; null when the shop has not said. */
export function deliveryDaysText(days: DeliveryDays | null): string | null {
  if (!days || days.min < 0 || days.max < days.min) return null;
  if (days.min === days.max) return `${days.min} working ${days.min === 1 ? 'day' : 'days'}`;
  return `${days.min}–${days.max} working days`;
}

/** "SGD 4.00, free from SGD 60.00", "SGD 18.00", "Free"; null when the currency cannot be formatted. */
export function shippingRateText(rate: ShippingRate, currency: string): string | null {
  if (rate.fee === 0) return 'Free';
  const fee = formatMoneyOrNull({ amount: rate.fee, currency });
  if (fee === null) return null;
  const freeFrom = rate.freeFrom === null ? null : formatMoneyOrNull({ amount: rate.freeFrom, currency });
  return freeFrom ? `${fee}, free from ${freeFrom}` : fee;
}

export interface ShippingQuoteInput {
  /** The country's name ("Singapore"). */
  countryName: string;
  /** The location's rate in the page's region, or null when it has none there. */
  rate: ShippingRate | null;
  currency: string;
  deliveryDays: DeliveryDays | null;
  /** What the shopper is looking at costs (one unit), minor units; null when unpriced. */
  price: number | null;
}

/**
 * The product page's delivery line, in words: "Delivery to Singapore: SGD 4.00, free on orders
 * from SGD 60.00", or "Free delivery to Singapore" when this product alone reaches the threshold.
 * Null when there is nothing true to say about the cost (no rate in this currency).
 */
export function shippingQuoteText({ countryName, rate, currency, price }: ShippingQuoteInput): string | null {
  if (!rate) return null;
  const fee = formatMoneyOrNull({ amount: rate.fee, currency });
  if (fee === null) return null;
  if (rate.fee === 0 || (price !== null && shippingFee(rate, price) === 0)) return `Free delivery to ${countryName}`;
  const freeFrom = rate.freeFrom === null ? null : formatMoneyOrNull({ amount: rate.freeFrom, currency });
  return freeFrom ? `Delivery to ${countryName}: ${fee}, free on orders from ${freeFrom}` : `Delivery to ${countryName}: ${fee}`;
}
