import { AppError, toUnixSeconds } from '@kedai/domain';
import type { Database } from '@kedai/db';
import type { AdminJob, AdminJobList, AdminJobListQuery } from '@kedai/contract';
import { recordAudit } from '../../platform/audit';
import { countJobsByState, findJob, listJobs, retryDeadJob, type JobRow } from '../../platform/jobs';

/**
 * The back office's view of durable jobs (issue 28): what ran, what waits, what failed for good
 * (`dead`), and staff's retry of a dead job. The jobs table is platform's; this module only reads it
 * and asks platform to queue a dead job again, audited like every back-office write.
 */

const DEFAULT_LIMIT = 50;

function toAdminJob(job: JobRow): AdminJob {
  const seconds = (at: string) => toUnixSeconds(new Date(at));
  return {
    id: job.id,
    kind: job.kind,
    payload: job.payload,
    state: job.state,
    runAt: seconds(job.runAt),
    attempts: job.attempts,
    maxAttempts: job.maxAttempts,
    lastError: job.lastError,
    createdAt: seconds(job.createdAt),
    finishedAt: job.finishedAt === null ? null : seconds(job.finishedAt),
  };
}

/** `GET /admin/jobs`: newest first, with every state's count (the nav's badge of dead jobs reads it). */
export async function listJobsForStaff(db: Database, query: AdminJobListQuery): Promise<AdminJobList> {
  const limit = query.limit ?? DEFAULT_LIMIT;
  const [rows, counts] = await Promise.all([
    listJobs(db, { state: query.state, kind: query.kind || undefined, limit, beforeId: query.before }),
    countJobsByState(db),
  ]);
  const last = rows.at(-1);
  return { jobs: rows.map(toAdminJob), counts, nextBefore: rows.length === limit && last ? last.id : null };
}

/**
 * `POST /admin/jobs/{id}/retry`: a dead job queued again, due at once, its tries counted from none.
 * The change is one conditional update, so two staff retrying at once queue it once; the other hears
 * 409 `job/not_dead` with the state it is in. `now` is the runners' clock when tests set one.
 */
export async function retryJob(db: Database, actorId: string, id: number, now?: Date): Promise<AdminJob> {
  return db.transaction(async (tx) => {
    const before = await findJob(tx, id);
    if (!before) throw new AppError('job/not_found');
    const retried = await retryDeadJob(tx, id, now);
    if (!retried) {
      // Read again: a retry that waited for another's commit tells the state that one left (queued), not the dead it first read.
      const current = await findJob(tx, id);
      throw new AppError('job/not_dead', [current?.state ?? before.state]);
    }
    await recordAudit(tx, {
      actorId,
      action: 'job.retry',
      objectType: 'job',
      objectId: String(id),
      before: { kind: before.kind, state: before.state, attempts: before.attempts, lastError: before.lastError },
      after: { state: retried.state, attempts: retried.attempts },
    });
    return toAdminJob(retried);
  });
}
