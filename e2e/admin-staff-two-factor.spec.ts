/**
 * A staff member's lost two-factor in the back office (issue 27 §1, decision 0021), at both sizes:
 * staff set it up at their first sign-in and save their recovery codes; the code prompt offers a
 * recovery code, never a reset by e-mail; Your account (their name in the header) says how many
 * codes are left and makes new ones; an owner resets it on the Staff screen after a
 * confirmation, which signs the member out, and their next sign-in sets it up again.
 */
import { expect, test, type Page } from '@playwright/test';
import { admin, signInAsDemoOwner } from './admin-sign-in';
import { journeyEmail, registerVerified, shoot, totpAt } from './support';

const person = { firstName: 'Rahmat', lastName: 'Hidayat', birthDate: '1988-08-08' };
const password = 'Staf-Kedai-2026!';

async function signInToBackOffice(page: Page, email: string) {
  await page.goto(`${admin}/`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('an owner resets a staff member’s two-factor, who sets it up again at the next sign-in', async ({ page, browser, request }, info) => {
  test.setTimeout(180_000);
  const email = journeyEmail('staff-tfa', info);
  await registerVerified(request, email, password, person);

  // The owner adds the account to the staff.
  await signInAsDemoOwner(page);
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await nav.getByRole('link', { name: 'Staff' }).click();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Add and e-mail the link' }).click();
  await expect(page.getByText(/was added as staff/)).toBeVisible();

  // The member's first sign-in sets up two-factor and shows the recovery codes once.
  const { viewport, isMobile, hasTouch, userAgent, deviceScaleFactor } = info.project.use;
  const memberContext = await browser.newContext({ viewport, isMobile, hasTouch, userAgent, deviceScaleFactor });
  const member = await memberContext.newPage();
  await signInToBackOffice(member, email);
  await member.getByRole('button', { name: 'Set it up now' }).click();
  const key = ((await member.getByTestId('tfa-manual-key').textContent()) ?? '').replace(/\s/g, '');
  const setUpStep = Math.floor(Date.now() / 30_000);
  await member.getByLabel('Code from your authenticator app').fill(totpAt(key, setUpStep));
  await member.getByRole('button', { name: 'Turn on and continue' }).click();
  await expect(member.getByRole('heading', { name: 'Save your recovery codes' })).toBeFocused();
  await expect(member.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await shoot(member, info, 'admin-staff-recovery-codes', { fullPage: true });
  await member.getByLabel('I have saved these codes somewhere safe').check();
  await member.getByRole('button', { name: 'Continue to the back office' }).click();
  await expect(member.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();

  // Their name opens Your account: the codes left, and ten new ones with the password and a code.
  await member.getByRole('link', { name: /your account/ }).click();
  await expect(member.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await expect(member.getByText('You have 10 recovery codes left.', { exact: false })).toBeVisible();
  await member.getByRole('button', { name: 'Make new recovery codes' }).click();
  await member.getByLabel('Password').fill(password);
  // A code is taken once: the next step's (within the accepted drift) after the set-up's.
  await member.getByLabel('Code from your authenticator app').fill(totpAt(key, Math.max(setUpStep + 1, Math.floor(Date.now() / 30_000))));
  await member.getByRole('button', { name: 'Make new codes' }).click();
  await expect(member.getByRole('heading', { name: 'Save your recovery codes' })).toBeFocused();
  await expect(member.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await member.getByLabel('I have saved these codes somewhere safe').check();
  await member.getByRole('button', { name: 'Done' }).click();
  await expect(member.getByText('Your new recovery codes are saved.', { exact: false })).toBeVisible();
  await shoot(member, info, 'admin-account', { fullPage: true });

  // The owner resets it, after a confirmation that says what it means; not offered on their own row.
  await page.reload();
  // By address: each size's journey adds its own member of the same name.
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row.getByText('Set up', { exact: true })).toBeVisible();
  const own = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /\(you\)/ }) });
  await expect(own.getByRole('button', { name: 'Reset two-factor' })).toHaveCount(0);
  await row.getByRole('button', { name: 'Reset two-factor' }).click();
  const question = page.getByRole('alert').filter({ hasText: 'two-factor authentication?' });
  await expect(question).toBeFocused();
  await expect(question).toContainText('must set it up again');
  await shoot(page, info, 'admin-staff-tfa-reset-confirm');
  await question.getByRole('button', { name: /^Reset .*two-factor$/ }).click();
  await expect(page.getByText(/two-factor authentication was reset/)).toBeVisible();
  await expect(row.getByText('Not set up yet')).toBeVisible();

  // The member was signed out; signing in again asks to set two-factor up, with no reset by e-mail anywhere.
  await member.reload();
  await expect(member.getByRole('heading', { level: 1, name: 'Sign in to the back office' })).toBeVisible();
  await signInToBackOffice(member, email);
  await expect(member.getByRole('heading', { level: 1, name: 'Set up two-factor authentication' })).toBeVisible();
  await memberContext.close();
});
