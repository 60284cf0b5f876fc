import { expect, test } from '@playwright/test';
import { registerVerified, shoot } from './support';

test('a shopper keeps an address book: Japanese, US and Singapore addresses, each mistake corrected from the error shown; make main; delete', async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  const email = `e2e.addr.${info.project.name}.${Date.now().toString(36)}@example.com`;
  const password = 'Rahsia123!';
  await registerVerified(request, email, password, { firstName: 'Siti', lastName: 'Nurhaliza', birthDate: '1990-05-17' });

  // Sign in, then reach the address book from the account menu.
  await page.goto('/sign_in');
  await page.locator('main').getByLabel('E-mail').fill(email);
  await page.locator('main').getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.getByRole('button', { name: /Siti/ }).click();
  await page.getByRole('link', { name: 'Addresses' }).click();
  await expect(page).toHaveURL(/\/profile\/addresses$/);
  const main = page.locator('main');
  await expect(main.getByText('You have no saved addresses yet.')).toBeVisible();

  // A label's required mark (" *") is hidden from assistive technology; match the name with or without it.
  const field = (label: string) => main.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));
  const addButton = main.getByRole('button', { name: 'Add an address' });
  const submit = main.getByRole('button', { name: 'Add address', exact: true });

  // Japan: a postal code of four digits is refused beside the field, then corrected.
  await addButton.click();
  await field('Country').selectOption('JP');
  await expect(field('City')).toHaveCount(0); // Japanese addresses have no city line
  await field('Street address').fill('1-1 Chiyoda');
  await field('Prefecture').selectOption({ label: 'Tokyo' });
  await field('Postal code').fill('1234');
  await field('Phone number').fill('+81 3-1234-5678');
  // Checked as typed once visited (the phone field took the focus from it).
  await expect(main.getByText('Postal code must be 3 to 16 characters')).toBeVisible();
  await submit.click();
  await expect(field('Postal code')).toHaveAttribute('aria-invalid', 'true');
  await expect(field('Postal code')).toBeFocused();
  await shoot(page, info, 'address-jp-error', { fullPage: true });
  await field('Postal code').fill('100-0001');
  await expect(main.getByText('Postal code must be 3 to 16 characters')).toHaveCount(0);
  await submit.click();
  await expect(main.getByText('Address added.')).toBeVisible();

  // United States: the state left out, then chosen.
  await addButton.click();
  await field('Country').selectOption('US');
  await field('Street address').fill('1600 Amphitheatre Pkwy');
  await field('City').fill('Mountain View');
  await field('Postal code').fill('94043');
  await field('Phone number').fill('+1 650-253-0000');
  await submit.click();
  await expect(main.getByText('Please choose a valid state or region for this country')).toBeVisible();
  await expect(field('State')).toBeFocused();
  await field('State').selectOption('CA');
  await submit.click();
  await expect(main.getByText('Address added.')).toBeVisible();

  // Singapore: five digits are not a Singapore postal code.
  await addButton.click();
  await field('Country').selectOption('SG');
  await expect(field('State')).toHaveCount(0);
  await field('Street address').fill('1 Raffles Place');
  await field('Unit, floor or building').fill('#12-34');
  await field('Postal code').fill('04861');
  await field('Phone number').fill('+65 6123 4567');
  await submit.click();
  await expect(main.getByText('Postal code must be 3 to 16 characters')).toBeVisible();
  await expect(field('Postal code')).toBeFocused();
  await field('Postal code').fill('048616');
  await submit.click();
  await expect(main.getByText('Address added.')).toBeVisible();

  // All three, each in its country's format: the first one added is main and first, then the newest.
  const cards = main.getByTestId('address-card');
  await expect(cards).toHaveCount(3);
  const lines = (index: number) => cards.nth(index).getByTestId('address-lines').locator('span');
  await expect(lines(0)).toHaveText(['Siti Nurhaliza', '1-1 Chiyoda', 'Tokyo', '100-0001', 'Japan', '+81312345678']);
  await expect(cards.nth(0).getByText('Main address', { exact: true })).toBeVisible();
  await expect(lines(1)).toHaveText(['Siti Nurhaliza', '1 Raffles Place', '#12-34', 'Singapore 048616', '+6561234567']);
  await expect(lines(2)).toHaveText([
    'Siti Nurhaliza',
    '1600 Amphitheatre Pkwy',
    'Mountain View, California 94043',
    'United States',
    '+16502530000',
  ]);
  await shoot(page, info, 'address-book', { fullPage: true });

  // Edit the Japanese address: the form opens with its values (the prefecture chosen by its code).
  await cards.nth(0).getByRole('button', { name: 'Edit' }).click();
  await expect(main.getByRole('heading', { name: 'Edit address' })).toBeFocused();
  await expect(field('Country')).toHaveValue('JP');
  await expect(field('Prefecture')).toHaveValue('13');
  await expect(field('Postal code')).toHaveValue('100-0001');
  await field('Unit, floor or building').fill('Room 501');
  await main.getByRole('button', { name: 'Save address' }).click();
  await expect(main.getByText('Address saved.')).toBeVisible();
  await expect(lines(0)).toHaveText(['Siti Nurhaliza', '1-1 Chiyoda', 'Room 501', 'Tokyo', '100-0001', 'Japan', '+81312345678']);

  // Make the Singapore address main: it moves first and takes the mark.
  await cards.nth(1).getByRole('button', { name: 'Make main' }).click();
  await expect(main.getByText('Main address changed.')).toBeVisible();
  await expect(lines(0)).toContainText(['Singapore 048616']);
  await expect(cards.nth(0).getByText('Main address', { exact: true })).toBeVisible();
  await expect(main.getByText('Main address', { exact: true })).toHaveCount(1);

  // Delete the US address, after confirming.
  const usCard = cards.filter({ hasText: 'Mountain View' });
  await usCard.getByRole('button', { name: 'Delete' }).click();
  await expect(usCard.getByText('Delete this address?')).toBeVisible();
  await expect(usCard.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await usCard.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(main.getByText('Address deleted.')).toBeVisible();
  await expect(cards).toHaveCount(2);
  await expect(main.getByText('Mountain View')).toHaveCount(0);

  // The book is the server's: a reload shows the same two, Singapore main.
  await page.reload();
  await expect(cards).toHaveCount(2);
  await expect(lines(0)).toContainText(['Singapore 048616']);
  await expect(lines(1)).toContainText(['Tokyo']);
});
