/**
 * The audit log as an owner reads it (issue 30), at both sizes: opened from the navigation, each
 * entry says in words who did what, the object linked to its page, and what changed; the filter
 * form finds the owner's own two-factor set-up (a security event every run makes: the demo owner
 * sets it up at the run's first sign-in), keeps its state in the address through a reload, and
 * says so when nothing matches.
 */
import { expect, test } from '@playwright/test';
import { signInAsDemoOwner } from './admin-sign-in';
import { shoot } from './support';

const OWNER = 'owner@kedai.example';

test('an owner finds their two-factor set-up in the audit log by action and e-mail, in words', async ({ page }, info) => {
  await signInAsDemoOwner(page);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await expect(page.getByRole('table', { name: /Changes, newest first/ })).toBeVisible();

  await page.getByLabel('Action').selectOption('tfa.enabled');
  await page.getByLabel(/^Object/).fill(OWNER);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/action=tfa\.enabled/);
  await expect(page).toHaveURL(/object=owner%40kedai\.example/);

  const entry = page.getByRole('row', { name: new RegExp(`Turned on two-factor sign-in for ${OWNER.replace('.', '\\.')}`) }).first();
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('Two-factor sign-in: from No → to Yes');
  // The object's name links its page; the person's, their other changes.
  await expect(entry.getByRole('rowheader').getByRole('link', { name: OWNER, exact: true })).toHaveAttribute('href', '/staff');
  await expect(entry.getByRole('link', { name: /show only this person's changes/ })).toHaveAttribute('href', /actorId=/);
  await shoot(page, info, 'admin-audit-filtered', { fullPage: true });

  // The filter is the address's: a reload keeps it.
  await page.reload();
  await expect(page.getByLabel('Action')).toHaveValue('tfa.enabled');
  await expect(page.getByLabel(/^Object/)).toHaveValue(OWNER);
  await expect(entry).toBeVisible();

  // Nothing from a day still to come.
  await page.getByLabel('From').fill('2099-01-01');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByText('No changes match this filter.')).toBeVisible();
  await page.getByRole('link', { name: 'Clear the filter' }).click();
  await expect(page).toHaveURL(/\/audit$/);
  await expect(page.getByLabel('Action')).toHaveValue('');
});
