/**
 * Browser-side client of the Kedai API, for client components. Every call goes to the web
 * origin's `/api/<path>`, which `src/proxy.ts` forwards to the API (decision 0005), so cookies are
 * first-party: `credentials: 'same-origin'` sends them, and the XSRF-TOKEN double-submit cookie
 * can be read and echoed in a header for unsafe methods.
 *
 * Failures reject with an `ApiError` (./api-error) carrying the API's error envelope; show them with
 * `apiErrorMessage` (spec §8: the catalogue message for a known code, else the error text, else
 * 'Unknown error').
 */
import { errorMessageFor } from '@kedai/domain';
import { API_UNREACHABLE, ApiError, envelopeOf, readJsonBody } from './api-error';

export { ApiError, isApiError } from './api-error';

/** Prefix of the same-origin API proxy. */
export const BROWSER_API_PREFIX = '/api';
/** Cookie the API sets for double-submit XSRF protection, and the header it expects it back in. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

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

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export interface BrowserRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, BrowserQueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** One call through the proxy; resolves with the JSON body of a 2xx answer (undefined when empty). */
export async function browserRequest<T>(path: string, options: BrowserRequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const url = browserApiPath(path, options.query);
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') {
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf) headers[XSRF_HEADER] = xsrf;
  }

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(
      { errorCode: API_UNREACHABLE, error: 'The shop could not be reached. Check your connection.', params: [path] },
      0,
      path,
      { cause },
    );
  }

  const body = await readJsonBody(response);
  if (response.ok) return body as T;
  throw new ApiError(envelopeOf(body, `The shop answered ${response.status} ${response.statusText}`.trim()), response.status, path);
}

/** GET `/api/<path>` from a client component. */
export function browserGet<T>(path: string, query?: Record<string, BrowserQueryValue>, init?: { signal?: AbortSignal }): Promise<T> {
  return browserRequest<T>(path, { query, signal: init?.signal });
}
