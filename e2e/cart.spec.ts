import { expect, test, type APIRequestContext } from '@playwright/test';
import { api, journeyEmail, registerVerified, shoot, signInThroughPage } from './support';

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
 * stock, and two products without variants with 3 to 998 in stock (so a quantity above the stock
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
    } else if (product.variants.length === 0 && product.stock >= 3 && product.stock <= 998 && plain.length < 2) {
      plain.push(product);
    }
  }
  if (!withVariants || plain.length < 2) throw new Error('the seed has no products for the cart journey');
  return { variantProduct: withVariants.product, paths: withVariants.paths, twice: plain[0]!, bought: plain[1]! };
}

test('a shopper fills a cart: two variants, one product twice, the cart selected as it opens, buy now, a quantity beyond stock, and a wishlist', async ({
  page,
  request,
}, info) => {
  test.setTimeout(180_000);
  const { variantProduct, paths, twice, bought } = await pickProducts(request);
  const email = journeyEmail('cart', info);
  const password = 'Rahsia123!';
  await registerVerified(request, email, password, { firstName: 'Wei', lastName: 'Ling', birthDate: '1991-03-02' });

  await signInThroughPage(page, email, password, 'Wei');

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
  // By keyboard: focus stays on Add to cart while it works and after (not dropped to the page).
  await page.goto(`/product/${twice.paramName}`);
  await expect(addButton).toBeEnabled();
  await addButton.focus();
  await page.keyboard.press('Enter');
  await expect(status).toContainText('You now have 1 in your cart');
  await expect(addButton).toBeFocused();
  await main.getByRole('textbox', { name: /note to the seller/i }).fill('Please wrap it as a gift');
  await addButton.click();
  await expect(status).toContainText('You now have 2 in your cart');
  await expect(main.getByText(/This product is in your/)).toBeVisible();
  await shoot(page, info, 'product-added-to-cart');

  // The cart opens with every available line selected, so it shows what it would cost.
  await page.goto('/cart');
  await expect(main.locator('[data-cart-item]')).toHaveCount(3);
  for (const box of await main.locator('[data-cart-item]').getByRole('checkbox').all()) await expect(box).toBeChecked();
  await expect(main.getByText('Subtotal (4 items)')).toBeVisible();
  await expect(page.getByTestId('cart-count')).toContainText('4');
  await shoot(page, info, 'cart-opened');

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

  // A quantity beyond the stock is not kept: the line says how many are left and offers that many.
  const quantity = twiceLine.getByRole('spinbutton');
  await quantity.fill(String(twice.stock + 1));
  await quantity.press('Enter');
  await expect(twiceLine.getByRole('alert')).toHaveText(`Only ${twice.stock} left, so ${twice.stock + 1} cannot be bought.`);
  await expect(quantity).toHaveValue('2');
  await shoot(page, info, 'cart-above-stock');
  await twiceLine.getByRole('button', { name: `Buy ${twice.stock} instead` }).click();
  await expect(quantity).toHaveValue(String(twice.stock));
  await expect(twiceLine.getByRole('alert')).toHaveCount(0);
  // One count everywhere: the header badge and the summary agree once every line is selected.
  await main.getByRole('checkbox', { name: /Select all available/ }).check();
  const units = 1 + 1 + twice.stock + 1;
  await expect(page.getByTestId('cart-count')).toContainText(units > 99 ? '99+' : String(units));
  await expect(main.getByText(`Subtotal (${units} items)`)).toBeVisible();

  // 0 asks before removing; keeping the line puts focus back on its quantity.
  await quantity.fill('0');
  await quantity.press('Enter');
  await expect(twiceLine.getByRole('group', { name: `Remove ${twice.name}?` })).toBeFocused();
  await twiceLine.getByRole('button', { name: 'Keep it' }).click();
  await expect(quantity).toBeFocused();
  await expect(quantity).toHaveValue(String(twice.stock));
  // Lines are checked, so checkout can start (issue 16).
  await expect(main.getByRole('button', { name: 'Checkout' })).toBeEnabled();

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
