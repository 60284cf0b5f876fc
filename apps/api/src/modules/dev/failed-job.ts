import type { FastifyInstance } from 'fastify';
import { toUnixSeconds } from '@kedai/domain';
import type { AdminJob } from '@kedai/contract';
import { JobRunner, findJob, queueJob } from '../../platform/jobs';

/** The kind of the development tool's failed job: no runner of the app knows it, so it only runs here. */
const DEV_EXAMPLE_JOB = 'dev.example';
const FAILURE = 'The example job fails on purpose (made with POST /dev/failed_job)';

/**
 * A job that failed for good, as the back office shows one (`POST /dev/failed_job`): queued with one
 * try and run by a runner of its own, whose `dev.example` kind throws; the real runner code records it
 * dead. The app's runner does not know the kind, so a retried one stays queued: what a browser journey
 * can see without racing a runner.
 */
export async function makeFailedJob(app: FastifyInstance): Promise<AdminJob> {
  // Due since long ago, so the runner claims it before anything else it knows (an example job staff retried stays queued).
  const id = (await queueJob(app.db, DEV_EXAMPLE_JOB, { note: 'example' }, { maxAttempts: 1, runAt: new Date(0) }))!;
  const runner = new JobRunner({
    db: app.db,
    log: app.log,
    clock: app.config.clock,
    recurring: [],
    kinds: [{ name: DEV_EXAMPLE_JOB, run: () => Promise.reject(new Error(FAILURE)) }],
  });
  await runner.runOne();
  const job = (await findJob(app.db, id))!;
  const seconds = (at: string) => toUnixSeconds(new Date(at));
  return {
    ...job,
    runAt: seconds(job.runAt),
    createdAt: seconds(job.createdAt),
    finishedAt: job.finishedAt === null ? null : seconds(job.finishedAt),
  };
}
