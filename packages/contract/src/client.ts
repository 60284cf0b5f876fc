/**
 * The one HTTP client of the Kedai API (rules: api.md, architecture §1), for server components and the
 * browser alike, without zod at run time so browser code can import it (`@kedai/contract/client`).
 * Its paths are the keys of `endpoints` (./endpoints.ts), and each call's parameters, query, body and
 * answer carry that endpoint's types: `api.put('/cart/:id', { params: { id }, body: { quantity: 2 } })`.
 * - credentials are sent, and every state-changing call echoes the `XSRF-TOKEN` cookie (named
 *   `__Host-XSRF-TOKEN` when the shop runs on HTTPS) in the `X-XSRF-TOKEN` header (when there is no
 *   cookie yet, one `GET /ping` obtains it);
 * - status 200–299 is success (204 and empty bodies resolve with `undefined`); anything else rejects
 *   with an `ApiError` carrying the envelope `{errorCode, error, params}` and the status;
 * - a 401 starts ONE shared `POST /auth/refreshAccessToken` that every call failing meanwhile awaits;
 *   each then retries once. When the refresh fails, `onSessionExpired` runs and the calls reject;
 * - no timeout by default (pass a `signal` to abandon a call, or `timeoutMs` for every call).
 */
import type { EndpointKey, Endpoints } from './endpoints';

export type { EndpointKey, Endpoints } from './endpoints';

/** The error envelope of every non-2xx answer (architecture §6). */
export interface ApiErrorEnvelope {
  errorCode: string;
  error: string;
  params: unknown[];
}

/** Error codes given to failures that never produced an API answer. */
export const API_UNREACHABLE = 'general/api_unreachable';
export const API_BAD_RESPONSE = 'general/unknown_error';

/** A failed API call. Carries the error envelope and the HTTP status (0: no answer). */
export class ApiError extends Error implements ApiErrorEnvelope {
  override readonly name = 'ApiError';
  readonly errorCode: string;
  readonly error: string;
  readonly params: unknown[];
  readonly status: number;
  readonly path: string;

  constructor(envelope: ApiErrorEnvelope, status: number, path: string, options?: { cause?: unknown }) {
    super(envelope.error || envelope.errorCode || 'Unknown error', options);
    this.errorCode = envelope.errorCode;
    this.error = envelope.error;
    this.params = envelope.params;
    this.status = status;
    this.path = path;
  }

  toEnvelope(): ApiErrorEnvelope {
    return { errorCode: this.errorCode, error: this.error, params: this.params };
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** The parsed JSON body of an answer, or undefined when it is empty or not JSON. */
export async function readJsonBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The envelope of a non-2xx answer: its own when it has one, else `general/unknown_error`, whose
 * message reads 'message {0}' (rules: errors.md), with `fallback` as its parameter.
 */
export function envelopeOf(body: unknown, fallback: string): ApiErrorEnvelope {
  if (typeof body === 'object' && body !== null) {
    const candidate = body as Record<string, unknown>;
    if (typeof candidate.errorCode === 'string' && typeof candidate.error === 'string') {
      return {
        errorCode: candidate.errorCode,
        error: candidate.error,
        params: Array.isArray(candidate.params) ? candidate.params : [],
      };
    }
  }
  return { errorCode: API_BAD_RESPONSE, error: fallback, params: [fallback] };
}

/** Cookie the API sets for double-submit anti-forgery, and the header it expects it back in. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
/**
 * Prefix of the API's cookie names when it sets them Secure (`COOKIE_SECURE`, production): browsers
 * keep a `__Host-` cookie only with Secure, Path=/ and no Domain, so no other host can plant it.
 */
export const SECURE_COOKIE_PREFIX = '__Host-';
/** The anti-forgery cookie's name on HTTPS; the API then reads only this one. */
export const SECURE_XSRF_COOKIE = `${SECURE_COOKIE_PREFIX}${XSRF_COOKIE}`;
export const PING_PATH = '/ping';
export const REFRESH_PATH = '/auth/refreshAccessToken';
export const LOGIN_PATH = '/auth/login';
/** A 401 here means "wrong session", not "expired access token": refreshing would not help. */
const NEVER_REFRESH = new Set([REFRESH_PATH, LOGIN_PATH]);

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

interface RequestOptions {
  /** Query-string values; null and undefined are left out. */
  query?: Query;
  /** Sent as JSON; a `Blob` (a picked file) or bytes are sent as they are (`POST /admin/image`). */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** The paths of one method, e.g. `'/cart/:id'` for PUT. */
export type PathOf<M extends HttpMethod> = { [K in EndpointKey]: K extends `${M} ${infer P}` ? P : never }[EndpointKey];
type KeyOf<M extends HttpMethod, P extends string> = `${M} ${P}` & EndpointKey;

/** What a call takes: `params` when its path has some, `body` when it takes one, an optional `query`. */
export type CallOptions<K extends EndpointKey> = {
  signal?: AbortSignal;
  headers?: Record<string, string>;
} & (undefined extends Endpoints[K]['params'] ? { params?: undefined } : { params: Endpoints[K]['params'] }) &
  (undefined extends Endpoints[K]['query'] ? { query?: undefined } : { query?: Endpoints[K]['query'] }) &
  (undefined extends Endpoints[K]['body'] ? { body?: undefined } : { body: Endpoints[K]['body'] });

/** The options argument, optional when nothing in it is required. */
type CallArgs<K extends EndpointKey> = object extends CallOptions<K> ? [options?: CallOptions<K>] : [options: CallOptions<K>];
type Answer<K extends EndpointKey> = Promise<Endpoints[K]['response']>;

export interface ApiClientOptions {
  /** `/api` for the storefront's same-origin proxy, or an absolute URL. */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Reads a cookie the page can see; `document.cookie` by default. */
  readCookie?: (name: string) => string | null | undefined;
  /** Runs when a refresh after a 401 fails: the session is over (the web signs the user out). */
  onSessionExpired?: () => void;
  /** `same-origin` by default (the storefront's proxy); `include` for an API on another origin. */
  credentials?: RequestInit['credentials'];
  /** Who answers, in error texts: 'The shop' (the browser's view) by default, 'The API' on the server. */
  speaker?: string;
  /** Text of the error when the API cannot be reached. */
  unreachableMessage?: string;
  /** Abandon a call after this long (an `ApiError` with status 0); none by default. */
  timeoutMs?: number;
  /**
   * Whether a 401 refreshes the session (true by default). The storefront's server calls the API
   * without a session of its own and turns it off.
   */
  refreshSessions?: boolean;
}

/** The API's calls, typed by `endpoints`. */
export interface ApiClient {
  get<P extends PathOf<'GET'>>(path: P, ...options: CallArgs<KeyOf<'GET', P>>): Answer<KeyOf<'GET', P>>;
  post<P extends PathOf<'POST'>>(path: P, ...options: CallArgs<KeyOf<'POST', P>>): Answer<KeyOf<'POST', P>>;
  put<P extends PathOf<'PUT'>>(path: P, ...options: CallArgs<KeyOf<'PUT', P>>): Answer<KeyOf<'PUT', P>>;
  delete<P extends PathOf<'DELETE'>>(path: P, ...options: CallArgs<KeyOf<'DELETE', P>>): Answer<KeyOf<'DELETE', P>>;
}

/** `/cart/:id` with `{ id }` filled in, each value URL-encoded; a missing one is a programming error. */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new TypeError(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** `document.cookie`'s value for `name`, or null (also outside a browser). */
export function readDocumentCookie(name: string): string | null {
  // No DOM types here: the package also runs on the server, where there is no document.
  const doc = (globalThis as { document?: { cookie?: string } }).document;
  if (typeof doc?.cookie !== 'string') return null;
  for (const part of doc.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return rest.join('=');
      }
    }
  }
  return null;
}

/** `<base>/<path>?<query>`, leaving out null and undefined query values. */
export function buildApiUrl(baseUrl: string, path: string, query?: Query): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}${qs ? `?${qs}` : ''}`;
}

const errorName = (error: unknown) => (typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined);

/** A body sent as it is rather than as JSON: a file or its bytes. */
function isBinary(body: unknown): body is Blob | Uint8Array {
  return (typeof Blob !== 'undefined' && body instanceof Blob) || body instanceof Uint8Array;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  const readCookie = options.readCookie ?? readDocumentCookie;
  const credentials = options.credentials ?? 'same-origin';
  const speaker = options.speaker ?? 'The shop';
  const unreachable = options.unreachableMessage ?? `${speaker} could not be reached. Check your connection.`;
  const refreshSessions = options.refreshSessions ?? true;

  // The refresh in flight, shared by every call that meets a 401 while it runs.
  let refreshing: Promise<boolean> | null = null;
  // Counts finished refreshes: a call sent before the last one finished retries on its outcome
  // instead of starting another (its 401 answered the old token).
  let refreshCount = 0;
  let lastRefreshOk = true;
  let pinging: Promise<unknown> | null = null;

  async function send<T>(method: HttpMethod, path: string, call: RequestOptions): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json', ...call.headers };
    const raw = isBinary(call.body);
    if (call.body !== undefined && !headers['content-type']) {
      headers['content-type'] = raw ? (call.body instanceof Blob && call.body.type) || 'application/octet-stream' : 'application/json';
    }
    if (method !== 'GET') {
      const token = await xsrfToken();
      if (token) headers[XSRF_HEADER] = token;
    }
    const timeout = options.timeoutMs === undefined ? undefined : AbortSignal.timeout(options.timeoutMs);
    const signals = [call.signal, timeout].filter((signal) => signal !== undefined);
    let response: Response;
    try {
      response = await fetchFn(buildApiUrl(options.baseUrl, path, call.query), {
        method,
        headers,
        credentials,
        body: call.body === undefined ? undefined : raw ? (call.body as RequestInit['body']) : JSON.stringify(call.body),
        signal: signals.length > 1 ? AbortSignal.any(signals) : signals[0],
      });
    } catch (cause) {
      // The caller's own abort passes through; the timeout is a failure like an unreachable API.
      if (errorName(cause) === 'AbortError' && call.signal?.aborted) throw cause;
      const error = timeout?.aborted ? `${speaker} did not answer within ${options.timeoutMs} ms` : unreachable;
      throw new ApiError({ errorCode: API_UNREACHABLE, error, params: [path] }, 0, path, { cause });
    }
    const body = await readJsonBody(response);
    if (response.status >= 200 && response.status <= 299) return body as T;
    const fallback = `${speaker} answered ${response.status} ${response.statusText}`.trim();
    throw new ApiError(envelopeOf(body, fallback), response.status, path);
  }

  // The HTTPS name first: where it exists, it is the one the API reads.
  const readXsrf = () => readCookie(SECURE_XSRF_COOKIE) || readCookie(XSRF_COOKIE) || null;

  /** The anti-forgery cookie, first asking the API for one (any answer sets it) when there is none. */
  async function xsrfToken(): Promise<string | null> {
    const present = readXsrf();
    if (present) return present;
    // Shared by concurrent calls, and not tied to one call's signal.
    pinging ??= send('GET', PING_PATH, {})
      .catch(() => undefined) // the call itself will then report what is wrong
      .finally(() => {
        pinging = null;
      });
    await pinging;
    return readXsrf();
  }

  function refreshSession(): Promise<boolean> {
    refreshing ??= send('POST', REFRESH_PATH, {})
      .then(
        () => true,
        () => false,
      )
      .then((ok) => {
        refreshCount++;
        lastRefreshOk = ok;
        refreshing = null;
        if (!ok) options.onSessionExpired?.();
        return ok;
      });
    return refreshing;
  }

  async function request<T>(method: HttpMethod, path: string, call: RequestOptions): Promise<T> {
    const refreshesBefore = refreshCount;
    try {
      return await send<T>(method, path, call);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401 || !refreshSessions || NEVER_REFRESH.has(path)) throw error;
      // A refresh finished while this call was out: use its outcome; else join or start one.
      const ok = refreshCount !== refreshesBefore && !refreshing ? lastRefreshOk : await refreshSession();
      if (!ok) throw error;
      return send<T>(method, path, call); // once: a second 401 is final
    }
  }

  const call =
    (method: HttpMethod) =>
    (
      path: string,
      options: { params?: object; query?: object; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> } = {},
    ) =>
      request(method, fillPath(path, options.params as Record<string, unknown>), {
        query: options.query as Query | undefined,
        body: options.body,
        signal: options.signal,
        headers: options.headers,
      });
  // The typed signatures are the interface's; at run time every method is the same call.
  return { get: call('GET'), post: call('POST'), put: call('PUT'), delete: call('DELETE') } as unknown as ApiClient;
}
