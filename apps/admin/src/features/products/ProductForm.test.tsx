// @vitest-environment happy-dom
/**
 * The product editor as staff use it, in a DOM (happy-dom) with the back office's API client
 * replaced by spies: the name required, amounts per region checked before sending, variants added
 * and removed (and the table of their prices that follows), what a new product and an edit send
 * (an edit with the version it was read at), and the API's refusals in words. The draft's rules
 * alone are tested in product-form.test.ts.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import type { AdminProduct, Category, Merchant, Product, Region } from '@kedai/contract';
import { ApiError } from '@kedai/contract/client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STALE_PRODUCT_MESSAGE } from '../../lib/errors';
import { ProductForm } from './ProductForm';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../lib/api')>()), api }));

const regions: Region[] = [
  { key: 'SG', name: 'Singapore', currency: 'SGD', countries: ['SG'], priceBands: [] },
  { key: 'JP', name: 'Japan', currency: 'JPY', countries: ['JP'], priceBands: [] },
];
const categories: Category[] = [
  {
    id: '33333333-3333-4333-8333-333333333333',
    key: 'clothing',
    name: 'Clothing',
    path: 'clothing',
    parent: null,
    children: [],
    image: null,
  },
];
const merchants: Merchant[] = [
  {
    id: '22222222-2222-4222-8222-222222222222',
    slug: 'kain',
    name: 'Kain',
    description: '',
    logo: null,
    countryCode: 'SG',
    productCount: 1,
  },
];

const mug: Product = {
  uuid: '11111111-1111-4111-8111-111111111111',
  paramName: 'kopi-mug',
  name: 'Kopi mug',
  price: { SG: 1250 },
  priceRange: { SG: { min: 1250, max: 1250 } },
  priceCurrency: { SG: 'SGD' },
  mainImage: null,
  inStock: true,
  hasVariants: false,
  sourceMarketPlace: null,
  merchant: null,
  createdAt: 1_700_000_000,
  description: 'Holds kopi.',
  variants: [],
  variantPaths: {},
  stock: 7,
  images: [],
  sourceUrl: null,
  category: null,
  disabled: false,
  weight: 300,
};
const savedMug: AdminProduct = { product: mug, version: 3 };

function ProductPage() {
  const { id } = useParams();
  return <p>Product page of {id}</p>;
}

function edit(saved: AdminProduct | null, onReload = vi.fn(async () => {})) {
  const user = userEvent.setup({ delay: null });
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false }, queries: { retry: false } } });
  const form = (
    <ProductForm saved={saved} regions={regions} categories={categories} merchants={merchants} onReload={onReload} assetsUrl={undefined} />
  );
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[saved ? `/products/${saved.product.uuid}/edit` : '/products/new']}>
        <Routes>
          <Route path="/products/new" element={form} />
          <Route path="/products/:id/edit" element={form} />
          <Route path="/products/:id" element={<ProductPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user, onReload };
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
/** The problem said beside a field (its `aria-describedby` names it). */
const problemOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((element) => element?.classList.contains('field-error'))?.textContent ?? null;
/** The product's own stock field (a new product without variants only). */
const productStock = () => screen.queryByRole('textbox', { name: 'Stock' });
const summary = () => screen.getByRole('alert');

beforeEach(() => {
  for (const spy of Object.values(api)) spy.mockReset();
});

describe('a new product', () => {
  it('needs a name: the summary links to the field, the field says why, and nothing is sent', async () => {
    const { user } = edit(null);
    await user.click(screen.getByRole('button', { name: 'Create product' }));

    expect(within(summary()).getByText('The product was not saved')).toBeTruthy();
    const link = within(summary()).getByRole('link', { name: "Name: Enter the product's name" });
    expect(link.getAttribute('href')).toBe(`#${field('Name').id}`);
    expect(document.activeElement).toBe(summary());
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(problemOf(field('Name'))).toBe("Enter the product's name");
    expect(api.post).not.toHaveBeenCalled();
  });

  it('checks each region’s price in its own currency before sending', async () => {
    const { user } = edit(null);
    await user.type(field('Name'), 'Kopi mug');
    await user.type(field('Price in Singapore (SGD)'), '12.505');
    await user.type(field('Price in Japan (JPY)'), '15.5');
    await user.click(screen.getByRole('button', { name: 'Create product' }));

    expect(problemOf(field('Price in Singapore (SGD)'))).toBe('Enter an amount in SGD, such as 12.50');
    expect(problemOf(field('Price in Japan (JPY)'))).toBe('Enter an amount in JPY, such as 1500');
    expect(within(summary()).getByRole('link', { name: 'Price in SG: Enter an amount in SGD, such as 12.50' })).toBeTruthy();
    expect(field('Name').getAttribute('aria-invalid')).toBeNull();
    expect(api.post).not.toHaveBeenCalled();

    await user.clear(field('Price in Singapore (SGD)'));
    await user.type(field('Price in Singapore (SGD)'), '0');
    await user.clear(field('Price in Japan (JPY)'));
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(problemOf(field('Price in Singapore (SGD)'))).toBe('A price must be above zero');
    expect(problemOf(field('Price in Japan (JPY)'))).toBeNull();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('is created with prices in minor units and its stock, then its page opens', async () => {
    const { user } = edit(null);
    api.post.mockResolvedValue(savedMug);
    await user.type(field('Name'), '  Kopi mug ');
    await user.type(field('Price in Singapore (SGD)'), '12.50');
    await user.type(field('Stock'), '7');
    await user.type(field('Weight in grams'), '300');
    await user.selectOptions(screen.getByLabelText('Merchant'), 'Kain');
    await user.click(screen.getByRole('button', { name: 'Create product' }));

    expect(await screen.findByText(`Product page of ${mug.uuid}`)).toBeTruthy();
    expect(api.post).toHaveBeenCalledTimes(1);
    expect(api.post).toHaveBeenCalledWith('/admin/product', {
      body: {
        name: 'Kopi mug',
        description: '',
        categoryId: null,
        merchantId: merchants[0]!.id,
        sourceMarketPlace: null,
        sourceUrl: null,
        weight: 300,
        price: { SG: 1250 },
        variants: [],
        variantPaths: {},
        images: [],
        disabled: false,
        stock: 7,
      },
    });
  });

  it('variants: added with a name and options, priced per combination, and removed again', async () => {
    const { user } = edit(null);
    expect(screen.queryByRole('region', { name: 'Price and stock of each variant' })).toBeNull();
    expect(productStock()).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add a variant' }));
    expect(document.activeElement).toBe(field('Variant 1 name'));
    await user.type(field('Variant 1 name'), 'Colour');
    await user.type(screen.getByLabelText('Variant 1 options'), 'White{Enter}Blue');
    expect(screen.getByText('One per line (2 now).')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add a variant' }));
    await user.type(field('Variant 2 name'), 'Size');
    await user.type(screen.getByLabelText('Variant 2 options'), 'M');

    const table = screen.getByRole('region', { name: 'Price and stock of each variant' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Colour: White · Size: M', 'Colour: Blue · Size: M']);
    expect(productStock()).toBeNull(); // stock is per combination now

    await user.click(screen.getByRole('button', { name: 'Remove variant 1' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add a variant' }));
    expect(screen.queryByLabelText('Variant 2 name')).toBeNull();
    expect(field('Variant 1 name').value).toBe('Size');
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Size: M']);

    await user.click(screen.getByRole('button', { name: 'Remove variant 1' }));
    expect(screen.queryByRole('region', { name: 'Price and stock of each variant' })).toBeNull();
    expect(productStock()).toBeTruthy();
  });

  it('a variant without options, or a combination’s price it cannot read, is said where it is', async () => {
    const { user } = edit(null);
    await user.type(field('Name'), 'Linen shirt');
    await user.click(screen.getByRole('button', { name: 'Add a variant' }));
    await user.type(field('Variant 1 name'), 'Colour');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(problemOf(screen.getByLabelText('Variant 1 options'))).toBe('Give this variant at least one option');

    await user.type(screen.getByLabelText('Variant 1 options'), 'White');
    await user.type(screen.getByLabelText('Colour: White Price in SG (SGD)'), '29,90');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    const price = screen.getByLabelText('Colour: White Price in SG (SGD)');
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(problemOf(price)).toBe('Enter an amount in SGD, such as 12.50');
    expect(within(summary()).getByRole('link', { name: 'Colour: White: price in SG: Enter an amount in SGD, such as 12.50' })).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();

    api.post.mockResolvedValue(savedMug);
    await user.clear(price);
    await user.type(price, '29.90');
    await user.type(screen.getByLabelText('Colour: White Stock'), '4');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    expect(api.post.mock.calls[0]![1].body).toMatchObject({
      price: { SG: 2990 },
      variants: [{ name: 'Colour', options: ['White'] }],
      variantPaths: { '0': { price: { SG: 2990 }, stock: 4 } },
    });
  });
});

describe('a saved product', () => {
  it('"Save changes" sends PUT with the version it was read at, and says the changes were saved', async () => {
    const { user } = edit(savedMug);
    expect(field('Name').value).toBe('Kopi mug');
    expect(productStock()).toBeNull(); // changed in the Stock section, never by an edit
    api.put.mockResolvedValue({ product: { ...mug, name: 'Kopi mug, large' }, version: 4 });
    await user.clear(field('Name'));
    await user.type(field('Name'), 'Kopi mug, large');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Your changes were saved.')).toBeTruthy();
    expect(api.put).toHaveBeenCalledTimes(1);
    const [path, options] = api.put.mock.calls[0]!;
    expect(path).toBe('/admin/product/:id');
    expect(options.params).toEqual({ id: mug.uuid });
    expect(options.body).toMatchObject({ name: 'Kopi mug, large', price: { SG: 1250 }, version: 3 });
    expect(options.body).not.toHaveProperty('stock');

    // The next save is from the version the answer gave.
    api.put.mockResolvedValue({ product: mug, version: 5 });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.put).toHaveBeenCalledTimes(2));
    expect(api.put.mock.calls[1]![1].body.version).toBe(4);
  });

  it('changed by someone else meanwhile: says so and offers to reload', async () => {
    const { user, onReload } = edit(savedMug);
    api.put.mockRejectedValue(
      new ApiError({ errorCode: 'product/version_conflict', error: 'Changed since read', params: [] }, 409, '/admin/product/x'),
    );
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Not saved')).toBeTruthy();
    expect(within(alert).getByText(STALE_PRODUCT_MESSAGE)).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Reload the product' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it('a URL name another product has is said beside the field', async () => {
    const { user } = edit(savedMug);
    api.put.mockRejectedValue(
      new ApiError(
        { errorCode: 'product/param_name_taken', error: 'Another product already uses this URL name', params: [] },
        409,
        '/admin/product/x',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(problemOf(field('URL name'))).toBe('Another product already uses this URL name'));
    expect(within(summary()).getByRole('link', { name: 'URL name: Another product already uses this URL name' })).toBeTruthy();
  });

  it('a refusal without fields is said in the summary, and the form stays as typed', async () => {
    const { user } = edit(savedMug);
    api.put.mockRejectedValue(new ApiError({ errorCode: 'general/unknown_error', error: 'The database is busy', params: [] }, 503, 'x'));
    await user.type(field('Description'), ' Large.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await within(await screen.findByRole('alert')).findByText('The database is busy')).toBeTruthy();
    expect(screen.getByLabelText<HTMLTextAreaElement>('Description').value).toBe('Holds kopi. Large.');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save changes' }).disabled).toBe(false);
  });
});
