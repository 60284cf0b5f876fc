import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../client';
import { LIFTED_LIMITS, staffClient } from '../accounts';
import { createTestApp, expectError, type TestApp } from '../helpers';
import { OWNER_ONLY, backOffice, refuseAdminRoutesOutsideBackOffice } from '../../src/back-office';
import { authOf } from '../../src/platform/auth-guard';
import { registerErrorHandling } from '../../src/platform/errors';

/**
 * The back office's guard (issue 14, issue 26): one `onRequest` hook on the scope that holds every
 * `/admin/…` route, roles checked before the body is read, owners' calls named in one list
 * (`OWNER_ONLY` in src/back-office.ts).
 */

let t: TestApp;
let staff: TestClient;
let owner: TestClient;
let shopper: TestClient;
let noTfa: TestClient;
let owed: TestClient;
beforeAll(async () => {
  t = await createTestApp({ env: LIFTED_LIMITS });
  staff = (await staffClient(t.app, 'staff', t.clock.now)).client;
  owner = (await staffClient(t.app, 'owner', t.clock.now)).client;
  shopper = (await staffClient(t.app, 'shopper', t.clock.now)).client;
  noTfa = (await staffClient(t.app, 'owner', t.clock.now, 'none')).client;
  owed = (await staffClient(t.app, 'owner', t.clock.now, 'owed')).client;
});
afterAll(() => t?.close());

/** `PUT /admin/region/{key}` (the document's form) as the routes declare it: `PUT /admin/region/:key`. */
const declared = (operation: string) => operation.replace(/\{(\w+)\}/g, ':$1');

/** Every back-office call of the OpenAPI document, with its tags. */
function adminOperations(): { operation: string; method: string; url: string; tags: string[] }[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, { tags?: string[] }>> };
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/admin'))
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        operation: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        url: path.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000'),
        tags: op.tags ?? [],
      })),
    );
}

describe('the guard of every back-office call', () => {
  it('covers every /admin route: 401 for a visitor, 403 for a shopper, for staff without a passed second factor, and for staff on owner calls', async () => {
    const operations = adminOperations();
    expect(operations.length).toBeGreaterThanOrEqual(58);
    const visitor = new TestClient(t.app);
    for (const { operation, method, url } of operations) {
      const call = (client: TestClient) => client.request(method as 'GET', url, method === 'GET' ? undefined : {});
      expectError(await call(visitor), 401, 'auth/not_authorized');
      const refused = await call(shopper);
      expectError(refused, 403, 'auth/not_authorized');
      expect(refused.body.error).toMatch(/back office/);
      expectError(await call(noTfa), 403, 'auth/tfa_not_verified');
      expectError(await call(owed), 403, 'auth/tfa_not_verified');
      const asStaff = await call(staff);
      if (OWNER_ONLY.has(declared(operation))) expectError(asStaff, 403, 'auth/not_authorized');
      else expect([401, 403], operation).not.toContain(asStaff.status);
      expect([401, 403], operation).not.toContain((await call(owner)).status);
    }
  });

  it('names only calls that exist, and staff are refused exactly those; the document tags exactly those "owner only"', async () => {
    const operations = adminOperations();
    const inDocument = new Set(operations.map((op) => declared(op.operation)));
    expect([...OWNER_ONLY].filter((key) => !inDocument.has(key))).toEqual([]);
    const tagged = operations.filter((op) => op.tags.includes('owner only')).map((op) => declared(op.operation));
    expect(tagged.sort()).toEqual([...OWNER_ONLY].sort());
    expect(operations.every((op) => op.tags.includes('admin'))).toBe(true);

    const refusedToStaff: string[] = [];
    for (const { operation, method, url } of operations) {
      const answer = await staff.request(method as 'GET', url, method === 'GET' ? undefined : {});
      if (answer.status === 403 && answer.body.errorCode === 'auth/not_authorized') refusedToStaff.push(declared(operation));
    }
    expect(refusedToStaff.sort()).toEqual([...OWNER_ONLY].sort());
  });

  it("guards a GET's HEAD as the GET: staff cannot HEAD an owner's list", async () => {
    const head = (client: TestClient, url: string) =>
      t.app.inject({ method: 'HEAD', url, headers: { cookie: client.cookieHeader() } }).then((answer) => answer.statusCode);
    expect(await head(staff, '/admin/settings')).toBe(403);
    expect(await head(staff, '/admin/audit')).toBe(403);
    expect(await head(shopper, '/admin/product')).toBe(403);
    expect(await head(owner, '/admin/settings')).toBe(200);
    expect(await head(staff, '/admin/product')).toBe(200);
  });
});

describe('the back office scope', () => {
  const handled: string[] = [];

  /** New routes in the back office, declaring no guard of their own. */
  const newRoutes: FastifyPluginAsyncZod = async (app) => {
    app.post('/admin/new_thing', { schema: { body: z.object({ name: z.string().min(3) }) } }, async (request) => {
      handled.push(authOf(request).user.role);
      return { name: request.body.name };
    });
    app.get('/admin/new_secret', async (request) => ({ role: authOf(request).user.role }));
  };

  /** A small app over the test app's database and keys: the back office scope with `routes`, as app.ts composes it. */
  async function scopeApp(routes: FastifyPluginAsync[], ownerOnly: ReadonlySet<string>, outside?: FastifyPluginAsync) {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('db', t.app.db);
    app.decorate('config', t.app.config);
    app.decorate('accessTokenKey', t.app.accessTokenKey);
    registerErrorHandling(app);
    refuseAdminRoutesOutsideBackOffice(app);
    await app.register(cookie);
    if (outside) await app.register(outside);
    await app.register(backOffice(routes, ownerOnly));
    await app.ready();
    return app;
  }

  /** `client`'s session, sent to another app over the same database. */
  function as(client: TestClient, app: FastifyInstance): TestClient {
    const other = new TestClient(app);
    for (const [name, value] of client.cookies) other.cookies.set(name, value);
    return other;
  }

  it('puts a new route behind the guard: refused before its body is read, to a visitor, a shopper and staff without a second factor', async () => {
    const app = await scopeApp([newRoutes], new Set(['GET /admin/new_secret']));
    try {
      const invalid = { name: 'x' };
      expectError(await new TestClient(app).post('/admin/new_thing', invalid), 401, 'auth/not_authorized');
      expectError(await as(shopper, app).post('/admin/new_thing', invalid), 403, 'auth/not_authorized');
      expectError(await as(noTfa, app).post('/admin/new_thing', invalid), 403, 'auth/tfa_not_verified');
      expectError(await as(owed, app).post('/admin/new_thing', invalid), 403, 'auth/tfa_not_verified');
      expect(handled).toEqual([]);
      // Staff pass the guard; only then is the body checked.
      expectError(await as(staff, app).post('/admin/new_thing', invalid), 400, 'general/argument_error');
      expect((await as(staff, app).post('/admin/new_thing', { name: 'Kaya' })).body).toEqual({ name: 'Kaya' });
      expect(handled).toEqual(['staff']);
      // A call the list names is an owner's.
      expectError(await as(staff, app).get('/admin/new_secret'), 403, 'auth/not_authorized');
      expect((await as(owner, app).get('/admin/new_secret')).body).toEqual({ role: 'owner' });
    } finally {
      await app.close();
    }
  });

  it('is not built with an owner-only entry that names no route, nor with an /admin route outside the scope', async () => {
    await expect(scopeApp([newRoutes], new Set(['GET /admin/new_secret', 'DELETE /admin/gone/:id']))).rejects.toThrow(
      /DELETE \/admin\/gone\/:id/,
    );
    const stray: FastifyPluginAsync = async (app) => {
      app.get('/admin/stray', async () => ({ leaked: true }));
    };
    await expect(scopeApp([], new Set(), stray)).rejects.toThrow(/\/admin\/stray is an \/admin route outside the back office/);
    const elsewhere: FastifyPluginAsync = async (app) => {
      app.get('/shop/thing', async () => ({}));
    };
    await expect(scopeApp([elsewhere], new Set())).rejects.toThrow(/not under \/admin/);
  });
});
