import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DefaultRegion, ErrorEnvelope, RegionList, ShippingLocationList } from '@kedai/contract';
import { defaultRegion, enabledShippingLocations, listRegions } from './service';

export const regionRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['regions'];
  app.get('/region', { schema: { tags, summary: 'All regions', response: { 200: RegionList } } }, async () => ({
    regions: await listRegions(app.db),
  }));
  app.get(
    '/region/enabled',
    { schema: { tags, summary: 'Regions shoppers can choose', response: { 200: RegionList } } },
    async () => ({ regions: await listRegions(app.db, { enabledOnly: true }) }),
  );
  app.get(
    '/region/default',
    { schema: { tags, summary: "The shop's default region", response: { 200: DefaultRegion, 404: ErrorEnvelope } } },
    async () => ({ region: await defaultRegion(app.db) }),
  );
  app.get(
    '/shipping_location/enabled',
    {
      schema: {
        tags,
        summary: 'Countries the shop ships to, Singapore and Malaysia first, then by name',
        response: { 200: ShippingLocationList },
      },
    },
    async () => ({ shippingLocations: await enabledShippingLocations(app.db) }),
  );
};
