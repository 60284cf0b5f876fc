import type { FastifyInstance } from 'fastify';
import { sendError } from './errors';
import { constantTimeEqual, randomToken } from './secure-tokens';

/**
 * Anti-forgery, double submit (architecture §7) in the convention common HTTP clients follow: a
 * readable `XSRF-TOKEN` cookie is set on the answer to any request that came without one, and every
 * state-changing request must echo its value in the `X-XSRF-TOKEN` header. Another site can make a
 * browser send our cookies but cannot read them, so it cannot write the header. Missing or different
 * -> 403 `auth/invalid_xsrf_token`. A route may opt out with `config: { xsrf: false }` (webhooks
 * signed by their sender).
 */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    xsrf?: boolean;
  }
}

export function registerXsrf(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    if (!cookie) {
      reply.setCookie(XSRF_COOKIE, randomToken(), {
        path: '/',
        httpOnly: false, // the page's script must read it to echo it
        sameSite: 'lax',
        secure: app.config.cookieSecure,
      });
    }
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.xsrf === false) return;
    const header = request.headers[XSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !constantTimeEqual(cookie, header)) {
      return sendError(reply, 403, 'auth/invalid_xsrf_token');
    }
  });
}
