import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, schema } from '@kedai/db';
import { createProduct } from '@kedai/db/factories';
import { createAddress } from '../src/modules/addresses/service';
import { addCartItem, deleteCartItem } from '../src/modules/cart/service';
import { addToWishlist } from '../src/modules/wishlist/service';
import { LIFTED_LIMITS, createVerifiedUser, type TestUser } from './accounts';
import { createTestApp, type TestApp } from './helpers';

/**
 * Services take `Database`, and a transaction is one: a caller (checkout, later) can run several
 * modules' services in one transaction, and a failure in its last step takes every step back.
 */

let t: TestApp;
let user: TestUser;
let products: string[];
beforeAll(async () => {
  t = await createTestApp({ env: LIFTED_LIMITS });
  user = await createVerifiedUser(t.app);
  products = [(await createProduct(t.app.db)).id, (await createProduct(t.app.db)).id];
}, 120_000);
afterAll(() => t?.close());

const address = {
  fullName: 'Tan Ah Kow',
  address: '1 Raffles Place',
  unitNumber: '#10-01',
  city: '',
  country: 'SG',
  phoneNumber: '+65 6123 4567',
  postalCode: '048616',
};

async function rowsOf(userId: string) {
  const { db } = t.app;
  return {
    cart: await db.select().from(schema.cartItems).where(eq(schema.cartItems.userId, userId)),
    addresses: await db.select().from(schema.addresses).where(eq(schema.addresses.userId, userId)),
    wishlist: await db.select().from(schema.wishlistItems).where(eq(schema.wishlistItems.userId, userId)),
  };
}

describe('one transaction across modules', () => {
  it('a failure in the last step takes back what every earlier module wrote', async () => {
    const before = await rowsOf(user.id);
    const declined = t.app.db.transaction(async (tx) => {
      const { cartItem } = await addCartItem(tx, user.id, 100, { productId: products[0], quantity: 2 });
      await createAddress(tx, user.id, 10, address);
      await addToWishlist(tx, user.id, 100, products[1]);
      await deleteCartItem(tx, user.id, cartItem.id);
      await addCartItem(tx, user.id, 100, { productId: products[1], quantity: 1 });
      // What written so far is seen inside the transaction…
      expect((await tx.select().from(schema.cartItems).where(eq(schema.cartItems.userId, user.id))).length).toBe(1);
      throw new Error('payment declined');
    });
    await expect(declined).rejects.toThrow('payment declined');
    // …and nothing of it outside, once the last step failed.
    expect(await rowsOf(user.id)).toEqual(before);
  });

  it('when every step succeeds, all of it is kept', async () => {
    await t.app.db.transaction(async (tx) => {
      await addCartItem(tx, user.id, 100, { productId: products[0], quantity: 2 });
      await createAddress(tx, user.id, 10, address);
      await addToWishlist(tx, user.id, 100, products[1]);
    });
    const after = await rowsOf(user.id);
    expect(after.cart.map((row) => [row.productId, row.quantity])).toEqual([[products[0], 2]]);
    expect(after.addresses).toHaveLength(1);
    expect(after.wishlist.map((row) => row.productId)).toEqual([products[1]]);
  });
});
