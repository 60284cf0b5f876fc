import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@kedai/contract';
import { createTestApp, type TestApp } from './helpers';
import { documentOfEndpointList } from './support/endpoint-document';

/**
 * The API answers exactly the calls of the contract's endpoint list, which the typed client takes
 * its paths and types from: every route is listed, every listed call is a route, and each has the
 * list's parameters, query, body and success answer. Both sides go through the same OpenAPI
 * conversion, so equal documents mean equal schemas.
 */

type Operation = {
  parameters?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
};
type OpenApi = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, unknown> } };

const toOpenApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** What a call takes and answers on success, with named schemas resolved. */
function successShape(document: OpenApi, path: string, method: string) {
  const operation = document.paths[path]?.[method];
  if (!operation) return undefined;
  const resolve = (value: unknown): unknown =>
    JSON.parse(JSON.stringify(value ?? null), (_key, item: unknown) => {
      const ref = (item as { $ref?: string } | null)?.$ref;
      return typeof ref === 'string' ? resolve(document.components?.schemas?.[ref.split('/').pop()!]) : item;
    });
  const success = Object.fromEntries(Object.entries(operation.responses ?? {}).filter(([status]) => status.startsWith('2')));
  return { parameters: resolve(operation.parameters ?? []), requestBody: resolve(operation.requestBody), success: resolve(success) };
}

let t: TestApp;
let served: OpenApi;
let listed: OpenApi;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  served = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
  listed = await documentOfEndpointList<OpenApi>();
});
afterAll(() => t?.close());

const callsOf = (document: OpenApi) =>
  Object.entries(document.paths)
    .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();

describe('the endpoint list of @kedai/contract', () => {
  it('names every route of the API, and nothing else', () => {
    expect(callsOf(listed)).toEqual(callsOf(served));
    expect(
      Object.keys(endpoints)
        .map((key) => key.replace(/ (.*)/, (_, path: string) => ` ${toOpenApiPath(path)}`))
        .sort(),
    ).toEqual(callsOf(served));
  });

  it.each(Object.keys(endpoints))('%s: same parameters, query, body and success answers as the route', (key) => {
    const [method, path] = key.split(' ') as [string, string];
    const route = successShape(served, toOpenApiPath(path), method.toLowerCase());
    const entry = successShape(listed, toOpenApiPath(path), method.toLowerCase());
    expect(route).toBeDefined();
    // These also answer 200 with the same body as their listed 201: POST /cart (merged into a line),
    // create_order (the same Idempotency-Key's earlier order).
    const alsoOk = ['POST /cart', 'POST /checkout/create_order', 'POST /quotation_checkout/create_order'].includes(key);
    if (alsoOk) expect((route!.success as Record<string, unknown>)['200']).toEqual((entry!.success as Record<string, unknown>)['201']);
    const withoutMerged = alsoOk ? { ...route!, success: { 201: (route!.success as Record<string, unknown>)['201'] } } : route;
    expect(withoutMerged).toEqual(entry);
  });
});
