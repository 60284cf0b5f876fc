import { describe, expect, it } from 'vitest';
import type { AdminJob } from '@kedai/contract';
import {
  deadFirst,
  emptyJobsText,
  filterOptionText,
  jobKindLabel,
  jobQueryOf,
  jobSearchOf,
  jobStateFrom,
  jobSubject,
  jobTime,
  retriedText,
  retryLabel,
} from './job-view';

const job = (overrides: Partial<AdminJob> = {}): AdminJob => ({
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

describe('how a job is worded', () => {
  it('names the work in words, and a kind it does not know by its code name', () => {
    expect(jobKindLabel('mail.deliver')).toBe('E-mail delivery');
    expect(jobKindLabel('orders.expiry')).toBe('Cancelling unpaid orders past their time to pay');
    expect(jobKindLabel('search.reindex')).toBe('search.reindex');
  });

  it('says what it is about when the payload tells it cheaply', () => {
    expect(jobSubject(job())).toBe('Mail no. 40');
    expect(jobSubject(job({ kind: 'x.y', payload: { event: { type: 'order.paid', subject: 'abc' } } }))).toBe('After order.paid of abc');
    expect(jobSubject(job({ kind: 'x.y', payload: {} }))).toBeNull();
  });

  it('shows when a waiting job runs, and when a failed or done one ended', () => {
    expect(jobTime(job({ state: 'queued', finishedAt: null }))).toBe(1_900_000_000);
    expect(jobTime(job())).toBe(1_900_000_100);
  });

  it('tells of a retry, and its button says which job it retries', () => {
    expect(retriedText(job())).toBe('E-mail delivery (job 12) is queued again and runs in a moment.');
    expect(retryLabel(job())).toBe('Retry E-mail delivery, job 12');
  });

  it('lists failed jobs first, the rest as the API ordered them', () => {
    const jobs = [job({ id: 5, state: 'done' }), job({ id: 4, state: 'dead' }), job({ id: 3, state: 'queued' }), job({ id: 2 })];
    expect(deadFirst(jobs).map((one) => one.id)).toEqual([4, 2, 5, 3]);
  });

  it('counts each filter in its option', () => {
    const counts = { queued: 1, running: 0, done: 7, dead: 2 };
    expect(filterOptionText('dead', counts)).toBe('Failed (2)');
    expect(filterOptionText('all', counts)).toBe('All jobs (10)');
    expect(filterOptionText('queued', undefined)).toBe('Waiting');
  });

  it('says a filter is empty in words', () => {
    expect(emptyJobsText('dead')).toMatch(/^No failed jobs/);
    expect(emptyJobsText('done')).toBe('No done jobs.');
  });
});

describe('the page state in the address', () => {
  it('opens on the failed jobs, and keeps a filter and a page', () => {
    expect(jobStateFrom(new URLSearchParams(''))).toEqual({ filter: 'dead', before: null });
    expect(jobStateFrom(new URLSearchParams('state=queued&before=120'))).toEqual({ filter: 'queued', before: 120 });
    expect(jobStateFrom(new URLSearchParams('state=nonsense&before=-3'))).toEqual({ filter: 'dead', before: null });
    expect(jobSearchOf({ filter: 'dead', before: null }).toString()).toBe('');
    expect(jobSearchOf({ filter: 'all', before: 7 }).toString()).toBe('state=all&before=7');
  });

  it('asks the API for one state, or for every job', () => {
    expect(jobQueryOf({ filter: 'dead', before: null })).toEqual({ state: 'dead', limit: 50 });
    expect(jobQueryOf({ filter: 'all', before: 9 })).toEqual({ limit: 50, before: 9 });
  });
});
