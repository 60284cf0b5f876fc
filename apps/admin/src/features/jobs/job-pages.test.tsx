/**
 * The jobs page as HTML (the admin tests run in Node), from data in the query cache as the API would
 * answer it: failed jobs first with their error, tries and a Retry button named after the job, the
 * filter with its counts, and the empty and loading lists.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { AdminJob, AdminJobList } from '@kedai/contract';
import { jobStateFrom } from './job-view';
import { JobsPage } from './JobsPage';
import { jobPageKey } from './queries';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

const job = (overrides: Partial<AdminJob>): AdminJob => ({
  id: 12,
  kind: 'mail.deliver',
  payload: { mailId: 40 },
  state: 'dead',
  runAt: 1_900_000_000,
  attempts: 10,
  maxAttempts: 10,
  lastError: 'connect ECONNREFUSED 127.0.0.1:25',
  createdAt: 1_899_990_000,
  finishedAt: 1_900_000_100,
  ...overrides,
});

function render(route: string, data?: AdminJobList) {
  const client = new QueryClient();
  const search = new URLSearchParams(route.split('?')[1] ?? '');
  if (data) client.setQueryData(jobPageKey(jobStateFrom(search)), data);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path="/jobs" element={<JobsPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const counts = { queued: 1, running: 0, done: 3, dead: 1 };

describe('the jobs page', () => {
  it('lists every job with failed ones first: the work in words, tries, last error, and Retry only on failed ones', () => {
    const html = render('/jobs?state=all', {
      jobs: [job({ id: 13, state: 'done', lastError: null, attempts: 1 }), job({})],
      counts,
      nextBefore: null,
    });
    const rows = text(html);
    expect(rows.indexOf('job 12')).toBeLessThan(rows.indexOf('job 13'));
    expect(rows).toContain('E-mail delivery Mail no. 40 · job 12 Failed 10 of 10 connect ECONNREFUSED 127.0.0.1:25 Gave up on');
    expect(rows).toContain('Done 1 of 10 None Done on');
    expect(html.match(/aria-label="Retry E-mail delivery, job 12"/g)).toHaveLength(1);
    expect(html).not.toContain('job 13"');
    expect(rows).toContain('Failed (1)');
    expect(rows).toContain('All jobs (5)');
  });

  it('opens on the failed jobs, and says so when there is none', () => {
    const html = render('/jobs', { jobs: [], counts: { ...counts, dead: 0 }, nextBefore: null });
    expect(html).toContain('<option value="dead" selected="">Failed (0)</option>');
    expect(text(html)).toContain('No failed jobs');
  });

  it('links to older jobs when there are more', () => {
    const html = render('/jobs?state=done', { jobs: [job({ state: 'done' })], counts, nextBefore: 12 });
    expect(html).toContain('href="/jobs?state=done&amp;before=12"');
  });

  it('says it is loading before the list comes', () => {
    expect(text(render('/jobs'))).toContain('Loading the jobs…');
  });
});
