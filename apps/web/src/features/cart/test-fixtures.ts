/** Cart lines for the tests of the cart state and pages (products from the product page's fixtures). */
import type { CartItem, CartResponse, Product } from '@kedai/contract';
import { isCartItemAvailable } from '@kedai/domain';
import { pan, phone } from '../product/test-fixtures';

export { pan, phone };

let counter = 0;

/** A cart line of a product; `available` follows the domain's stock check unless given. */
export function line(product: Product, overrides: Partial<CartItem> = {}): CartItem {
  counter += 1;
  const item: CartItem = {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    productId: product.uuid,
    variantPath: product.variants.length > 0 ? '0/0' : '',
    quantity: 1,
    message: '',
    type: 'internal',
    available: true,
    createdAt: 1_800_000_000 + counter,
    updatedAt: 1_800_000_000 + counter,
    ...overrides,
  };
  if (overrides.available === undefined) item.available = isCartItemAvailable(product, item);
  return item;
}

/** `GET /cart`'s answer for these lines and products. */
export function cartAnswer(items: CartItem[], products: Product[]): CartResponse {
  return { cartItems: items, products };
}
