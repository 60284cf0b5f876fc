import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { amountHeld, amountToRefund } from '@kedai/domain';
import { eq, schema } from '@kedai/db';
import { createProduct } from '@kedai/db/factories';
import { createVerifiedUser, signedInClient } from './accounts';
import type { TestClient } from './client';

/** A signed-in shopper with a Singapore address, and orders placed through the real checkout. */

export const SG_ADDRESS = {
  fullName: 'Tan Ah Kow',
  address: '1 Raffles Place',
  unitNumber: '#10-01',
  city: '',
  country: 'SG',
  phoneNumber: '+65 6123 4567',
  postalCode: '048616',
  state: '',
};

export interface ShopShopper {
  id: string;
  email: string;
  client: TestClient;
  addressId: string;
}

export async function sgShopper(app: FastifyInstance): Promise<ShopShopper> {
  const user = await createVerifiedUser(app);
  const client = await signedInClient(app, user);
  const created = await client.post('/address', SG_ADDRESS);
  expect(created.status, created.response.payload).toBe(201);
  return { id: user.id, email: user.email, client, addressId: created.body.address.id };
}

/** A new order of `quantity` units of a new product priced SGD 15.00, to be paid by card (or `paymentMethod`). */
export async function placeOrder(
  app: FastifyInstance,
  s: ShopShopper,
  options: { quantity?: number; paymentMethod?: string } = {},
): Promise<{ id: string; total: number; currency: string; orderRef: string }> {
  const productId = (await createProduct(app.db, { stock: 10, price: { SG: 1500 } })).id;
  const line = await s.client.post('/cart', { productId, quantity: options.quantity ?? 1 });
  const key = (await s.client.post('/checkout/session', { cartItemIds: [line.body.cartItem.id] })).body.key;
  const placed = await s.client.post('/checkout/create_order', {
    checkoutSessionKey: key,
    paymentMethod: options.paymentMethod ?? 'card',
    shippingAddressId: s.addressId,
  });
  expect(placed.status, placed.response.payload).toBe(201);
  return placed.body;
}

/** The order's ledger: what the shop holds now and still owes back. */
export async function ledgerOf(
  app: FastifyInstance,
  orderId: string,
): Promise<{ held: number; owed: number; rows: (typeof schema.payments.$inferSelect)[] }> {
  const rows = await app.db.select().from(schema.payments).where(eq(schema.payments.orderId, orderId));
  return { held: amountHeld(rows), owed: amountToRefund(rows), rows };
}
