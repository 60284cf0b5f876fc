/**
 * Server-side client of the Kedai API, for server components and route handlers.
 *
 * Every call is made per request (`cache: 'no-store'`): the catalogue changes all the time and the
 * API is not running while `next build` runs, so nothing here may be called at build time. Pages
 * that use it call `connection()` first so Next renders them per request.
 */
import { API_BAD_RESPONSE, API_UNREACHABLE, ApiError, envelopeOf, readJsonBody } from './api-error';

export { API_BAD_RESPONSE, API_UNREACHABLE, ApiError, isApiError } from './api-error';

export const DEFAULT_API_URL = 'http://localhost:4000';
/** A server-side call that takes longer than this is abandoned (override with `API_TIMEOUT_MS`). */
export const DEFAULT_API_TIMEOUT_MS = 10_000;

/** Base URL of the API as the web server sees it: `API_URL`, else `http://localhost:4000`. */
export function apiBaseUrl(env: Record<string, string | undefined> = process.env): string {
  const configured = env.API_URL?.trim();
  return (configured || DEFAULT_API_URL).replace(/\/+$/, '');
}

function apiTimeoutMs(env: Record<string, string | undefined> = process.env): number {
  const configured = Number(env.API_TIMEOUT_MS);
  return Number.isFinite(configured) && configured > 0 ? configured : DEFAULT_API_TIMEOUT_MS;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  /** Query-string parameters; `null` and `undefined` values are left out. */
  query?: Record<string, QueryValue>;
  /** Overrides `API_URL` (tests, or a second API). */
  baseUrl?: string;
  timeoutMs?: number;
  headers?: Record<string, string>;
}

/** Builds `<base><path>?<query>` with the query values encoded. */
export function apiUrl(path: string, query?: Record<string, QueryValue>, baseUrl: string = apiBaseUrl()): string {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

/**
 * GET a JSON resource of the API. Resolves with the parsed body of a 2xx answer; otherwise rejects
 * with an `ApiError` carrying the answer's `{errorCode, error, params}` (or a synthetic envelope when
 * the API could not be reached or did not answer with one).
 */
export async function apiGet<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const url = apiUrl(path, options.query, options.baseUrl ?? apiBaseUrl());
  const timeoutMs = options.timeoutMs ?? apiTimeoutMs();

  let response: Response;
  try {
    response = await fetch(url, {
      method: 'GET',
      headers: { accept: 'application/json', ...options.headers },
      cache: 'no-store',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (cause) {
    const timedOut = cause instanceof DOMException && cause.name === 'TimeoutError';
    throw new ApiError(
      {
        errorCode: API_UNREACHABLE,
        error: timedOut ? `The API did not answer within ${timeoutMs} ms` : 'The API could not be reached',
        params: [path],
      },
      0,
      path,
      { cause },
    );
  }

  const body = await readJsonBody(response);
  if (response.ok) {
    if (body === undefined) {
      const error = 'The API answered with no JSON body';
      throw new ApiError(
        // `general/unknown_error` reads 'message {0}' (spec §8): its parameter is the text.
        { errorCode: API_BAD_RESPONSE, error, params: [error] },
        response.status,
        path,
      );
    }
    return body as T;
  }

  const envelope = envelopeOf(body, `The API answered ${response.status} ${response.statusText}`.trim());
  throw new ApiError(envelope, response.status, path);
}
