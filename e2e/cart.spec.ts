import { expect, test, type APIRequestContext } from '@playwright/test';
import { api, registerVerified, shoot } from './support';

interface Summary {
  uuid: string;
  paramName: string;
  name: string;
  hasVariants: boolean;
  inStock: boolean;
  price: Record<string, number>;
  sourceMarketPlace: string | null;
}
interface Product extends Summary {
  stock: number;
  disabled: boolean;
  variants: { name: string; options: string[] }[];
  variantPaths: Record<string, { price: Record<string, number>; stock: number }>;
}

/**
 * The data this journey needs, read from the API the pages use: a product with two variant paths in
 * stock, and two products without variants with 2 to 998 in stock (so a quantity above the stock
 * is still a valid quantity), all priced in the region the pages show.
 */
async function pickProducts(request: APIRequestContext) {
  const search = (await (await request.get(`${api}/product/search?inStock=true&limit=100`)).json()) as {
    products: Summary[];
    region: string;
  };
  const region = search.region;
  const candidates = search.products.filter((p) => p.price[region] !== undefined && !p.sourceMarketPlace);
  let withVariants: { product: Product; paths: [string, string] } | undefined;
  const plain: Product[] = [];
  for (const summary of candidates) {
    if (withVariants && plain.length >= 2) break;
    const product = (await (await request.get(`${api}/product/one/${summary.uuid}`)).json()) as Product;
    if (product.disabled) continue;
    if (product.variants.length > 0 && !withVariants) {
      const inStock = Object.entries(product.variantPaths)
        .filter(([path, entry]) => entry.stock >= 1 && path.split('/').length === product.variants.length)
        .map(([path]) => path);
      if (inStock.length >= 2) withVariants = { product, paths: [inStock[0]!, inStock[1]!] };
    } else if (product.variants.length === 0 && product.stock >= 2 && product.stock <= 998 && plain.length < 2) {
      plain.push(product);
    }
  }
  if (!withVariants || plain.length < 2) throw new Error('the seed has no products for the cart journey');
  return { variantProduct: withVariants.product, paths: withVariants.paths, twice: plain[0]!, bought: plain[1]! };
}

test('a shopper fills a cart: two variants, one product twice, buy now, a quantity beyond stock, and a wishlist', async ({
  page,
  request,
}, info) => {
  test.setTimeout(180_000);
  const { variantProduct, paths, twice, bought } = await pickProducts(request);
  const email = `e2e.cart.${info.project.name}.${Date.now().toString(36)}@example.com`;
  const password = 'Rahsia123!';
  await registerVerified(request, email, password, { firstName: 'Wei', lastName: 'Ling', birthDate: '1991-03-02' });

  await page.goto('/sign_in');
  await page.locator('main').getByLabel('E-mail').fill(email);
  await page.locator('main').getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByRole('button', { name: /Wei/ })).toBeVisible();

  const main = page.locator('main');
  const addButton = main.getByRole('button', { name: 'Add to cart' });
  const status = main.getByRole('status').filter({ hasText: /to your cart/ });

  // Two variants of one product: two lines.
  for (const path of paths) {
    await page.goto(`/product/${variantProduct.paramName}?v=${path}`);
    await expect(addButton).toBeEnabled();
    await addButton.click();
    await expect(status).toContainText(`Added 1 × ${variantProduct.name}`);
  }

  // One product twice: one line with quantity 2.
  await page.goto(`/product/${twice.paramName}`);
  await expect(addButton).toBeEnabled();
  await addButton.click();
  await expect(status).toContainText('You now have 1 in your cart');
  await main.getByRole('textbox', { name: /note to the seller/i }).fill('Please wrap it as a gift');
  await addButton.click();
  await expect(status).toContainText('You now have 2 in your cart');
  await expect(main.getByText(/This product is in your/)).toBeVisible();
  await shoot(page, info, 'product-added-to-cart');

  // Buy now: the cart opens with that line, and only that line, selected and in view.
  await page.goto(`/product/${bought.paramName}`);
  await main.getByRole('button', { name: 'Buy now' }).click();
  await page.waitForURL(/\/cart\?itemId=[0-9a-f-]{36}$/);
  const itemId = new URL(page.url()).searchParams.get('itemId')!;
  const boughtLine = main.locator(`[data-cart-item="${itemId}"]`);
  await expect(boughtLine).toContainText(bought.name);
  await expect(boughtLine.getByRole('checkbox')).toBeChecked();
  await expect(boughtLine).toBeFocused();
  await expect(boughtLine).toBeInViewport();

  // The cart: four lines; the product added twice is one line of 2, with its note.
  await expect(main.locator('[data-cart-item]')).toHaveCount(4);
  const twiceLine = main.locator('[data-cart-item]').filter({ hasText: twice.name });
  await expect(twiceLine).toHaveCount(1);
  await expect(twiceLine.getByRole('spinbutton')).toHaveValue('2');
  await expect(twiceLine).toContainText('Please wrap it as a gift');
  for (const path of paths) {
    const options = path
      .split('/')
      .map((index, i) => `${variantProduct.variants[i]!.name}: ${variantProduct.variants[i]!.options[Number(index)]}`)
      .join(', ');
    await expect(main.locator('[data-cart-item]').filter({ hasText: options })).toHaveCount(1);
  }
  await shoot(page, info, 'cart-buy-now');

  // A quantity beyond the stock: marked not available, and its checkbox can no longer be checked.
  await twiceLine.getByRole('checkbox').check();
  await expect(twiceLine.getByRole('checkbox')).toBeChecked();
  const quantity = twiceLine.getByRole('spinbutton');
  await quantity.fill(String(twice.stock + 1));
  await quantity.press('Enter');
  await expect(twiceLine).toContainText('Not available in this quantity');
  await expect(twiceLine.getByRole('checkbox')).toBeDisabled();
  await expect(twiceLine.getByRole('checkbox')).not.toBeChecked();
  await expect(quantity).toHaveValue(String(twice.stock + 1));
  // The bought line is still selected.
  await expect(boughtLine.getByRole('checkbox')).toBeChecked();
  await expect(main.getByRole('button', { name: 'Checkout' })).toBeDisabled();
  await shoot(page, info, 'cart-unavailable');

  // Wishlist a product and find it on /wishlist through the header link.
  await page.goto(`/product/${variantProduct.paramName}`);
  const heart = main.getByRole('button', { name: /wishlist/i });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(main.getByText('Saved to your wishlist.')).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Account' })
    .getByRole('link', { name: /wishlist/i })
    .click();
  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(main.getByRole('heading', { name: variantProduct.name })).toBeVisible();
  await shoot(page, info, 'wishlist');
});
