import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminJob, AdminJobIdParam, AdminJobList, AdminJobListQuery, ErrorEnvelope } from '@kedai/contract';
import { authOf } from '../../platform/auth-guard';
import { listJobsForStaff, retryJob } from './admin';

/**
 * The back office's jobs (issue 28): every staff member, not only owners, may see failed work and
 * retry it, since an order mail that did not go out is daily operations, and a retry only does again
 * what the shop already meant to do.
 */
export const jobAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const denied = { 401: ErrorEnvelope, 403: ErrorEnvelope };

  app.get(
    '/admin/jobs',
    {
      schema: {
        tags,
        summary: 'Jobs (work done after a change, such as sending a mail), newest first, with the count of each state',
        description: 'Every staff member. `state=dead`: the jobs that failed for good and wait for a retry.',
        querystring: AdminJobListQuery,
        response: { 200: AdminJobList, ...denied },
      },
    },
    async (request) => listJobsForStaff(app.db, request.query),
  );

  app.post(
    '/admin/jobs/:id/retry',
    {
      schema: {
        tags,
        summary: 'Queue a dead job again, due at once',
        description:
          'Every staff member; audited (`job.retry`). 404 `job/not_found`; 409 `job/not_dead` (`params[0]`: the state it is in) ' +
          'when it is not dead, e.g. another staff member retried it first.',
        params: AdminJobIdParam,
        response: { 200: AdminJob, 404: ErrorEnvelope, 409: ErrorEnvelope, ...denied },
      },
    },
    async (request) => {
      const job = await retryJob(app.db, authOf(request).user.id, request.params.id, app.config.clock?.());
      app.jobs.wake();
      return job;
    },
  );
};
