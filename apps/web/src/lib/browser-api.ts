/**
 * The Kedai API as client components call it: the one typed client of `@kedai/contract/client`,
 * pointed at the web origin's `/api/<path>`, which `src/proxy.ts` forwards to the API (decision
 * 0005), so cookies are first-party: `credentials: 'same-origin'` sends them, and the XSRF-TOKEN
 * double-submit cookie (`__Host-XSRF-TOKEN` on HTTPS) can be read and echoed for unsafe methods.
 *
 * A 401 makes one shared session refresh, then each failed call retries once; when the refresh
 * fails, the handlers given to `onSessionExpired` run (the store signs the user out locally).
 *
 * Failures reject with an `ApiError` carrying the API's error envelope; show them with
 * `apiErrorMessage` (rules: errors.md: the catalogue message for a known code, else the error text, else
 * 'Unknown error').
 */
import { createApiClient, type ApiClient } from '@kedai/contract/client';
import { errorMessageFor } from '@kedai/domain';

export { ApiError, isApiError } from './api-error';
/** Prefix of the same-origin API proxy. */
const BROWSER_API_PREFIX = '/api';

/**
 * The text to show for any error of an API call (browser or server client, or a plain Error):
 * rules: errors.md through `errorMessageFor` of '@kedai/domain'.
 */
export function apiErrorMessage(error: unknown): string {
  return errorMessageFor(error);
}

const sessionExpiredHandlers = new Set<() => void>();

/** Runs `handler` when the session cannot be refreshed any more; returns the unsubscribe. */
export function onSessionExpired(handler: () => void): () => void {
  sessionExpiredHandlers.add(handler);
  return () => sessionExpiredHandlers.delete(handler);
}

/** The API through the same-origin proxy, for client components and the store's thunks. */
export const browserApi: ApiClient = createApiClient({
  baseUrl: BROWSER_API_PREFIX,
  // Looked up per call, so tests (and polyfills) that replace the global fetch are honoured.
  fetch: (input, init) => fetch(input, init),
  onSessionExpired: () => {
    for (const handler of sessionExpiredHandlers) handler();
  },
});
