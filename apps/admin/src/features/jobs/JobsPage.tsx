import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminJob, AdminJobList } from '@kedai/contract';
import { api } from '../../lib/api';
import { errorText, statusOf } from '../../lib/errors';
import { Alert, LoadError, Loading } from '../../ui/Alert';
import { SelectField } from '../../ui/Field';
import { PageHeading } from '../../ui/PageHeading';
import { when } from '../products/reference';
import {
  JOB_FILTERS,
  deadFirst,
  emptyJobsText,
  filterOptionText,
  jobBadge,
  jobKindLabel,
  jobSearchOf,
  jobStateFrom,
  jobSubject,
  jobTime,
  jobTimeLabel,
  retriedText,
  retryLabel,
  type JobFilter,
  type JobListState,
} from './job-view';
import { JOBS_KEY, useJobs } from './queries';

interface Notice {
  tone: 'error' | 'success';
  title?: string;
  text: string;
  n: number;
}

/**
 * `/jobs`: the work the shop does after a change (an order's e-mail, …). A job is tried again with
 * growing waits; one that failed every try is Failed and waits for staff, who fix the cause (the mail
 * server, an address) and retry it. Opens on the failed jobs; the filter is in the address.
 */
export function JobsPage() {
  const [search, setSearch] = useSearchParams();
  const state = jobStateFrom(search);
  const list = useJobs(state);
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<Notice | null>(null);
  const tell = (next: Omit<Notice, 'n'>) => setNotice((old) => ({ ...next, n: (old?.n ?? 0) + 1 }));

  const retry = useMutation({
    mutationFn: (job: AdminJob) => api.post('/admin/jobs/:id/retry', { params: { id: String(job.id) } }),
    onMutate: () => setNotice(null),
    onSuccess: (job) => {
      tell({ tone: 'success', text: retriedText(job) });
      void queryClient.invalidateQueries({ queryKey: JOBS_KEY });
    },
    onError: (failed) => {
      const status = statusOf(failed);
      tell({ tone: 'error', title: 'The job was not retried', text: errorText(failed) });
      // Another member retried it first, or it is gone: show the list as it is now.
      if (status === 404 || status === 409) void queryClient.invalidateQueries({ queryKey: JOBS_KEY });
    },
  });

  return (
    <>
      <PageHeading title="Jobs" />
      <p className="hint">
        Work the shop does after a change, such as sending an order&rsquo;s e-mail. A job that fails is tried again later, waiting longer
        each time; after its last try it is <strong>Failed</strong> and waits for you. Fix what its error names (for e-mail, the mail server
        or the address), then retry it.
      </p>
      <form role="search" aria-label="Jobs" className="filters" onSubmit={(event) => event.preventDefault()}>
        <SelectField
          id="job-state"
          label="Show"
          value={state.filter}
          onChange={(e) => {
            setNotice(null);
            setSearch(jobSearchOf({ filter: e.target.value as JobFilter, before: null }));
          }}
        >
          {JOB_FILTERS.map((filter) => (
            <option key={filter} value={filter}>
              {filterOptionText(filter, list.data?.counts)}
            </option>
          ))}
        </SelectField>
      </form>

      {notice ? (
        <Alert key={notice.n} tone={notice.tone} title={notice.title} focusOnShow>
          <p>{notice.text}</p>
        </Alert>
      ) : null}
      {list.isPending ? <Loading what="Loading the jobs…" /> : null}
      {list.isError ? <LoadError message={errorText(list.error)} onRetry={() => void list.refetch()} /> : null}
      {list.data ? (
        <JobTable
          data={list.data}
          state={state}
          updating={list.isFetching}
          retrying={retry.isPending ? retry.variables?.id : undefined}
          onRetry={(job) => retry.mutate(job)}
        />
      ) : null}
    </>
  );
}

interface TableProps {
  data: AdminJobList;
  state: JobListState;
  updating: boolean;
  /** The job whose retry is being sent. */
  retrying: number | undefined;
  onRetry: (job: AdminJob) => void;
}

/** A page of jobs as a table (or the sentence saying there is none), failed ones first, with a link to older ones. */
function JobTable({ data, state, updating, retrying, onRetry }: TableProps) {
  const newest = `?${jobSearchOf({ ...state, before: null }).toString()}`;
  if (data.jobs.length === 0) {
    return (
      <>
        <p role="status">{emptyJobsText(state.filter)}</p>
        {state.before !== null ? <Link to={newest}>Go to the newest jobs</Link> : null}
      </>
    );
  }
  return (
    <>
      {updating ? (
        <p role="status" className="hint">
          Updating…
        </p>
      ) : null}
      <div className="table-scroll" role="region" aria-labelledby="jobs-caption" tabIndex={0}>
        <table>
          <caption id="jobs-caption">{state.before === null ? 'Jobs, newest first' : 'Older jobs'}</caption>
          <thead>
            <tr>
              <th scope="col">Job</th>
              <th scope="col">Status</th>
              <th scope="col" className="number">
                Tries
              </th>
              <th scope="col">Last error</th>
              <th scope="col">When</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {deadFirst(data.jobs).map((job) => (
              <JobRow key={job.id} job={job} retrying={retrying === job.id} onRetry={onRetry} />
            ))}
          </tbody>
        </table>
      </div>
      <p className="pager">
        {state.before !== null ? <Link to={newest}>Newest jobs</Link> : null}{' '}
        {data.nextBefore !== null ? <Link to={`?${jobSearchOf({ ...state, before: data.nextBefore }).toString()}`}>Older jobs</Link> : null}
      </p>
    </>
  );
}

function JobRow({ job, retrying, onRetry }: { job: AdminJob; retrying: boolean; onRetry: (job: AdminJob) => void }) {
  const badge = jobBadge(job);
  const subject = jobSubject(job);
  const at = when(jobTime(job));
  return (
    <tr>
      <th scope="row">
        {jobKindLabel(job.kind)}
        <span className="hint block">
          {subject ? `${subject} · ` : ''}job {job.id}
        </span>
      </th>
      <td>
        <span className={badge.className}>{badge.label}</span>
      </td>
      <td className="number">
        {job.attempts} of {job.maxAttempts}
      </td>
      <td className="break prewrap">{job.lastError ?? <span className="hint">None</span>}</td>
      <td>
        {jobTimeLabel(job)} <time dateTime={at.iso}>{at.text}</time>
      </td>
      <td>
        {job.state === 'dead' ? (
          <button type="button" className="button" aria-label={retryLabel(job)} disabled={retrying} onClick={() => onRetry(job)}>
            {retrying ? 'Retrying…' : 'Retry'}
          </button>
        ) : null}
      </td>
    </tr>
  );
}
