/** The product page's delivery line: where to, what it costs and how long it takes (rules: money.md). */
import type { Region, ShippingLocation } from '@kedai/contract';
import { countryName, deliveryDaysText, shippingQuoteText } from '@kedai/domain';

export type DeliveryView = { kind: 'quote'; cost: string; days: string | null } | { kind: 'not_delivered'; countryName: string };

/**
 * Where the shopper's things would go: the request's country when it belongs to the region the
 * prices are shown in, else the region's first country (a shopper who picked "United Kingdom"
 * shops for delivery there).
 */
export function deliveryCountry(region: Pick<Region, 'countries'>, requestCountry: string | null): string | null {
  if (requestCountry && region.countries.includes(requestCountry)) return requestCountry;
  return region.countries[0] ?? requestCountry;
}

/** The delivery line for a product of `price` (its lowest, minor units; null when unpriced), or null with nothing to say. */
export function deliveryView(
  region: Pick<Region, 'key' | 'currency' | 'countries'>,
  requestCountry: string | null,
  locations: readonly ShippingLocation[],
  price: number | null,
): DeliveryView | null {
  const country = deliveryCountry(region, requestCountry);
  if (!country) return null;
  const location = locations.find((l) => l.countryCode.toUpperCase() === country);
  if (!location) return { kind: 'not_delivered', countryName: countryName(country) };
  const cost = shippingQuoteText({
    countryName: location.name,
    rate: location.rates[region.key] ?? null,
    currency: region.currency,
    deliveryDays: location.deliveryDays,
    price,
  });
  // Without a rate in this region's currency the cost is worked out at checkout.
  return {
    kind: 'quote',
    cost: cost ?? `Delivery to ${location.name}: the cost is shown at checkout`,
    days: deliveryDaysText(location.deliveryDays),
  };
}
