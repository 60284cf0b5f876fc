/** The jobs page's reads: a page of jobs, and the count of failed ones for the navigation. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { jobQueryOf, type JobListState } from './job-view';

/** Every read of the jobs starts with this key, so a retry refreshes them all (the badge too). */
export const JOBS_KEY = ['jobs'] as const;
export const jobPageKey = (state: JobListState) => [...JOBS_KEY, 'page', state.filter, state.before] as const;
export const DEAD_JOBS_KEY = [...JOBS_KEY, 'dead-count'] as const;

export const useJobs = (state: JobListState) =>
  useQuery({
    queryKey: jobPageKey(state),
    queryFn: ({ signal }) => api.get('/admin/jobs', { query: jobQueryOf(state), signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** How many jobs failed for good (null until known, or when it cannot be read); read again every minute. */
export function useDeadJobCount(): number | null {
  const count = useQuery({
    queryKey: DEAD_JOBS_KEY,
    queryFn: ({ signal }) => api.get('/admin/jobs', { query: { state: 'dead', limit: 1 }, signal }),
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
  return count.data?.counts.dead ?? null;
}
