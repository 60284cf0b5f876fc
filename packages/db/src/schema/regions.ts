/** Regions (a currency and the countries it covers) and the countries the shop ships to. */
import { boolean, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { ShippingRate } from '@kedai/domain';

export const regions = pgTable('regions', {
  key: text('key').primaryKey(),
  name: text('name').notNull(),
  currency: text('currency').notNull(),
  /** ISO 3166-1 alpha-2 codes of the countries this region prices for. */
  countries: text('countries').array().notNull(),
  /** Upper edges of the price bands shown as search facets, in minor units, ascending. */
  priceBands: jsonb('price_bands').$type<number[]>().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const shippingLocations = pgTable('shipping_locations', {
  countryCode: text('country_code').primaryKey(),
  enabled: boolean('enabled').notNull().default(true),
  /** Region key -> the rate in that region's currency (like product prices); a region without one is quoted at checkout. */
  rates: jsonb('rates').$type<Record<string, ShippingRate>>().notNull().default({}),
  /** Working days from dispatch to delivery, fewest and most; null when the shop has not said. */
  deliveryDaysMin: integer('delivery_days_min'),
  deliveryDaysMax: integer('delivery_days_max'),
});
