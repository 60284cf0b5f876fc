import { expect, test } from '@playwright/test';
import { mailedCode, shoot, totpAt } from './support';

const currentStep = () => Math.floor(Date.now() / 30_000);

/** A code for a step after `usedStep` (a code works once): waits for the next step when needed. */
async function freshCode(key: string, usedStep: number): Promise<{ code: string; step: number }> {
  while (currentStep() <= usedStep) await new Promise((resolve) => setTimeout(resolve, 500));
  const step = currentStep();
  return { code: totpAt(key, step), step };
}

test('a shopper registers, verifies, turns on two-factor, and signs in again with it back to the page that needed it', async ({
  page,
  request,
}, info) => {
  test.setTimeout(180_000); // a TOTP code works once: the second sign-in may wait for the next 30 s step
  const email = `e2e.${info.project.name}.${Date.now().toString(36)}@example.com`;
  const password = 'Rahsia123!';

  // Register.
  await page.goto('/register');
  await page.locator('main').getByLabel('First name').fill('Siti');
  await page.locator('main').getByLabel('Last name').fill('Nurhaliza');
  await page.locator('main').getByLabel('E-mail').fill(email);
  await page.locator('main').getByLabel('Password', { exact: true }).fill(password);
  await page.locator('main').getByLabel('Country', { exact: true }).selectOption('SG');
  // A national number, read in the country chosen above.
  await page.locator('main').getByLabel('Mobile phone number').fill('9123 4567');
  await page.locator('main').getByLabel('Date of birth').fill('1990-05-17');
  await page.locator('main').getByLabel('Female').check();
  await page
    .locator('main')
    .getByLabel(/accept the terms/i)
    .check();
  await shoot(page, info, 'register');
  await page.getByRole('button', { name: /create account|register/i }).click();

  // Verify with the code from the outbox.
  await expect(page).toHaveURL(/\/verify_email/);
  await page
    .locator('main')
    .getByLabel('Verification code')
    .fill(await mailedCode(request, email));
  await page.getByRole('button', { name: /verify/i }).click();
  // Verifying in the browser that registered signs the shopper in: no second trip through sign-in.
  await expect(page.getByRole('button', { name: /Siti/ })).toBeVisible();
  await expect(page).not.toHaveURL(/\/(verify_email|sign_in)/);

  // Turn on two-factor: the test is the authenticator app, reading the manual key off the page.
  await page.goto('/two_factor');
  await page.getByRole('button', { name: /set up/i }).click();
  await expect(page.getByRole('img', { name: /QR code/i })).toBeVisible();
  const key = (await page.getByTestId('tfa-manual-key').innerText()).trim();
  const first = await freshCode(key, -1);
  await page.locator('main').getByLabel(/code/i).fill(first.code);
  await shoot(page, info, 'two-factor-setup');
  await page.getByRole('button', { name: /turn on|verify|confirm/i }).click();
  await expect(page.getByText(/two-factor authentication is on/i).first()).toBeVisible();

  // Sign out: back home, signed out.
  await page.getByRole('button', { name: /Siti/ }).click();
  await page
    .getByRole('menuitem', { name: /sign out/i })
    .or(page.getByRole('button', { name: /sign out/i }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/$/);
  // Signed out, the header's account link leads to sign in again.
  await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Account' })).toHaveAttribute(
    'href',
    '/sign_in',
  );

  // A page that needs sign-in sends the shopper to sign in, then through the second factor, then back.
  await page.goto('/profile/password?from=e2e#form');
  await expect(page).toHaveURL(/\/sign_in/);
  await page.locator('main').getByLabel('E-mail').fill(email);
  await page.locator('main').getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page).toHaveURL(/\/two_factor\/verify/);
  const second = await freshCode(key, first.step);
  await page.locator('main').getByLabel('Authentication code').fill(second.code);
  await shoot(page, info, 'two-factor-verify');
  await page.getByRole('button', { name: /verify|continue|sign in/i }).click();
  await expect(page).toHaveURL(/\/profile\/password\?from=e2e#form$/);
  await expect(page.getByRole('heading', { name: /password/i }).first()).toBeVisible();
});

test('a wrong password is told plainly, without saying whether the e-mail exists', async ({ page }) => {
  await page.goto('/sign_in');
  await page.locator('main').getByLabel('E-mail').fill(`nobody.${Date.now()}@example.com`);
  await page.locator('main').getByLabel('Password', { exact: true }).fill('Wrong123!');
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your e-mail or password is incorrect. Please try again.' })).toBeVisible();
});

test('one of the most common passwords is refused on registering, saying why', async ({ page }) => {
  await page.goto('/register');
  await page.locator('main').getByLabel('First name').fill('Siti');
  await page.locator('main').getByLabel('Last name').fill('Nurhaliza');
  await page
    .locator('main')
    .getByLabel('E-mail')
    .fill(`common.${Date.now().toString(36)}@example.com`);
  await page.locator('main').getByLabel('Password', { exact: true }).fill('Password123');
  await page.locator('main').getByLabel('Country', { exact: true }).selectOption('SG');
  await page.locator('main').getByLabel('Mobile phone number').fill('9123 4567');
  await page.locator('main').getByLabel('Date of birth').fill('1990-05-17');
  await page.locator('main').getByLabel('Female').check();
  await page
    .locator('main')
    .getByLabel(/accept the terms/i)
    .check();
  await page.getByRole('button', { name: /create account|register/i }).click();
  await expect(page.getByText('This password is one of the most commonly used and easy to guess. Please choose another.')).toBeVisible();
  await expect(page).toHaveURL(/\/register/);
});
