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

  // Japan: a postal code with a letter O for a zero is refused beside the field, with Japan's example, then corrected.
  await addButton.click();
  await field('Country').selectOption('JP');
  await expect(field('City')).toHaveCount(0); // Japanese addresses have no city line
  await expect(main.getByText('For example 090-1234-5678 or +81 90 1234 5678.', { exact: true })).toBeVisible(); // the phone hint is Japan's
  // The Singapore number the form started with is told at once not to be a Japanese one.
  await expect(main.getByText('Enter a phone number of Japan, for example 090-1234-5678 or +81 90 1234 5678.')).toBeVisible();
  await field('Street address').fill('1-1 Chiyoda');
  await field('Prefecture').selectOption({ label: 'Tokyo' });
  await field('Postal code').fill('150-00O1');
  await field('Phone number').fill('03-1234-5678'); // written as in Japan
  // Checked as typed once visited (the phone field took the focus from it).
  const jpPostal = main.getByText('“150-00O1” is not a postal code in Japan. It should look like 154-0023.');
  await expect(jpPostal).toBeVisible();
  await submit.click();
  await expect(field('Postal code')).toHaveAttribute('aria-invalid', 'true');
  await expect(field('Postal code')).toBeFocused();
  await shoot(page, info, 'address-jp-error', { fullPage: true });
  // Typed without its hyphen, it is written the Japanese way once the field is left.
  await field('Postal code').fill('1000001');
  await field('Postal code').blur();
  await expect(field('Postal code')).toHaveValue('100-0001');
  await expect(main.getByText(/is not a postal code in Japan/)).toHaveCount(0);
  await submit.click();
  await expect(main.getByText('Address added.')).toBeVisible();

  // United States: the state left out, then chosen.
  await addButton.click();
  await field('Country').selectOption('US');
  await field('Street address').fill('1600 Amphitheatre Pkwy');
  await field('City').fill('Mountain View');
  await field('ZIP code').fill('94043'); // the US form says ZIP code
  await field('Phone number').fill('(650) 253-0000');
  await submit.click();
  await expect(main.getByText('Choose a state or region of this country.')).toBeVisible();
  await expect(field('State')).toBeFocused();
  await field('State').selectOption('CA');
  await submit.click();
  await expect(main.getByText('Address added.')).toBeVisible();

  // Singapore: five digits are not a Singapore postal code; the message says what one looks like.
  await addButton.click();
  await field('Country').selectOption('SG');
  await expect(field('State')).toHaveCount(0);
  await field('Street address').fill('1 Raffles Place');
  await field('Unit, floor or building').fill('#12-34');
  await field('Postal code').fill('07990');
  await field('Phone number').fill('6123 4567');
  await submit.click();
  await expect(main.getByText('“07990” is not a postal code in Singapore. It should look like 546080.')).toBeVisible();
  await expect(field('Postal code')).toBeFocused();
  await field('Postal code').fill('048616');
  await submit.click();
  await expect(main.getByText('Address added.')).toBeVisible();

  // The United Kingdom: a code one letter too long is refused; typed in lower case without its space, it is stored as written.
  await addButton.click();
  await field('Country').selectOption('GB');
  await field('Street address').fill('221B Baker Street');
  await field('Post town').fill('London');
  await field('Postal code').fill('NW1 6XEE');
  await field('Phone number').fill('07400 123456');
  await submit.click();
  await expect(main.getByText('“NW1 6XEE” is not a postal code in United Kingdom. It should look like EC1Y 8SY.')).toBeVisible();
  await field('Postal code').fill('nw16xe');
  await submit.click();
  await expect(main.getByText('Address added.')).toBeVisible();

  // All four, each in its country's format: the first one added is main and first, then the newest.
  const cards = main.getByTestId('address-card');
  await expect(cards).toHaveCount(4);
  const lines = (index: number) => cards.nth(index).getByTestId('address-lines').locator('span');
  await expect(lines(0)).toHaveText(['Siti Nurhaliza', '1-1 Chiyoda', 'Tokyo', '100-0001', 'Japan', '+81312345678']);
  await expect(cards.nth(0).getByText('Main address', { exact: true })).toBeVisible();
  await expect(lines(1)).toHaveText(['Siti Nurhaliza', '221B Baker Street', 'London', 'NW1 6XE', 'United Kingdom', '+447400123456']);
  await expect(lines(2)).toHaveText(['Siti Nurhaliza', '1 Raffles Place', '#12-34', 'Singapore 048616', '+6561234567']);
  await expect(lines(3)).toHaveText([
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
  await cards.nth(2).getByRole('button', { name: 'Make main' }).click();
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
  await expect(cards).toHaveCount(3);
  await expect(main.getByText('Mountain View')).toHaveCount(0);

  // The book is the server's: a reload shows the same three, Singapore main.
  await page.reload();
  await expect(cards).toHaveCount(3);
  await expect(lines(0)).toContainText(['Singapore 048616']);
  await expect(lines(1)).toContainText(['NW1 6XE']);
  await expect(lines(2)).toContainText(['Tokyo']);
});
