import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Two-factor authentication (spec §7 /tfa/*): filled by the two-factor work of issue 4. */
export const tfaRoutes: FastifyPluginAsyncZod = async () => {};
