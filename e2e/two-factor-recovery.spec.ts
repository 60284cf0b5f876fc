/**
 * Two-factor recovery as a shopper meets it (issue 27 §1, decision 0021), at both sizes: the
 * recovery codes shown once when two-factor is turned on; signing in with one, told how many are
 * left; a reset by e-mail that is only scheduled, told on the code page at the next sign-in; and
 * the "this was not me" link of the notice e-mail that cancels it. The test is the authenticator
 * app (it reads the typed key off the page) and reads the mails from the development outbox.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { api, fillSignIn, journeyEmail, registerVerified, shoot, signInThroughPage, totpAt } from './support';

const person = { firstName: 'Wati', lastName: 'Santoso', birthDate: '1991-03-14' };
const password = 'Pulih-Kode-2026!';

/** The newest mail to `email` holding a storefront link to `path`, as the link's token. */
async function mailedToken(request: APIRequestContext, email: string, path: string): Promise<string> {
  const pattern = new RegExp(`${path.replace(/\//g, '\\/')}\\?token=([^\\s"'<>)&]+)`);
  let token: string | undefined;
  await expect(async () => {
    const answer = await request.get(`${api}/dev/outbox?to=${encodeURIComponent(email)}`);
    expect(answer.ok()).toBe(true);
    const { messages } = (await answer.json()) as { messages: { text: string }[] };
    token = messages.map((message) => pattern.exec(message.text)?.[1]).find(Boolean);
    expect(token, `a mail to ${email} with a link to ${path}`).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  return decodeURIComponent(token!);
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: new RegExp(person.firstName) }).click();
  await page
    .getByRole('menuitem', { name: /sign out/i })
    .or(page.getByRole('button', { name: /sign out/i }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/$/);
}

test('a shopper saves recovery codes, signs in with one, and stops a reset by e-mail they did not ask for', async ({
  page,
  request,
  context,
}, info) => {
  test.setTimeout(180_000);
  const email = journeyEmail('tfa-recovery', info);
  await registerVerified(request, email, password, person);
  await signInThroughPage(page, email, password, person.firstName);

  // Turn on two-factor: the codes come right after the first code from the app, once.
  await page.goto('/two_factor');
  await page.getByRole('button', { name: 'Set up' }).click();
  const key = (await page.getByTestId('tfa-manual-key').innerText()).trim();
  await page
    .locator('main')
    .getByLabel('Code from your authenticator app')
    .fill(totpAt(key, Math.floor(Date.now() / 30_000)));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeFocused();
  const codes = (await page.getByTestId('recovery-codes').getByRole('listitem').allInnerTexts()).map((code) => code.trim());
  expect(codes).toHaveLength(10);
  for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
  await expect(page.getByRole('button', { name: 'Copy all' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download as text' })).toBeVisible();
  await shoot(page, info, 'tfa-recovery-codes', { fullPage: true });
  // Moving on needs "I have saved these codes".
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByText(/we cannot show them again/)).toBeVisible();
  await page.getByLabel('I have saved these codes somewhere safe').check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByText('Two-factor authentication is on.')).toBeVisible();
  await expect(page.getByTestId('recovery-codes-left')).toContainText('You have 10 recovery codes left.');

  // Sign in again with a recovery code instead of the app: told how many are left.
  await signOut(page);
  await page.goto('/sign_in');
  await fillSignIn(page, email, password);
  await expect(page).toHaveURL(/\/two_factor\/verify/);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await expect(page.getByLabel('Recovery code')).toBeFocused();
  await page.getByLabel('Recovery code').fill(codes[0]!.toUpperCase());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'You are signed in with a recovery code' })).toBeVisible();
  await expect(page.getByTestId('recovery-codes-left')).toContainText('You have 9 recovery codes left.');
  await expect(page.getByRole('link', { name: 'Make new recovery codes' })).toHaveAttribute('href', '/two_factor#recovery-codes');
  await shoot(page, info, 'tfa-recovery-code-used');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: new RegExp(person.firstName) })).toBeVisible();

  // Lost the authenticator: a reset by e-mail is scheduled, not done.
  await signOut(page);
  await page.goto('/sign_in');
  await fillSignIn(page, email, password);
  await expect(page).toHaveURL(/\/two_factor\/verify/);
  await page.getByRole('button', { name: 'Reset two-factor authentication by e-mail' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'We have e-mailed a link' })).toBeVisible();
  const resetToken = await mailedToken(request, email, '/two_factor/reset');
  await page.goto(`/two_factor/reset?token=${encodeURIComponent(resetToken)}`);
  await page.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
  const scheduled = page.getByRole('status').filter({ hasText: 'will be turned off on' });
  await expect(scheduled).toBeVisible();
  await expect(scheduled).toContainText('not turned off at once');
  await expect(page.getByText('Two-factor authentication is off.')).toHaveCount(0);
  await shoot(page, info, 'tfa-reset-scheduled');

  // Signing in with the password still asks for the second factor, and the code page says what is coming.
  await context.clearCookies();
  await page.goto('/sign_in');
  await fillSignIn(page, email, password);
  await expect(page).toHaveURL(/\/two_factor\/verify/);
  const notice = page.getByTestId('pending-reset-notice');
  await expect(notice).toContainText('Two-factor authentication will be turned off on');
  await expect(notice).toContainText('If that was not you');
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  await shoot(page, info, 'tfa-verify-pending-reset');

  // "This was not me" from the notice e-mail cancels it.
  const cancelToken = await mailedToken(request, email, '/two_factor/cancel_reset');
  await page.goto(`/two_factor/cancel_reset?token=${encodeURIComponent(cancelToken)}`);
  await page.getByRole('button', { name: 'This was not me — keep two-factor on' }).click();
  const cancelled = page.getByRole('status').filter({ hasText: 'Cancelled. Two-factor authentication stays on' });
  await expect(cancelled).toBeVisible();
  await expect(cancelled).toContainText('change it now');
  await shoot(page, info, 'tfa-reset-cancelled');

  // The code page no longer tells of a reset.
  const status = page.waitForResponse((response) => response.url().includes('/api/tfa/is_enabled') && response.ok());
  await page.goto('/two_factor/verify');
  await status;
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  await expect(page.getByTestId('pending-reset-notice')).toHaveCount(0);
});
