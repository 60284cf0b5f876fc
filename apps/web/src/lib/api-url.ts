/** Where the storefront's server reaches the API (server components and the `/api` proxy alike). */

const DEFAULT_API_URL = 'http://localhost:4000';

/** Base URL of the API as the web server sees it: `API_URL`, else `http://localhost:4000`. */
export function apiBaseUrl(env: Record<string, string | undefined> = process.env): string {
  const configured = env.API_URL?.trim();
  return (configured || DEFAULT_API_URL).replace(/\/+$/, '');
}
