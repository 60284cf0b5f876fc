import { expect, test, type Page } from '@playwright/test';
import { api, shoot } from './support';

interface Summary {
  uuid: string;
  paramName: string;
  name: string;
  hasVariants: boolean;
  priceRange: Record<string, { min: number; max: number }>;
}
interface SearchResult {
  products: Summary[];
  facets: { priceBands: { min: number; max: number | null; count: number }[] };
}
interface Product {
  variants: { name: string; options: string[] }[];
  variantPaths: Record<string, { price: Record<string, number>; stock: number }>;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const sgd = (minor: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'SGD', minimumFractionDigits: 2 }).format(minor / 100);

/**
 * Follows a facet link. On a phone the filters are a drawer (once the page's scripts run): open it,
 * tap the filter, then "Show N results" takes the shopper back to the results.
 */
async function followFacet(page: Page, group: string, href: RegExp) {
  const facets = page.getByRole('group', { name: group });
  const onPhone = (page.viewportSize()?.width ?? 1280) < 896;
  if (onPhone && !(await facets.isVisible())) {
    await expect(page.locator('.facets__open')).toBeVisible(); // the drawer's button, once scripts run
    await page.getByRole('button', { name: /^Filters/ }).click();
  }
  for (const link of await facets.locator('a[href]').all()) {
    if (!href.test((await link.getAttribute('href')) ?? '')) continue;
    await link.click();
    await expect(page).toHaveURL(href);
    if (onPhone)
      await page
        .getByRole('dialog', { name: 'Filters' })
        .getByRole('button', { name: /^Show \d/ })
        .click();
    return;
  }
  throw new Error(`no ${group} facet link matching ${href}`);
}

test('a shopper finds a laptop despite a typo, narrows the results, compares variants and comes back', async ({ page, request }, info) => {
  // The data this journey needs, read from the API the page uses: a laptop with variants at
  // different prices within one price band of the typo search in Electronics.
  const base = `${api}/product/search?q=lapton&category=electronics&limit=100`;
  const all = (await (await request.get(base)).json()) as SearchResult;
  let band: { min: number; max: number | null } | undefined;
  let pick: Summary | undefined;
  let product: Product | undefined;
  const inStockPrices = (p: Product) =>
    new Set(
      Object.values(p.variantPaths)
        .filter((v) => v.stock > 0)
        .map((v) => v.price.SG),
    );
  search: for (const candidate of all.facets.priceBands.filter((b) => b.count > 0 && b.max !== null)) {
    const inBand = (await (await request.get(`${base}&minPrice=${candidate.min}&maxPrice=${candidate.max}`)).json()) as SearchResult;
    for (const summary of inBand.products.filter((p) => p.hasVariants && p.priceRange.SG!.min !== p.priceRange.SG!.max)) {
      const detail = (await (await request.get(`${api}/product/one/${summary.uuid}`)).json()) as Product;
      if (inStockPrices(detail).size > 1) {
        [band, pick, product] = [candidate, summary, detail];
        break search;
      }
    }
  }
  expect(pick, 'the demo catalogue has a laptop whose variants in stock differ in price').toBeDefined();
  const paths = Object.entries(product!.variantPaths).filter(([, v]) => v.stock > 0);
  const first = paths[0]!;
  const second = paths.find(([, v]) => v.price.SG !== first[1].price.SG)!;

  // Home.
  await page.goto('/');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('main')).toBeVisible();
  await shoot(page, info, 'home');

  // Search with a typo from the header.
  const box = page.getByRole('combobox', { name: /search products/i });
  await box.fill('lapton');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=lapton/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Showing results for laptop');
  await expect(page.getByRole('main').getByRole('article').first()).toContainText(/laptop/i);
  await shoot(page, info, 'search');

  // Narrow by category, then by price.
  await followFacet(page, 'Category', /category=electronics(&|$)/);
  await expect(page).toHaveURL(/category=electronics/);
  await followFacet(page, 'Price', new RegExp(`minPrice=${band!.min}&maxPrice=${band!.max}`));
  await expect(page).toHaveURL(new RegExp(`minPrice=${band!.min}`));
  const resultsUrl = page.url();
  const resultNames = await page.getByRole('main').getByRole('article').getByRole('heading').allTextContents();
  expect(resultNames).toContain(pick!.name);

  // Open the laptop.
  await page.getByRole('main').getByRole('link', { name: pick!.name, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: pick!.name })).toBeVisible();
  const offer = page.getByRole('main').locator('[aria-live="polite"]').first();
  await expect(offer).toContainText(`${sgd(pick!.priceRange.SG!.min)} – ${sgd(pick!.priceRange.SG!.max)}`);

  // Choose one variant, then another at a different price: price and stock follow the choice.
  const choose = async (path: string) => {
    const indexes = path.split('/').map(Number);
    for (const [i, variant] of product!.variants.entries()) {
      // The legend names the choice once made ("Colour: Mint"); a sold-out option says so after its name.
      const group = page.getByRole('group', { name: new RegExp(`^${escape(variant.name)}(:|$)`) });
      await group.getByRole('radio', { name: new RegExp(`^${escape(variant.options[indexes[i]!]!)}( |$)`) }).check();
    }
  };
  const stockText = (stock: number) => (stock <= 5 ? new RegExp(`Only ${stock} left`) : /In stock/);
  await choose(first[0]);
  await expect(offer).toContainText(sgd(first[1].price.SG!));
  await expect(offer).toContainText(stockText(first[1].stock));
  await expect(page).toHaveURL(new RegExp(`v=${first[0].replace('/', '(/|%2F)')}`));
  await choose(second[0]);
  await expect(offer).toContainText(sgd(second[1].price.SG!));
  await expect(offer).toContainText(stockText(second[1].stock));
  const soldOut = Object.entries(product!.variantPaths).find(([, v]) => v.stock === 0);
  if (soldOut) {
    await choose(soldOut[0]);
    await expect(offer).toContainText(/Sold out/);
    await choose(second[0]);
  }
  await shoot(page, info, 'product');

  // Back: the same results page, same filters, same products.
  await page.goBack();
  await expect(page).toHaveURL(resultsUrl);
  await expect(page.getByRole('main').getByRole('article').getByRole('heading')).toHaveText(resultNames);
});

test('"tshirt", "t shirt" and "t-shirt" from the header find the T-shirts the shop writes "T-Shirt"', async ({ page, request }) => {
  const hyphenated = (await (await request.get(`${api}/product/search?q=t-shirt&limit=100`)).json()) as SearchResult;
  const tShirts = hyphenated.products.map((p) => p.name);
  expect(tShirts.length, 'the demo catalogue sells T-shirts').toBeGreaterThan(0);
  await page.goto('/');
  for (const typed of ['tshirt', 't shirt', 't-shirt']) {
    const box = page.getByRole('combobox', { name: /search products/i });
    await box.fill(typed);
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${encodeURIComponent(typed).replace('%20', '(%20|\\+)')}`));
    const names = page.getByRole('main').getByRole('article').getByRole('heading');
    // "t shirt" also finds other shirts ("t" is a stop word), after the T-shirts.
    if (typed === 't shirt') await expect(names.first()).toContainText(/T-Shirt/);
    else await expect(names).toHaveText(tShirts.map((name) => new RegExp(escape(name))));
  }
});

test('the results page survives a reload and back/forward keeps each state', async ({ page }) => {
  await page.goto('/search?q=laptop&sort=price_asc');
  const sort = page.getByRole('combobox', { name: 'Sort by' });
  await expect(sort).toHaveValue('price_asc');
  await sort.selectOption('price_desc');
  await expect(page).toHaveURL(/sort=price_desc/);
  await page.goBack();
  await expect(page).toHaveURL(/sort=price_asc/);
  await expect(sort).toHaveValue('price_asc');
  await page.goForward();
  await expect(page).toHaveURL(/sort=price_desc/);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_desc');
});

test('unknown products and categories are real 404 pages', async ({ page }) => {
  for (const path of ['/product/no-such-thing', '/category/no.such.category']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('main')).toContainText(/not|find/i);
  }
});
