import type { FastifyInstance } from 'fastify';
import type { JobKind, RecurringJob } from './platform/jobs';

/** Every module's job kinds: event handlers and queued work (platform/jobs.ts). */
export function JOB_KINDS(_app: FastifyInstance): JobKind<any>[] {
  return [];
}

/** Every module's recurring work. */
export function RECURRING_JOBS(_app: FastifyInstance): RecurringJob[] {
  return [];
}
