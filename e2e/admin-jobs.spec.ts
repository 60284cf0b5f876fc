/**
 * The back office's jobs (issue 28): staff open Jobs from the navigation (its badge counts the failed
 * ones), see a job that failed for good with its error and tries, retry it, and are told it is queued
 * again, which the Waiting filter then shows.
 *
 * The failed job: the e2e shop runs without MAIL_URL, so no mail job is queued, and a journey cannot
 * reach the embedded database the API holds open. The development tools' `POST /dev/failed_job`
 * (loopback only, as the outbox other journeys read) makes one: an example job the runner records
 * dead after its one try. No runner of the app knows its kind, so once retried it stays queued.
 */
import { expect, test } from '@playwright/test';
import { signInAsDemoOwner } from './admin-sign-in';
import { caller, shoot } from './support';

test('staff see a failed job with its error, retry it, and find it waiting to run', async ({ page }, info) => {
  const api = await caller(page.context());
  const { job } = (await api.post('/dev/failed_job')) as { job: { id: number; state: string } };
  expect(job.state).toBe('dead');
  const row = (name: RegExp | string) => page.getByRole('row', { name });
  const ours = new RegExp(`job ${job.id}\\b`);

  await signInAsDemoOwner(page);
  const jobsLink = page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: /^Jobs/ });
  await expect(jobsLink).toContainText(/failed/);
  await jobsLink.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
  // It opens on the failed jobs.
  await expect(page.getByLabel('Show', { exact: true })).toHaveValue('dead');
  await expect(row(ours)).toContainText('Example job (development tools)');
  await expect(row(ours)).toContainText('Failed');
  await expect(row(ours)).toContainText('1 of 1');
  await expect(row(ours)).toContainText('fails on purpose');
  await shoot(page, info, 'admin-jobs-failed', { fullPage: true });

  await row(ours)
    .getByRole('button', { name: `Retry Example job (development tools), job ${job.id}` })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'queued again' })).toContainText(
    `Example job (development tools) (job ${job.id}) is queued again and runs in a moment.`,
  );
  await expect(row(ours)).toHaveCount(0);

  await page.getByLabel('Show', { exact: true }).selectOption('queued');
  await expect(page).toHaveURL(/state=queued/);
  await expect(row(ours)).toContainText('Waiting');
  await expect(row(ours)).toContainText('0 of 1');
  await expect(row(ours).getByRole('button')).toHaveCount(0);
  await shoot(page, info, 'admin-jobs-retried', { fullPage: true });
});
