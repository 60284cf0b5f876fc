import { z } from 'zod';

export const Region = z
  .object({
    key: z.string(),
    name: z.string(),
    currency: z.string(),
    countries: z.array(z.string()),
    priceBands: z.array(z.int()).describe('Upper edges of the price facet bands, minor units'),
  })
  .meta({ id: 'Region' });
export type Region = z.infer<typeof Region>;
export const RegionList = z.object({ regions: z.array(Region) });
export const DefaultRegion = z.object({ region: Region });

export const ShippingRate = z.object({
  fee: z.int().describe("Minor units of the region's currency"),
  freeFrom: z.int().nullable().describe('Orders of at least this much are delivered free; null: never free'),
});
export const ShippingLocation = z.object({
  countryCode: z.string(),
  name: z.string(),
  rates: z
    .record(z.string(), ShippingRate)
    .describe('Region key -> the delivery rate in that region’s currency; a region without one is quoted at checkout'),
  deliveryDays: z
    .object({ min: z.int(), max: z.int() })
    .nullable()
    .describe('Working days from dispatch to delivery; null when the shop has not said'),
});
export type ShippingLocation = z.infer<typeof ShippingLocation>;
export const ShippingLocationList = z.object({ shippingLocations: z.array(ShippingLocation) });

/**
 * `GET /region/preferred`: the signed-in user's preferred country (ISO 3166-1 alpha-2), or null when
 * none was chosen or the country is no longer in an enabled region.
 */
export const PreferredRegion = z.object({ countryCode: z.string().length(2).nullable() }).meta({ id: 'PreferredRegion' });
export type PreferredRegion = z.infer<typeof PreferredRegion>;

/** `POST /region/prefer`: a country of an enabled region, any case (stored upper-case). */
export const PreferRegionRequest = z.object({ countryCode: z.string().trim().min(1).max(16) });
export type PreferRegionRequest = z.infer<typeof PreferRegionRequest>;
