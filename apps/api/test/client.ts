import type { FastifyInstance, InjectOptions } from 'fastify';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A browser-like client over `app.inject`: keeps the cookies the API sets (dropping cleared or
 * expired ones) and, like the shop's pages, echoes the XSRF-TOKEN cookie (`__Host-XSRF-TOKEN` with
 * COOKIE_SECURE) in X-XSRF-TOKEN on state-changing calls — fetching a token first with `GET /ping`
 * when it has none.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  /** Set to false to send state-changing calls without the anti-forgery header. */
  xsrf = true;

  constructor(
    private readonly app: FastifyInstance,
    private readonly defaultHeaders: Record<string, string> = {},
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request<T = any>(method: Method, url: string, body?: unknown, headers: Record<string, string> = {}) {
    if (method !== 'GET' && this.xsrf && this.xsrfToken() === undefined) await this.request('GET', '/ping');
    const all: Record<string, string> = { ...this.defaultHeaders, ...headers };
    if (this.cookies.size > 0) all.cookie = this.cookieHeader();
    if (method !== 'GET' && this.xsrf) all['x-xsrf-token'] = this.xsrfToken() ?? '';
    const options: InjectOptions = { method, url, headers: all };
    if (body !== undefined) options.payload = body as object;
    const response = await this.app.inject(options);
    for (const cookie of response.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const gone = cookie.value === '' || cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (gone) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    const text = response.body;
    return { status: response.statusCode, body: (text ? JSON.parse(text) : undefined) as T, headers: response.headers, response };
  }

  private xsrfToken(): string | undefined {
    return this.cookies.get('__Host-XSRF-TOKEN') ?? this.cookies.get('XSRF-TOKEN');
  }

  get<T = any>(url: string, headers?: Record<string, string>) {
    return this.request<T>('GET', url, undefined, headers);
  }
  post<T = any>(url: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.request<T>('POST', url, body, headers);
  }
  put<T = any>(url: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.request<T>('PUT', url, body, headers);
  }
  delete<T = any>(url: string, headers?: Record<string, string>) {
    return this.request<T>('DELETE', url, undefined, headers);
  }
}
