import { expect, test } from '@playwright/test';
import { api, shoot } from './support';

interface Product {
  uuid: string;
  paramName: string;
  name: string;
  disabled: boolean;
  variants: { name: string; options: string[]; images?: (string | null)[] }[];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Issue 13: choosing a colour shows that colour's picture, before any other variant is chosen. */
test('choosing a colour shows its picture', async ({ page, request }, info) => {
  const search = (await (await request.get(`${api}/product/search?q=laptop&limit=50`)).json()) as { products: { uuid: string }[] };
  let found: { product: Product; colour: Product['variants'][number] } | undefined;
  for (const { uuid } of search.products) {
    const product = (await (await request.get(`${api}/product/one/${uuid}`)).json()) as Product;
    const colour = product.variants.find((v) => v.name === 'Colour' && v.images?.every(Boolean));
    if (!product.disabled && colour && colour.options.length >= 2) {
      found = { product, colour };
      break;
    }
  }
  if (!found) throw new Error('the demo catalogue has no product with colour pictures');
  const { product, colour } = found;

  await page.goto(`/product/${product.paramName}`);
  const mainImage = page.getByRole('main').locator('img[fetchpriority="high"]');
  const group = page.getByRole('group', { name: /^Colour/ });
  for (const index of [1, 0]) {
    await group.getByRole('radio', { name: new RegExp(`^${escape(colour.options[index]!)}( |$)`) }).check();
    await expect(mainImage).toHaveAttribute('src', new RegExp(escape(colour.images![index]!.replace(/\.svg$/, ''))));
  }
  await shoot(page, info, 'product-colour');
});

/** Issue 13: the product page says what delivery to the shopper's country costs and how long it takes. */
test('the product page quotes delivery to the shopper’s country', async ({ page, request }, info) => {
  const search = (await (await request.get(`${api}/product/search?inStock=true&limit=5`)).json()) as {
    products: { paramName: string }[];
  };
  await page.goto(`/product/${search.products[0]!.paramName}`);
  const delivery = page.getByRole('region', { name: 'Delivery' });
  await expect(delivery).toContainText(
    /(Delivery to Singapore: SGD\s?4\.00, free on orders from SGD\s?60\.00)|(Free delivery to Singapore)/,
  );
  await expect(delivery).toContainText('Arrives in 1–3 working days after dispatch.');
  await delivery.scrollIntoViewIfNeeded();
  await shoot(page, info, 'product-delivery');
});
