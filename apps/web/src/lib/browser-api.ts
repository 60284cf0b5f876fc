/**
 * Browser-side client of the Kedai API, for client components. Every call goes to the web
 * origin's `/api/<path>`, which `src/proxy.ts` forwards to the API (decision 0005), so cookies are
 * first-party: `credentials: 'same-origin'` sends them, and the XSRF-TOKEN double-submit cookie
 * (`__Host-XSRF-TOKEN` on HTTPS) can be read and echoed in a header for unsafe methods.
 *
 * The calls go through one `createApiClient` of `@kedai/contract/client` per page: a 401 makes one
 * shared session refresh, then each failed call retries once; when the refresh fails, the handlers
 * given to `onSessionExpired` run (the store signs the user out locally).
 *
 * Failures reject with an `ApiError` carrying the API's error envelope; show them with
 * `apiErrorMessage` (spec §8: the catalogue message for a known code, else the error text, else
 * 'Unknown error').
 */
import { createApiClient, type HttpMethod } from '@kedai/contract/client';
import { errorMessageFor } from '@kedai/domain';

export { ApiError, isApiError } from './api-error';
export { SECURE_XSRF_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '@kedai/contract/client';

/** Prefix of the same-origin API proxy. */
export const BROWSER_API_PREFIX = '/api';

export type BrowserQueryValue = string | number | boolean | null | undefined;

/**
 * The text to show for any error of an API call (browser or server client, or a plain Error):
 * spec §8 through `errorMessageFor` of '@kedai/domain'.
 */
export function apiErrorMessage(error: unknown): string {
  return errorMessageFor(error);
}

/** `/api/<path>?<query>` on the current origin, leaving out null and undefined query values. */
export function browserApiPath(path: string, query?: Record<string, BrowserQueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return `${BROWSER_API_PREFIX}/${path.replace(/^\/+/, '')}${qs ? `?${qs}` : ''}`;
}

const sessionExpiredHandlers = new Set<() => void>();

/** Runs `handler` when the session cannot be refreshed any more; returns the unsubscribe. */
export function onSessionExpired(handler: () => void): () => void {
  sessionExpiredHandlers.add(handler);
  return () => sessionExpiredHandlers.delete(handler);
}

const client = createApiClient({
  baseUrl: BROWSER_API_PREFIX,
  // Looked up per call, so tests (and polyfills) that replace the global fetch are honoured.
  fetch: (input, init) => fetch(input, init),
  onSessionExpired: () => {
    for (const handler of sessionExpiredHandlers) handler();
  },
});

export interface BrowserRequestOptions {
  method?: HttpMethod;
  query?: Record<string, BrowserQueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** One call through the proxy; resolves with the JSON body of a 2xx answer (undefined when empty). */
export function browserRequest<T>(path: string, options: BrowserRequestOptions = {}): Promise<T> {
  const { method = 'GET', query, ...rest } = options;
  return client.request<T>(method, path, { ...rest, query });
}

/** GET `/api/<path>` from a client component. */
export function browserGet<T>(path: string, query?: Record<string, BrowserQueryValue>, init?: { signal?: AbortSignal }): Promise<T> {
  return client.get<T>(path, query, init);
}

/** POST JSON to `/api/<path>` (with the anti-forgery header). */
export function browserPost<T>(path: string, body?: unknown, init?: { signal?: AbortSignal }): Promise<T> {
  return client.post<T>(path, body, init);
}

/** PUT JSON to `/api/<path>` (with the anti-forgery header). */
export function browserPut<T>(path: string, body?: unknown, init?: { signal?: AbortSignal }): Promise<T> {
  return client.put<T>(path, body, init);
}

/** DELETE `/api/<path>` (with the anti-forgery header). */
export function browserDelete<T>(path: string, init?: { signal?: AbortSignal }): Promise<T> {
  return client.delete<T>(path, init);
}
