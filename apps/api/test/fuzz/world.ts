/**
 * The rows the fuzzer aims at: the caller's own, another shopper's and deleted ones, of every kind a
 * path or a body names, so generated requests get past "no such id" into the services.
 */
import type { FastifyInstance } from 'fastify';
import { createProduct, type CreatedProduct } from '@kedai/db/factories';
import { createVerifiedUser, signedInClient, type TestUser } from '../accounts';
import type { TestClient } from '../client';
import { SG_ADDRESS, placeOrder } from '../shop';
import { rows } from './digest';

export type Kind =
  | 'address'
  | 'cartItem'
  | 'quotationItem'
  | 'order'
  | 'payment'
  | 'product'
  | 'category'
  | 'merchant'
  | 'banner'
  | 'popup'
  | 'homeGroup'
  | 'imagePage'
  | 'voucher'
  | 'user'
  | 'externalProduct'
  | 'savedCard'
  | 'session'
  | 'slug'
  | 'region'
  | 'country';

export interface Pool {
  own: string[];
  other: string[];
  deleted: string[];
}

export interface World {
  shopper: TestUser;
  other: TestUser;
  pools: Record<Kind, Pool>;
  /** Variant paths of the products with variants. */
  variantPaths: string[];
  voucherCodes: string[];
}

const must = async (answer: Promise<{ status: number; body: any; response: { payload: string } }>, what: string) => {
  const { status, body, response } = await answer;
  if (status >= 300) throw new Error(`${what} answered ${status}: ${response.payload.slice(0, 300)}`);
  return body;
};

/** A shopper with addresses, cart lines, quotation items and orders. */
async function stock(app: FastifyInstance, client: TestClient, user: TestUser, lines: { productId: string; variantPath?: string }[]) {
  await must(client.post('/address', SG_ADDRESS), 'POST /address');
  await must(client.post('/address', { ...SG_ADDRESS, fullName: 'Second Address' }), 'POST /address');
  for (const line of lines.slice(0, 2)) await must(client.post('/cart', { ...line, quantity: 1 }), 'POST /cart');
  await must(client.post('/quotation_item/internal_product', { ...lines[2], quantity: 2 }), 'POST /quotation_item/internal_product');
  const addressId = (await client.get('/address')).body.addresses[0].id as string;
  const shopper = { id: user.id, email: user.email, client, addressId };
  await placeOrder(app, shopper);
  await placeOrder(app, shopper, { paymentMethod: 'paynow' });
}

export async function buildWorld(app: FastifyInstance, owner: TestClient): Promise<World> {
  const db = app.db;
  const shopper = await createVerifiedUser(app);
  const other = await createVerifiedUser(app);
  const products = [
    await createProduct(db, { stock: 50, price: { SG: 1500 } }),
    await createProduct(db, {
      price: { SG: 2500 },
      variants: [
        { name: 'Colour', options: ['Red', 'Blue'] },
        { name: 'Size', options: ['S', 'M', 'L'] },
      ],
    }),
    await createProduct(db, { stock: 0, price: { SG: 900 } }),
    await createProduct(db, { stock: 5, price: { SG: 3000 } }),
  ];
  const productIds = products.map((product) => product.id);
  const mine = await signedInClient(app, shopper);
  const theirs = await signedInClient(app, other);
  const [first, withVariants, , fourth] = products as [CreatedProduct, CreatedProduct, CreatedProduct, CreatedProduct];
  await stock(app, mine, shopper, [
    { productId: first.id },
    { productId: withVariants.id, variantPath: withVariants.paths[1] },
    { productId: fourth.id },
  ]);
  await stock(app, theirs, other, [{ productId: first.id }, { productId: fourth.id }, { productId: fourth.id }]);

  // Deleted rows: made, then deleted, so their ids once existed.
  const deleted: Partial<Record<Kind, string[]>> = {};
  const gone = (kind: Kind, id: string) => (deleted[kind] ??= []).push(id);
  const address = (await must(mine.post('/address', { ...SG_ADDRESS, fullName: 'Gone Soon' }), 'POST /address')).address.id as string;
  await must(mine.delete(`/address/${address}`), 'DELETE /address');
  gone('address', address);
  const line = (await must(mine.post('/cart', { productId: productIds[3], quantity: 1 }), 'POST /cart')).cartItem.id as string;
  await must(mine.delete(`/cart/${line}`), 'DELETE /cart');
  gone('cartItem', line);
  const item = (await must(mine.post('/quotation_item/internal_product', { productId: productIds[0], quantity: 1 }), 'quotation'))
    .quotationItem.id as string;
  await must(mine.delete(`/quotation_item/${item}`), 'DELETE /quotation_item');
  gone('quotationItem', item);
  const banner = (await must(owner.post('/admin/banner', { title: 'Gone banner', image: 'banners/kitchen.svg' }), 'POST /admin/banner'))
    .banner.id as string;
  await must(owner.delete(`/admin/banner/${banner}`), 'DELETE /admin/banner');
  gone('banner', banner);
  const popup = (await must(owner.post('/admin/popup', { name: 'Gone popup' }), 'POST /admin/popup')).popup.id as string;
  await must(owner.delete(`/admin/popup/${popup}`), 'DELETE /admin/popup');
  gone('popup', popup);
  const voucher = await must(owner.post('/admin/voucher', { code: 'FUZZ10', kind: 'percent', percentBp: 1000 }), 'POST /admin/voucher');
  await must(owner.post('/admin/voucher', { code: 'FUZZFIXED', kind: 'fixed', amountOff: { SGD: 200 } }), 'POST /admin/voucher');
  void voucher;
  const disabled = await createProduct(db, { disabled: true });

  const byOwner = async (table: string, key = 'id'): Promise<Pool> => {
    const found = await rows(db, `SELECT ${key}::text AS k, user_id::text AS u FROM ${table}`);
    return {
      own: found.filter((row) => row.u === shopper.id).map((row) => row.k!),
      other: found.filter((row) => row.u !== shopper.id).map((row) => row.k!),
      deleted: [],
    };
  };
  const all = async (table: string, key = 'id'): Promise<Pool> => ({
    own: (await rows(db, `SELECT ${key}::text AS k FROM ${table} ORDER BY 1 LIMIT 30`)).map((row) => row.k!),
    other: [],
    deleted: [],
  });
  const pools: Record<Kind, Pool> = {
    address: await byOwner('addresses'),
    cartItem: await byOwner('cart_items'),
    quotationItem: await byOwner('quotation_items'),
    order: await byOwner('orders'),
    payment: await all('payments'),
    product: { own: productIds, other: (await all('products')).own, deleted: [disabled.id] },
    category: await all('categories'),
    merchant: await all('merchants'),
    banner: await all('banners'),
    popup: await all('popups'),
    homeGroup: await all('home_product_groups'),
    imagePage: await all('image_pages'),
    voucher: await all('vouchers'),
    user: { own: [shopper.id], other: [other.id], deleted: [] },
    externalProduct: await byOwner('external_products'),
    savedCard: await byOwner('saved_cards'),
    session: await byOwner('checkout_sessions', 'key'),
    slug: { own: (await all('text_pages', 'slug')).own, other: (await all('image_pages', 'slug')).own, deleted: ['no-such-page'] },
    region: { own: (await all('regions', 'key')).own, other: [], deleted: ['ZZ'] },
    country: { own: ['SG', 'MY'], other: (await all('shipping_locations', 'country_code')).own, deleted: ['XX'] },
  };
  // Payments of the other shopper's orders are "other"; the rest are the caller's.
  const otherOrders = new Set(pools.order.other);
  const payments = await rows(db, `SELECT id::text AS k, order_id::text AS o FROM payments`);
  pools.payment = {
    own: payments.filter((row) => !otherOrders.has(row.o ?? '')).map((row) => row.k!),
    other: payments.filter((row) => otherOrders.has(row.o ?? '')).map((row) => row.k!),
    deleted: [],
  };
  for (const [kind, ids] of Object.entries(deleted)) pools[kind as Kind].deleted.push(...ids);
  const variantPaths = products[1]!.paths;
  return { shopper, other, pools, variantPaths, voucherCodes: ['FUZZ10', 'FUZZFIXED', 'fuzz10', 'NOSUCHCODE'] };
}
