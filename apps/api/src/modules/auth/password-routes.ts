import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Forgot, reset and change password (spec §7 auth service): filled by issue 4. */
export const passwordRoutes: FastifyPluginAsyncZod = async () => {};
