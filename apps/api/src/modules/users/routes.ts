import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** User profile and display names (spec §7 /user/*): filled by issue 4. */
export const userRoutes: FastifyPluginAsyncZod = async () => {};
