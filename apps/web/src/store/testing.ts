/** Test helpers for the store: a stand-in API whose answers are queued per path. */
import type { Category, PublicConfig, PublicUser, Region } from '@kedai/contract';
import { fillPath, type ApiClient } from '@kedai/contract/client';
import { vi } from 'vitest';

export type Answer = { ok: unknown } | { fail: unknown } | { wait: Promise<unknown> };

type CallOptions = { params?: Record<string, unknown>; query?: unknown; body?: unknown };

/**
 * `answers` is keyed by the filled-in path for GET and by "METHOD path" for the others
 * (`'POST /auth/login'`, `` `PUT /cart/${id}` ``); each queue answers in turn and its last answer
 * repeats. The spies `get`, `post`, `put` and `delete` record each call as (filled-in path) plus
 * its query (GET) or body, when it has one.
 */
export function fakeApi(answers: Record<string, Answer[]>) {
  const answer = async (key: string) => {
    const queue = answers[key];
    const next = queue && queue.length > 1 ? queue.shift() : queue?.[0];
    if (!next) throw new Error(`unexpected call ${key}`);
    if ('wait' in next) return next.wait;
    if ('fail' in next) throw next.fail;
    return next.ok;
  };
  const get = vi.fn(async (path: string, _query?: unknown) => answer(path));
  const post = vi.fn(async (path: string, _body?: unknown) => answer(`POST ${path}`));
  const put = vi.fn(async (path: string, _body?: unknown) => answer(`PUT ${path}`));
  const del = vi.fn(async (path: string) => answer(`DELETE ${path}`));
  return { api: apiOver({ get, post, put, delete: del }), get, post, put, delete: del };
}

type Spy = (path: string, extra?: unknown) => Promise<unknown>;

/**
 * A typed client over plain spies: each call reaches its method's spy as (filled-in path) plus
 * its query (GET) or body, when it has one, so tests assert `post('/address/a/main')`.
 */
export function apiOver(spies: { get: Spy; post: Spy; put: Spy; delete: Spy }): ApiClient {
  const through =
    (spy: Spy, extraOf: (options: CallOptions) => unknown) =>
    (path: string, options: CallOptions = {}) => {
      const filled = fillPath(path, options.params);
      const extra = extraOf(options);
      return extra === undefined ? spy(filled) : spy(filled, extra);
    };
  return {
    get: through(spies.get, (options) => options.query),
    post: through(spies.post, (options) => options.body),
    put: through(spies.put, (options) => options.body),
    delete: through(spies.delete, () => undefined),
  } as unknown as ApiClient;
}

/** Lets listener effects and thunks settle. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

export const config: PublicConfig = {
  app_currency: 'SGD',
  default_region: 'SG',
  shop_name: 'Kedai',
  contact_email: 'hello@kedai.example',
  assets_url: 'http://assets.example',
  storefront_url: 'http://localhost:3000',
  thumbnail_suffix: '_thumb',
  placeholder_image: 'placeholder.svg',
  payments: { provider: 'test', stripePublishableKey: null, methods: ['card', 'paynow'], testMode: true },
};

export const sg: Region = { key: 'SG', name: 'Singapore', currency: 'SGD', countries: ['SG'], priceBands: [] };
export const my: Region = { key: 'MY', name: 'Malaysia', currency: 'MYR', countries: ['MY', 'BN'], priceBands: [] };

export const category: Category = {
  id: '55555555-5555-4555-8555-555555555555',
  key: 'tea',
  name: 'Tea',
  path: 'tea',
  parent: null,
  children: [],
  image: null,
};

export const envelope = (errorCode: string, error: string, params: unknown[] = []) =>
  Object.assign(new Error(error), { errorCode, error, params });

/** A signed-in shopper's profile, as `GET /auth/me` answers it. */
export const shopper: PublicUser = {
  id: '11111111-1111-4111-8111-111111111111',
  email: 'ana@example.com',
  firstName: 'Ana',
  lastName: 'Lim',
  phoneNumber: '+6591234567',
  country: 'SG',
  birthDate: '1990-05-01',
  gender: 'female',
  emailVerified: true,
  role: 'shopper',
  createdAt: 1_800_000_000,
};
