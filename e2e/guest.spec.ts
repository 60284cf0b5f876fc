import { expect, test } from '@playwright/test';
import { api, fillSignIn, journeyEmail, registerVerified, shoot } from './support';

interface Summary {
  uuid: string;
  paramName: string;
  name: string;
  price: Record<string, number>;
  sourceMarketPlace: string | null;
}
interface Product extends Summary {
  stock: number;
  disabled: boolean;
  variants: { name: string; options: string[] }[];
  variantPaths: Record<string, { stock: number }>;
}

/**
 * Issue 13, defect 2: a visitor's add to cart survives signing in. They choose a variant, quantity 2
 * and a note and press Add to cart; the sign-in page says why it is needed; once signed in they are
 * back on the product, told the line was added, and the cart holds it as asked. The same for the
 * wishlist heart.
 */
test('a visitor’s add to cart is finished after signing in, with its variant, quantity and note', async ({ page, request }, info) => {
  test.setTimeout(120_000);
  const search = (await (await request.get(`${api}/product/search?inStock=true&limit=100`)).json()) as {
    products: Summary[];
    region: string;
  };
  let chosen: { product: Product; path: string } | undefined;
  for (const summary of search.products.filter((p) => p.price[search.region] !== undefined && !p.sourceMarketPlace)) {
    const product = (await (await request.get(`${api}/product/one/${summary.uuid}`)).json()) as Product;
    const path = Object.entries(product.variantPaths).find(
      ([key, entry]) => entry.stock >= 2 && product.variants.length > 0 && key.split('/').length === product.variants.length,
    )?.[0];
    if (!product.disabled && path) {
      chosen = { product, path };
      break;
    }
  }
  if (!chosen) throw new Error('the seed has no product with a variant of 2 or more in stock');
  const { product, path } = chosen;
  const email = journeyEmail('guest', info);
  const password = 'Rahsia123!';
  await registerVerified(request, email, password, { firstName: 'Siti', lastName: 'Aminah', birthDate: '1990-05-06' });

  const main = page.locator('main');
  await page.goto(`/product/${product.paramName}?v=${path}`);
  const addButton = main.getByRole('button', { name: 'Add to cart' });
  await expect(addButton).toBeEnabled();
  await main.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
  await main.getByRole('textbox', { name: /note to the seller/i }).fill('Two for the twins');
  await addButton.click();

  await page.waitForURL(/\/sign_in$/);
  await expect(main.getByRole('status').filter({ hasText: `Sign in to add 2 × ${product.name} to your cart.` })).toBeVisible();
  await shoot(page, info, 'guest-sign-in-why');
  await fillSignIn(page, email, password);

  await page.waitForURL((url) => url.pathname === `/product/${product.paramName}`);
  const status = main.getByRole('status').filter({ hasText: /to your cart/ });
  await expect(status).toContainText(`Added 2 × ${product.name}`);
  await expect(status).toContainText('You now have 2 in your cart');
  await shoot(page, info, 'guest-added-after-sign-in');

  await page.goto('/cart');
  const line = main.locator('[data-cart-item]');
  await expect(line).toHaveCount(1);
  await expect(line.getByRole('spinbutton')).toHaveValue('2');
  await expect(line).toContainText('Two for the twins');
  const options = path
    .split('/')
    .map((index, i) => `${product.variants[i]!.name}: ${product.variants[i]!.options[Number(index)]}`)
    .join(', ');
  await expect(line).toContainText(options);

  // Taken once: going back to the product does not add it again.
  await page.goto(`/product/${product.paramName}`);
  await expect(main.getByText(/This product is in your/)).toBeVisible();
  await expect(main.getByRole('status').filter({ hasText: /Added/ })).toHaveCount(0);
});

test('a visitor’s wishlist heart is finished after signing in', async ({ page, request }, info) => {
  const search = (await (await request.get(`${api}/product/search?limit=5`)).json()) as { products: Summary[] };
  const product = search.products[0]!;
  const email = journeyEmail('guest-wish', info);
  const password = 'Rahsia123!';
  await registerVerified(request, email, password, { firstName: 'Arif', lastName: 'Rahman', birthDate: '1988-01-02' });

  const main = page.locator('main');
  await page.goto(`/product/${product.paramName}`);
  const heart = main.getByRole('button', { name: /wishlist/i });
  await expect(heart).toBeEnabled();
  await heart.click();
  await page.waitForURL(/\/sign_in$/);
  await expect(main.getByText(`Sign in to save ${product.name} to your wishlist.`)).toBeVisible();
  await fillSignIn(page, email, password);
  await page.waitForURL((url) => url.pathname === `/product/${product.paramName}`);
  await expect(main.getByText(`Saved ${product.name} to your wishlist.`)).toBeVisible();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
});
