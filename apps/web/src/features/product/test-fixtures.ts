/** Products for the tests of the product page helpers. */
import type { Product } from '@kedai/contract';

const prices = (sg: number, jp: number) => ({ SG: sg, JP: jp });

/** Storage (2 options) × Colour (3 options); 1 TB costs more; some paths are sold out. */
export function phone(overrides: Partial<Product> = {}): Product {
  return {
    uuid: '8398e3b5-ff44-4d2c-a65a-5ec75fb20213',
    paramName: 'pixel-8a-73',
    name: 'Pixel 8a <Special> & "Co"',
    description: 'A phone.\n\nWith a camera.',
    price: prices(112900, 130280),
    priceRange: { SG: { min: 112900, max: 169900 }, JP: { min: 130280, max: 195480 } },
    priceCurrency: { SG: 'SGD', JP: 'JPY' },
    variants: [
      { name: 'Storage', options: ['128 GB', '1 TB'] },
      { name: 'Colour', options: ['Grey', 'Mint', 'Rose'] },
    ],
    variantPaths: {
      '0/0': { price: prices(112900, 130280), stock: 29 },
      '0/1': { price: prices(112900, 130280), stock: 0 },
      '0/2': { price: prices(112900, 130280), stock: 3 },
      '1/0': { price: prices(169900, 195480), stock: 0 },
      '1/1': { price: { SG: 169900 }, stock: 52 },
      '1/2': { price: prices(169900, 195480), stock: 0 },
    },
    stock: 0,
    mainImage: 'products/pixel-1.svg',
    images: ['products/pixel-1.svg', 'products/pixel-2.svg'],
    inStock: true,
    hasVariants: true,
    sourceMarketPlace: null,
    sourceUrl: null,
    merchant: { id: 'f6d37325-b234-4c5d-96cc-921b2216a731', slug: 'lion-city-tech', name: 'Lion City Tech' },
    category: { id: '301e8398-aeac-49df-9fb1-ad258d102a5f', name: 'Phones', path: 'electronics.phones' },
    disabled: false,
    weight: 190,
    createdAt: 1765408227,
    ...overrides,
  };
}

/** A product without variants. */
export function pan(overrides: Partial<Product> = {}): Product {
  return phone({
    uuid: '8adbe3e2-787d-43b6-bc5b-cb1a738849b5',
    paramName: 'frying-pan-1',
    name: 'Frying Pan',
    price: prices(7690, 8880),
    priceRange: { SG: { min: 7690, max: 7690 }, JP: { min: 8880, max: 8880 } },
    variants: [],
    variantPaths: {},
    stock: 12,
    hasVariants: false,
    mainImage: null,
    images: [],
    merchant: null,
    category: null,
    weight: 1250,
    ...overrides,
  });
}
