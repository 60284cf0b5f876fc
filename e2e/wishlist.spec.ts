import { expect, test, type Locator } from '@playwright/test';
import { api, journeyEmail, registerVerified, shoot, signInThroughPage } from './support';

interface Summary {
  uuid: string;
  paramName: string;
  name: string;
  hasVariants: boolean;
  price: Record<string, number>;
  sourceMarketPlace: string | null;
}

/** A row is laid out for reading: wide, its name not broken letter by letter, its price whole. */
async function expectReadableRow(row: Locator, minWidth: number) {
  const box = await row.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(minWidth);
  const nameBox = await row.getByRole('heading').boundingBox();
  expect(nameBox?.width ?? 0).toBeGreaterThanOrEqual(150);
  const price = row.getByTestId('wishlist-price');
  const cut = await price.evaluate((element) => element.scrollWidth > element.clientWidth);
  expect(cut).toBe(false);
  for (const button of await row.getByRole('button').all()) {
    const buttonBox = await button.boundingBox();
    expect(buttonBox?.height ?? 0).toBeLessThan(64);
  }
}

test('a shopper keeps a wishlist: rows laid out at both sizes, one product moved to the cart, one with options, one removed', async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  const search = (await (await request.get(`${api}/product/search?inStock=true&limit=100`)).json()) as {
    products: Summary[];
    region: string;
  };
  const priced = search.products.filter((p) => p.price[search.region] !== undefined);
  const plain = priced.filter((p) => !p.hasVariants).slice(0, 2);
  const withOptions = priced.find((p) => p.hasVariants);
  if (plain.length < 2 || !withOptions) throw new Error('the seed has no products for the wishlist journey');
  const [moved, removed] = plain as [Summary, Summary];

  const email = journeyEmail('wish', info);
  const password = 'Rahsia123!';
  await registerVerified(request, email, password, { firstName: 'Aisyah', lastName: 'Rahman', birthDate: '1994-08-21' });
  await signInThroughPage(page, email, password, 'Aisyah');

  const main = page.locator('main');
  for (const product of [withOptions, removed, moved]) {
    await page.goto(`/product/${product.paramName}`);
    const heart = main.getByRole('button', { name: /wishlist/i });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
  }

  await page.goto('/wishlist');
  const rows = main.getByRole('list', { name: 'Saved products' }).getByRole('listitem');
  await expect(rows).toHaveCount(3);
  const rowOf = (product: Summary) => rows.filter({ has: page.getByRole('heading', { name: product.name }) });
  const minWidth = info.project.name === 'phone' ? 330 : 600;
  for (const product of [moved, removed, withOptions]) await expectReadableRow(rowOf(product), minWidth);
  await shoot(page, info, 'wishlist-rows', { fullPage: true });

  // A product with options opens its page to choose them.
  await expect(rowOf(withOptions).getByRole('link', { name: /Choose options/ })).toHaveAttribute(
    'href',
    `/product/${withOptions.paramName}`,
  );

  // Move to cart: the product leaves the wishlist and the cart counts it.
  const move = rowOf(moved).getByRole('button', { name: /Move to cart/ });
  await move.click();
  await expect(main.getByRole('status')).toContainText(`${moved.name} was moved to your cart.`);
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('cart-count')).toContainText('1');
  await expect(main.getByRole('heading', { name: 'Your wishlist' })).toBeFocused();

  // Remove: gone from the list, and from the list the server keeps.
  await rowOf(removed)
    .getByRole('button', { name: /Remove/ })
    .click();
  await expect(main.getByRole('status')).toContainText(`${removed.name} was removed from your wishlist.`);
  await page.reload();
  await expect(rows).toHaveCount(1);
  await expect(rowOf(withOptions)).toBeVisible();

  await page.goto('/cart');
  await expect(main.locator('[data-cart-item]').filter({ hasText: moved.name })).toHaveCount(1);
});
