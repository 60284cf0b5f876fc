import type { FastifyInstance } from 'fastify';
import type { JobKind, RecurringJob } from './platform/jobs';
import { MODULES } from './module-list';

/** Every module's job kinds: event handlers and queued work (platform/jobs.ts), as their `module.ts` declare. */
export function JOB_KINDS(app: FastifyInstance): JobKind<any>[] {
  return MODULES.flatMap((module) => module.jobs?.(app) ?? []);
}

/** Every module's recurring work, as their `module.ts` declare. */
export function RECURRING_JOBS(app: FastifyInstance): RecurringJob[] {
  return MODULES.flatMap((module) => module.recurring?.(app) ?? []);
}
