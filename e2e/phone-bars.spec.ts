import { expect, test } from '@playwright/test';
import { api, journeyEmail, registerVerified, shoot, signInThroughPage } from './support';

interface Summary {
  uuid: string;
  paramName: string;
  name: string;
  hasVariants: boolean;
  price: Record<string, number>;
  sourceMarketPlace: string | null;
}

/**
 * Issue 13: on a phone the product page keeps its price and Add to cart, and the cart its total and
 * Checkout, in a bar at the bottom while the originals are scrolled away. Wide screens have no bar.
 */
test('the phone’s bar keeps Add to cart and the cart total in reach', async ({ page, request }, info) => {
  const search = (await (await request.get(`${api}/product/search?inStock=true&limit=100`)).json()) as {
    products: Summary[];
    region: string;
  };
  const plain = search.products.filter((p) => !p.hasVariants && p.price[search.region] !== undefined && !p.sourceMarketPlace);
  if (plain.length < 4) throw new Error('the demo catalogue has too few plain products in stock');
  const product = plain[0]!;
  const email = journeyEmail('bars', info);
  await registerVerified(request, email, 'Rahsia123!', { firstName: 'Mei', lastName: 'Tan', birthDate: '1993-07-08' });
  await signInThroughPage(page, email, 'Rahsia123!', 'Mei');

  await page.goto(`/product/${product.paramName}`);
  const bar = page.getByRole('region', { name: 'Buy this product' });
  if (info.project.name !== 'phone') {
    await expect(page.getByRole('main').getByRole('button', { name: 'Add to cart' })).toBeEnabled();
    await expect(bar).toBeHidden();
    return;
  }

  // The page's own button is below the gallery: the bar offers it with the price.
  await expect(bar).toBeVisible();
  await expect(bar).toContainText(/SGD|S\$/);
  await shoot(page, info, 'product-bar');
  await bar.getByRole('button', { name: 'Add to cart' }).click();
  await expect(bar).toContainText('Added');
  await expect(
    page
      .getByRole('main')
      .getByRole('status')
      .filter({ hasText: `Added 1 × ${product.name}` }),
  ).toBeAttached();
  // With the page's own buttons on screen, the bar steps aside.
  await page.getByRole('main').getByRole('button', { name: 'Add to cart' }).scrollIntoViewIfNeeded();
  await expect(bar).toBeHidden();

  // Three more, so the cart's summary is below its lines.
  for (const more of plain.slice(1, 4)) {
    await page.goto(`/product/${more.paramName}`);
    await bar.getByRole('button', { name: 'Add to cart' }).click();
    await expect(bar).toContainText('Added');
  }

  await page.goto('/cart');
  const cartBar = page.getByRole('region', { name: 'Cart total' });
  await expect(page.getByRole('main').locator('[data-cart-item]')).toHaveCount(4);
  await expect(cartBar).toBeVisible();
  await expect(cartBar).toContainText('Subtotal (4 items)');
  await expect(cartBar.getByRole('button', { name: 'Checkout' })).toBeVisible();
  await shoot(page, info, 'cart-bar');
  await page.getByRole('complementary', { name: 'Summary' }).scrollIntoViewIfNeeded();
  await expect(cartBar).toBeHidden();
});
