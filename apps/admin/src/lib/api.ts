/**
 * The Kedai API as the back office calls it: the contract's one typed client, pointed at `/api` on
 * the back office's own origin, which its server (scripts/admin-server.mjs, or Vite's proxy under
 * `vite`) forwards to the API (decisions 0005 and 0014). Cookies are therefore first-party: the
 * client sends them (`same-origin`) and echoes the XSRF-TOKEN cookie on every unsafe call.
 * A 401 refreshes the session once; when that fails, the handlers of `onSessionExpired` run.
 */
import { createApiClient, type ApiClient } from '@kedai/contract/client';

const handlers = new Set<() => void>();

/** Runs `handler` when the session cannot be refreshed any more; returns the unsubscribe. */
export function onSessionExpired(handler: () => void): () => void {
  handlers.add(handler);
  return () => handlers.delete(handler);
}

export const api: ApiClient = createApiClient({
  baseUrl: '/api',
  fetch: (input, init) => fetch(input, init),
  onSessionExpired: () => {
    for (const handler of handlers) handler();
  },
});
