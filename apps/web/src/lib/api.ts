/**
 * The Kedai API as the storefront's server calls it (server components, route handlers): the one
 * typed client of `@kedai/contract/client`, pointed at `API_URL`, without a session of its own.
 *
 * Every call is made per request (`cache: 'no-store'`): the catalogue changes all the time and the
 * API is not running while `next build` runs, so nothing here may be called at build time. Pages
 * that use it call `connection()` first so Next renders them per request.
 */
import 'server-only';
import { createApiClient, type ApiClient } from '@kedai/contract/client';
import { apiBaseUrl } from './api-url';

export { API_UNREACHABLE, ApiError, isApiError } from './api-error';

/** A server-side call that takes longer than this is abandoned (override with `API_TIMEOUT_MS`). */
const DEFAULT_API_TIMEOUT_MS = 10_000;

type Env = Record<string, string | undefined>;

function apiTimeoutMs(env: Env = process.env): number {
  const configured = Number(env.API_TIMEOUT_MS);
  return Number.isFinite(configured) && configured > 0 ? configured : DEFAULT_API_TIMEOUT_MS;
}

/** A server-side client; `baseUrl` and `timeoutMs` override the environment (tests, or a second API). */
export function createServerApi(options: { baseUrl?: string; timeoutMs?: number } = {}): ApiClient {
  return createApiClient({
    baseUrl: options.baseUrl ?? apiBaseUrl(),
    timeoutMs: options.timeoutMs ?? apiTimeoutMs(),
    fetch: (input, init) => fetch(input, { ...init, cache: 'no-store' }),
    credentials: 'omit',
    // No anti-forgery cookie and no session to refresh: the server only reads public data, or
    // forwards the shopper's cookie header itself where a call is per visitor.
    readCookie: () => null,
    refreshSessions: false,
    speaker: 'The API',
    unreachableMessage: 'The API could not be reached',
  });
}

/** The API for server components: `API_URL`, `API_TIMEOUT_MS`. */
export const serverApi: ApiClient = createServerApi();
