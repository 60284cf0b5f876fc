/** Sessions, estimates, addresses and orders for the tests of the checkout and the order pages. */
import type { Address, CartItem, CheckoutSession, CostEstimate, Order, Product, QuotationItem } from '@kedai/contract';
import { line, pan, phone } from '../cart/test-fixtures';

export { line, pan, phone };

export const SESSION_KEY = 'ck_0123456789abcdefghijklmnopqrstuv';

export function session(cartItems: CartItem[], products: Product[], quotationItems: QuotationItem[] = []): CheckoutSession {
  return { key: SESSION_KEY, expiresAt: 1_800_003_600, cartItems, quotationItems, products, unavailable: [] };
}

type EstimateLine = CostEstimate['lines'][number];

/** An estimate line priced at `unitPrice` (null with a reason). */
export function estimateLine(
  id: string,
  name: string,
  quantity: number,
  unitPrice: number | null,
  overrides: Partial<EstimateLine> = {},
): EstimateLine {
  return {
    id,
    kind: 'cart',
    name,
    quantity,
    unitPrice,
    lineTotal: unitPrice === null ? null : unitPrice * quantity,
    reason: null,
    ...overrides,
  };
}

/** An estimate in SGD of these lines, without an address unless `overrides` say so. */
export function estimate(lines: EstimateLine[], overrides: Partial<CostEstimate> = {}): CostEstimate {
  const subtotal = lines.reduce((sum, l) => sum + (l.lineTotal ?? 0), 0);
  return {
    region: 'SG',
    currency: 'SGD',
    lines,
    subtotal,
    shipping: null,
    discount: 0,
    tax: 0,
    taxName: null,
    taxInclusive: false,
    total: subtotal,
    voucher: null,
    voucherError: null,
    shippingCountry: null,
    shippingError: null,
    canPlaceOrder: false,
    ...overrides,
  };
}

export function address(overrides: Partial<Address> = {}): Address {
  return {
    id: 'aaaaaaaa-0000-4000-8000-000000000001',
    fullName: 'Ana Lim',
    address: '1 Fusionopolis Way',
    unitNumber: '#10-01',
    city: '',
    state: '',
    postalCode: '138632',
    country: 'SG',
    phoneNumber: '+6591234567',
    main: true,
    createdAt: 1_800_000_000,
    ...overrides,
  };
}

export const tokyo = address({
  id: 'aaaaaaaa-0000-4000-8000-000000000002',
  fullName: 'Ana Lim',
  address: '1-2-3 Shibuya',
  unitNumber: '',
  city: 'Shibuya-ku',
  state: '13',
  postalCode: '150-0002',
  country: 'JP',
  phoneNumber: '+819012345678',
  main: false,
  createdAt: 1_800_000_100,
});

const orderAddress = {
  fullName: 'Ana Lim',
  address: '1 Fusionopolis Way',
  unitNumber: '#10-01',
  city: '',
  state: '',
  postalCode: '138632',
  country: 'SG',
  phoneNumber: '+6591234567',
};

/** An order of two lines in SGD with GST added, awaiting payment. */
export function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 'bbbbbbbb-0000-4000-8000-000000000001',
    orderRef: 'KD-261125-7Q4M9X',
    kind: 'cart',
    status: 'awaiting_payment',
    statusLabel: 'Awaiting payment',
    history: [{ from: null, to: 'awaiting_payment', actor: 'shopper', note: null, at: 1_800_000_000 }],
    regionKey: 'SG',
    regionCountryCode: 'SG',
    currency: 'SGD',
    subtotal: 355480,
    shippingFee: 800,
    discount: 1000,
    taxFee: 31975,
    taxInclusive: false,
    taxName: 'GST',
    total: 387255,
    voucherCode: 'WELCOME10',
    paymentMethod: 'card',
    notes: 'Leave it with the guard.',
    shippingAddress: orderAddress,
    billingAddress: orderAddress,
    cartItems: ['00000000-0000-4000-8000-000000000901', '00000000-0000-4000-8000-000000000902'],
    quotationItems: [],
    productCaptures: [
      {
        source: 'cart',
        productId: phone().uuid,
        variantPath: '1/1',
        quotationItemId: null,
        name: 'Pixel 8a',
        options: [
          { name: 'Storage', option: '1 TB' },
          { name: 'Colour', option: 'Mint' },
        ],
        image: 'products/pixel-1.svg',
        paramName: 'pixel-8a-73',
        sourceMarketPlace: null,
        quantity: 2,
        unitPrice: 169900,
        lineTotal: 339800,
      },
      {
        source: 'cart',
        productId: pan().uuid,
        variantPath: '',
        quotationItemId: null,
        name: 'Frying Pan',
        options: [],
        image: null,
        paramName: 'frying-pan-1',
        sourceMarketPlace: null,
        quantity: 2,
        unitPrice: 7840,
        lineTotal: 15680,
      },
    ],
    payments: [],
    payBy: 1_800_001_800,
    carrier: null,
    trackingNumber: null,
    cancelReason: null,
    canCancel: true,
    canConfirmReceipt: false,
    createdAt: 1_800_000_000,
    updatedAt: 1_800_000_000,
    ...overrides,
  };
}
