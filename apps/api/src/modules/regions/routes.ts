import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { DefaultRegion, ErrorEnvelope, PreferRegionRequest, PreferredRegion, RegionList, ShippingLocationList } from '@kedai/contract';
import { authOf, requireUser } from '../../platform/auth-guard';
import { countryOfAddress } from '../../platform/geoip';
import {
  countryFromHeader,
  enabledShippingLocations,
  listRegions,
  preferredCountry,
  regionForCountry,
  setPreferredCountry,
} from './service';

/**
 * The visitor's country: the trusted CDN header when COUNTRY_HEADER is configured and carries a
 * country, else the GeoIP table on the client address (`request.ip`, which follows TRUST_PROXY).
 */
async function visitorCountry(request: FastifyRequest): Promise<string | null> {
  const header = request.server.config.countryHeader;
  const fromHeader = header ? countryFromHeader(request.headers[header]) : null;
  if (fromHeader) return fromHeader;
  try {
    return await countryOfAddress(request.ip);
  } catch (err) {
    // A missing or unreadable table must not break the storefront: the shop default still answers.
    request.log.warn({ err }, 'GeoIP table unavailable');
    return null;
  }
}

export const regionRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['regions'];
  app.get('/region', { schema: { tags, summary: 'All regions', response: { 200: RegionList } } }, async () => ({
    regions: await listRegions(app.db),
  }));
  app.get('/region/enabled', { schema: { tags, summary: 'Regions shoppers can choose', response: { 200: RegionList } } }, async () => ({
    regions: await listRegions(app.db, { enabledOnly: true }),
  }));
  app.get(
    '/region/default',
    {
      schema: {
        tags,
        summary: "The visitor's default region",
        description:
          "The enabled region whose countries include the visitor's country, else the shop's default region " +
          '(config `default_region`). The country comes from the CDN header named by COUNTRY_HEADER when configured, ' +
          'else from the offline GeoIP table on the client address; private addresses have none. The answer differs ' +
          'per client, so it is never cacheable by shared caches.',
        response: { 200: DefaultRegion, 404: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const region = await regionForCountry(app.db, await visitorCountry(request));
      // Per client: no CDN or proxy may hand one visitor's answer to another.
      reply.header('cache-control', 'private, no-store');
      if (app.config.countryHeader) reply.header('vary', app.config.countryHeader);
      return { region };
    },
  );

  const signedInErrors = { 401: ErrorEnvelope, 403: ErrorEnvelope };
  app.get(
    '/region/preferred',
    {
      schema: {
        tags,
        summary: "The signed-in user's preferred country",
        description:
          '`countryCode` is always present: null when the user has chosen none, or when the chosen country is no ' +
          'longer in an enabled region.',
        response: { 200: PreferredRegion, ...signedInErrors },
      },
      preHandler: requireUser(),
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { countryCode: await preferredCountry(app.db, authOf(request).user) };
    },
  );
  app.post(
    '/region/prefer',
    {
      schema: {
        tags,
        summary: "Set the signed-in user's preferred country",
        description:
          'The country must be in an enabled region (any case; stored upper-case), else 400 `user/invalid_country`. ' +
          'Answers the stored country.',
        body: PreferRegionRequest,
        response: { 200: PreferredRegion, 400: ErrorEnvelope, ...signedInErrors },
      },
      preHandler: requireUser(),
    },
    async (request) => ({ countryCode: await setPreferredCountry(app.db, authOf(request).user, request.body.countryCode) }),
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
