import type { FastifyInstance } from 'fastify';
import { XSRF_COOKIE, XSRF_HEADER } from '@kedai/contract/client';
import { cookieName } from './cookies';
import { sendError } from './errors';
import { constantTimeEqual, randomToken } from './secure-tokens';

/**
 * Anti-forgery, double submit (architecture §7) in the convention common HTTP clients follow: a
 * readable `XSRF-TOKEN` cookie is set on the answer to any request that came without one, and every
 * state-changing request must echo its value in the `X-XSRF-TOKEN` header. Another site can make a
 * browser send our cookies but cannot read them, so it cannot write the header. Missing or different
 * -> 403 `auth/invalid_xsrf_token`. A route may opt out with `config: { xsrf: false }` (webhooks
 * signed by their sender). With COOKIE_SECURE the cookie is `__Host-XSRF-TOKEN` (`cookieName`), so
 * a sibling subdomain cannot plant a value of its own choosing.
 */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    xsrf?: boolean;
  }
}

export function registerXsrf(app: FastifyInstance): void {
  const name = cookieName(app.config, XSRF_COOKIE);
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[name];
    if (!cookie) {
      reply.setCookie(name, randomToken(), {
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
