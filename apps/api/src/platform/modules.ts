import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ServiceName } from './config';
import type { JobKind, RecurringJob } from './jobs';

/** The services a module's shopper routes belong to (spec §7: auth, store, and the serverless fn). */
type RouteService = Extract<ServiceName, 'auth' | 'store' | 'fn'>;

/**
 * What a feature folder brings to the process (decision 0023), declared in its `module.ts` and
 * listed once in `src/module-list.ts`; `app.ts` reads the list and `SERVICES` picks what runs:
 * - `routes` where the process runs `service` (none: every process, e.g. health);
 * - `adminRoutes` inside the back office's one scope and staff guard, where it runs `admin`;
 * - `jobs` and `recurring` in the job runner (started where it runs `jobs`; every process can queue them);
 * - `onClose` when the app closes, after the job runner has stopped and before the database closes.
 */
export interface KedaiModule {
  name: string;
  service?: RouteService;
  routes?: FastifyPluginAsync[];
  adminRoutes?: FastifyPluginAsync[];
  // The kinds' payloads differ per kind: the runner only passes them through.
  jobs?: (app: FastifyInstance) => JobKind<any>[];
  recurring?: (app: FastifyInstance) => RecurringJob[];
  onClose?: (app: FastifyInstance) => Promise<void>;
}

/** A module's declaration, checked against the interface while keeping its literal type. */
export const defineModule = (module: KedaiModule): KedaiModule => module;

/** Whether a process running `services` serves the module's shopper routes. */
export function servesRoutes(module: KedaiModule, services: ReadonlySet<ServiceName>): boolean {
  return module.service === undefined || services.has(module.service);
}
