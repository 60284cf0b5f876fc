import type { FastifyInstance, FastifyPluginAsync, RouteOptions } from 'fastify';
import { routeKey, staffGuard } from './platform/auth-guard';
import { MODULES } from './module-list';

/**
 * The back office's calls only owners may make (rules: access.md "Staff"), by `routeKey`: the one
 * list the guard reads. The OpenAPI document's `owner only` tag follows it; the app is not built
 * when an entry names no back-office route.
 */
export const OWNER_ONLY: ReadonlySet<string> = new Set([
  // The staff, their roles and the audit log (modules/staff).
  'GET /admin/audit',
  'GET /admin/staff',
  'POST /admin/staff',
  'PUT /admin/staff/:id',
  'POST /admin/staff/:id/reset_tfa',
  // The shop's settings (modules/regions).
  'GET /admin/settings',
  'PUT /admin/settings/currency',
  'PUT /admin/settings/quotation_pricing',
  'PUT /admin/settings/paynow',
  'PUT /admin/settings/paynow_settle',
  'PUT /admin/settings/legal',
  'PUT /admin/region/:key',
  'PUT /admin/shipping_location/:countryCode',
  'GET /admin/tax_rate',
  'PUT /admin/tax_rate/:countryCode',
  'DELETE /admin/tax_rate/:countryCode',
]);

/** Every module's back-office routes (their `module.ts`, listed in module-list.ts). */
const BACK_OFFICE_ROUTES: FastifyPluginAsync[] = MODULES.flatMap((module) => module.adminRoutes ?? []);

const OWNER_TAG = 'owner only';
const isAdminPath = (url: string) => url === '/admin' || url.startsWith('/admin/');

/** The Fastify instances of back-office scopes; a plugin registered inside one is an instance made from it. */
const scopes = new WeakSet<object>();

/**
 * The back office (issue 14): one Fastify scope holding every `/admin/…` route, with the staff guard
 * as its `onRequest` hook, so each route runs it before its body is read and a new route cannot
 * leave it out. `routes` and `ownerOnly` are the shop's own unless a test passes others.
 */
export function backOffice(routes: FastifyPluginAsync[] = BACK_OFFICE_ROUTES, ownerOnly: ReadonlySet<string> = OWNER_ONLY) {
  return async function backOfficeScope(scope: FastifyInstance) {
    scopes.add(scope);
    const declared = new Set<string>();
    scope.addHook('onRoute', (route: RouteOptions) => {
      if (Array.isArray(route.method)) throw new Error(`back-office route ${route.url} declares several methods: declare one per route`);
      if (!isAdminPath(route.url)) throw new Error(`back-office route ${route.method} ${route.url} is not under /admin/`);
      if (route.method === 'HEAD') return;
      const key = routeKey(route.method, route.url);
      declared.add(key);
      const tags = (route.schema?.tags ?? []).filter((tag) => tag !== OWNER_TAG && tag !== 'admin');
      route.schema = { ...route.schema, tags: ['admin', ...tags, ...(ownerOnly.has(key) ? [OWNER_TAG] : [])] };
    });
    scope.addHook('onRequest', staffGuard(ownerOnly));
    for (const plugin of routes) await scope.register(plugin);
    const stale = [...ownerOnly].filter((key) => !declared.has(key));
    if (stale.length > 0) throw new Error(`OWNER_ONLY names calls that are not back-office routes: ${stale.join(', ')}`);
  };
}

/**
 * Refuses, while the app is built, an `/admin/…` route declared outside a back-office scope (it
 * would run without the staff guard). Added to the root before any route.
 */
export function refuseAdminRoutesOutsideBackOffice(app: FastifyInstance): void {
  app.addHook('onRoute', function (this: FastifyInstance, route: RouteOptions) {
    if (isAdminPath(route.url) && !inBackOffice(this)) {
      throw new Error(
        `${String(route.method)} ${route.url} is an /admin route outside the back office (src/back-office.ts): it would have no staff guard`,
      );
    }
  });
}

/** Whether a plugin's instance is a back-office scope or made inside one (Fastify makes a plugin's instance from its parent's). */
function inBackOffice(instance: object | null): boolean {
  if (instance === null) return false;
  return scopes.has(instance) || inBackOffice(Object.getPrototypeOf(instance) as object | null);
}
