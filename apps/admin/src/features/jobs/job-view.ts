/**
 * How the jobs page words a job for the shop's staff: what the work is (not its code name), its state
 * as a badge, when it runs next, and the filter kept in the address (`/jobs?state=queued&before=120`).
 * It opens on the failed jobs: what staff may act on.
 */
import type { AdminJob, AdminJobList, AdminJobListQuery, JobState } from '@kedai/contract';

/** The page's filters: one state, or every job. */
export const JOB_FILTERS = ['dead', 'queued', 'running', 'done', 'all'] as const;
export type JobFilter = (typeof JOB_FILTERS)[number];

const JOB_FILTER_LABELS: Record<JobFilter, string> = {
  dead: 'Failed',
  queued: 'Waiting',
  running: 'Running',
  done: 'Done',
  all: 'All jobs',
};

const STATE_BADGES: Record<JobState, { label: string; className: string }> = {
  dead: { label: 'Failed', className: 'badge badge--off' },
  queued: { label: 'Waiting', className: 'badge badge--pending' },
  running: { label: 'Running', className: 'badge badge--pending' },
  done: { label: 'Done', className: 'badge badge--on' },
};

export const jobBadge = (job: Pick<AdminJob, 'state'>) => STATE_BADGES[job.state];

/** The work of each kind the API runs, in words; a kind not listed shows as its code name. */
const KIND_LABELS: Record<string, string> = {
  'mail.deliver': 'E-mail delivery',
  'orders.expiry': 'Cancelling unpaid orders past their time to pay',
  'tfa.resets': 'Two-factor resets that are due',
  'jobs.purge': 'Clearing old finished jobs',
  'dev.example': 'Example job (development tools)',
};

export const jobKindLabel = (kind: string): string => KIND_LABELS[kind] ?? kind;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** What the job is about, when its payload says it in a few words: the mail's number, or the event it handles. */
export function jobSubject(job: Pick<AdminJob, 'kind' | 'payload'>): string | null {
  const { payload } = job;
  if (typeof payload.mailId === 'number') return `Mail no. ${payload.mailId}`;
  const event = payload.event;
  if (isRecord(event) && typeof event.type === 'string') {
    return typeof event.subject === 'string' ? `After ${event.type} of ${event.subject}` : `After ${event.type}`;
  }
  return null;
}

export interface JobListState {
  filter: JobFilter;
  /** The page after the job with this id; null for the newest. */
  before: number | null;
}

const JOB_PAGE_SIZE = 50;

export function jobStateFrom(search: URLSearchParams): JobListState {
  const state = search.get('state');
  const before = Number(search.get('before'));
  return {
    filter: JOB_FILTERS.includes(state as JobFilter) ? (state as JobFilter) : 'dead',
    before: Number.isSafeInteger(before) && before >= 1 ? before : null,
  };
}

export function jobSearchOf(state: JobListState): URLSearchParams {
  const search = new URLSearchParams();
  if (state.filter !== 'dead') search.set('state', state.filter);
  if (state.before !== null) search.set('before', String(state.before));
  return search;
}

/** `GET /admin/jobs`'s query, as the typed client takes it. */
export function jobQueryOf(state: JobListState): AdminJobListQuery {
  return {
    ...(state.filter === 'all' ? {} : { state: state.filter }),
    limit: JOB_PAGE_SIZE,
    ...(state.before === null ? {} : { before: state.before }),
  };
}

/** The filter's option: its label and how many jobs it holds ("Failed (3)"). */
export function filterOptionText(filter: JobFilter, counts: AdminJobList['counts'] | undefined): string {
  if (!counts) return JOB_FILTER_LABELS[filter];
  const count = filter === 'all' ? counts.dead + counts.queued + counts.running + counts.done : counts[filter];
  return `${JOB_FILTER_LABELS[filter]} (${count})`;
}

/** Failed jobs first (what staff act on), else newest first as the API answers. */
export function deadFirst(jobs: readonly AdminJob[]): AdminJob[] {
  return [...jobs].sort((a, b) => Number(b.state === 'dead') - Number(a.state === 'dead'));
}

/** The "When" column's words: when a waiting job runs, since when one runs, when one ended. */
export function jobTimeLabel(job: Pick<AdminJob, 'state'>): string {
  switch (job.state) {
    case 'queued':
      return 'Runs';
    case 'running':
      return 'Started';
    case 'done':
      return 'Done on';
    case 'dead':
      return 'Gave up on';
  }
}

export const jobTime = (job: Pick<AdminJob, 'state' | 'runAt' | 'finishedAt'>): number =>
  job.state === 'queued' || job.state === 'running' ? job.runAt : (job.finishedAt ?? job.runAt);

/** The sentence when a filter holds no job. */
export function emptyJobsText(filter: JobFilter): string {
  if (filter === 'dead') return 'No failed jobs: everything the shop had to do after a change went through, or is still being tried.';
  if (filter === 'all') return 'No jobs yet.';
  return `No ${JOB_FILTER_LABELS[filter].toLowerCase()} jobs.`;
}

/** The news after a retry. */
export const retriedText = (job: Pick<AdminJob, 'id' | 'kind'>): string =>
  `${jobKindLabel(job.kind)} (job ${job.id}) is queued again and runs in a moment.`;

/** How the retry button reads aloud: which job it retries. */
export const retryLabel = (job: Pick<AdminJob, 'id' | 'kind'>): string => `Retry ${jobKindLabel(job.kind)}, job ${job.id}`;
