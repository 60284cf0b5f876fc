/** Quotation items and regions as the API answers them, for the quotation queue's tests. */
import type { AdminQuotationItem, Product, Region } from '@kedai/contract';

export const REGIONS: Region[] = [
  { key: 'SG', name: 'Singapore', currency: 'SGD', countries: ['SG'], priceBands: [] },
  { key: 'MY', name: 'Malaysia', currency: 'MYR', countries: ['MY'], priceBands: [] },
  { key: 'JP', name: 'Japan', currency: 'JPY', countries: ['JP'], priceBands: [] },
];

const CREATED = Date.parse('2026-12-01T08:30:00Z') / 1000;

export function marketplaceItem(changes: Partial<AdminQuotationItem> = {}): AdminQuotationItem {
  return {
    id: '0b8f7c9e-1f2a-4c3d-8e9f-0a1b2c3d4e5f',
    productSource: 'e',
    productSourceData: { productId: null, variantPath: '' },
    externalProduct: {
      id: '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d',
      link: 'https://shop.example/p/earbuds?ref=share',
      url: 'https://shop.example/p/earbuds',
      origin: 'page',
      sourceMarketPlace: 'Example Market',
      name: 'Wireless earbuds',
      description: 'Noise cancelling.\nTwo colours.',
      images: ['https://img.shop.example/earbuds-1.jpg', 'http://img.shop.example/earbuds-2.jpg', 'javascript:alert(1)'],
      price: '129.9',
      currency: 'usd',
      availability: 'in_stock',
      brand: 'Sonica',
      createdAt: CREATED - 60,
    },
    name: 'Wireless earbuds',
    quantity: 2,
    instructions: 'Black, please.',
    type: 'external',
    status: 'p',
    statusMessage: 'Quoting your product...',
    statusData: null,
    declineReason: null,
    available: true,
    checkable: false,
    answeredAt: null,
    createdAt: CREATED,
    updatedAt: CREATED,
    shopper: { id: '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', email: 'siti@example.com', name: 'Siti Rahman' },
    product: null,
    answeredBy: null,
    suggestedQuotedPrice: null,
    version: 3,
    ...changes,
  };
}

export const SHIRT: Product = {
  uuid: '7d6c5b4a-3e2f-4a1b-8c9d-0e1f2a3b4c5d',
  paramName: 'linen-shirt',
  name: 'Linen shirt',
  price: { SG: 4500, MY: 15000 },
  priceRange: {},
  priceCurrency: { SG: 'SGD', MY: 'MYR' },
  mainImage: null,
  inStock: true,
  hasVariants: true,
  sourceMarketPlace: null,
  merchant: null,
  createdAt: CREATED - 86_400,
  description: '',
  variants: [
    { name: 'Colour', options: ['White', 'Indigo'] },
    { name: 'Size', options: ['S', 'M', 'L'] },
  ],
  variantPaths: {
    '1/2': { price: { SG: 4900 }, stock: 7 },
    '0/0': { price: { SG: 4500, MY: 15000 }, stock: 0 },
  },
  stock: 0,
  images: [],
  sourceUrl: null,
  category: null,
  disabled: false,
  weight: 300,
};

export function shopItem(changes: Partial<AdminQuotationItem> = {}): AdminQuotationItem {
  return marketplaceItem({
    id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    productSource: 'i',
    productSourceData: { productId: SHIRT.uuid, variantPath: '1/2' },
    externalProduct: null,
    name: 'Linen shirt',
    quantity: 3,
    instructions: '',
    type: 'internal',
    product: SHIRT,
    ...changes,
  });
}
