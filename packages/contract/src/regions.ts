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

export const ShippingLocation = z.object({ countryCode: z.string(), name: z.string() });
export const ShippingLocationList = z.object({ shippingLocations: z.array(ShippingLocation) });
