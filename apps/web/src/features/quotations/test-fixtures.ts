/** Quotation items for the tests of the quotation state and pages (products from the product page's fixtures). */
import type { ExternalProduct, Product, QuotationItem, QuotationItemsResponse, QuotationStatusData } from '@kedai/contract';
import { QUOTATION_STATUS_MESSAGES, isQuotationItemAvailable, isQuotationItemCheckable, type QuotationStatus } from '@kedai/domain';
import { pan, phone } from '../product/test-fixtures';

export { pan, phone };

let counter = 0;
const nextId = (prefix: string) => {
  counter += 1;
  return `${prefix}-4000-8000-${String(counter).padStart(12, '0')}`;
};

/** The shop's answer: a unit price per region key (minor units) and, for a marketplace product, its own price. */
export function quote(quotedPrice: Record<string, number>, base: { basePrice: number; basePriceCurrency: string } | null = null) {
  return {
    quotedPrice,
    basePrice: base?.basePrice ?? null,
    basePriceCurrency: base?.basePriceCurrency ?? null,
  } satisfies QuotationStatusData;
}

type ItemOverrides = Partial<Omit<QuotationItem, 'status'>> & { status?: QuotationStatus };

function item(base: Omit<QuotationItem, 'statusMessage' | 'available' | 'checkable'>, product: Product | undefined): QuotationItem {
  const line = { productSource: base.productSource, status: base.status, variantPath: base.productSourceData.variantPath, quantity: 1 };
  return {
    ...base,
    statusMessage: QUOTATION_STATUS_MESSAGES[base.status],
    available: isQuotationItemAvailable({ ...line, quantity: base.quantity }, product),
    checkable: isQuotationItemCheckable(line, product),
  };
}

/** A quotation item for one of the shop's products; `available` and `checkable` follow the domain unless given. */
export function internalItem(product: Product | undefined, overrides: ItemOverrides = {}): QuotationItem {
  const status = overrides.status ?? 'p';
  const built = item(
    {
      id: nextId('00000000-0000'),
      productSource: 'i',
      productSourceData: {
        productId: product?.uuid ?? null,
        variantPath: product && product.variants.length > 0 ? '0/0' : '',
        ...overrides.productSourceData,
      },
      externalProduct: null,
      name: product?.name ?? 'A product since deleted',
      quantity: 1,
      instructions: '',
      type: 'internal',
      status,
      statusData: null,
      declineReason: null,
      answeredAt: status === 'p' ? null : 1_800_000_500,
      createdAt: 1_800_000_000 + counter,
      updatedAt: 1_800_000_000 + counter,
      ...overrides,
    },
    product,
  );
  return { ...built, ...pick(overrides, ['available', 'checkable', 'statusMessage']) };
}

/** A product on another marketplace, as `POST /product/searchExternal` answers it. */
export function externalProduct(overrides: Partial<ExternalProduct> = {}): ExternalProduct {
  return {
    id: nextId('eeeeeeee-eeee'),
    link: 'https://www.fixture-mall.example/p/studio-headphones',
    url: 'https://www.fixture-mall.example/p/studio-headphones',
    origin: 'page',
    sourceMarketPlace: 'Fixture Mall',
    name: 'Studio Headphones X2',
    description: 'Closed-back headphones.',
    images: ['https://images.fixture-mall.example/headphones-1.jpg'],
    price: '129.90',
    currency: 'USD',
    availability: 'in_stock',
    brand: 'Sonora',
    createdAt: 1_800_000_000,
    ...overrides,
  };
}

/** A quotation item for a marketplace product. */
export function externalItem(product: ExternalProduct = externalProduct(), overrides: ItemOverrides = {}): QuotationItem {
  const status = overrides.status ?? 'p';
  const built = item(
    {
      id: nextId('11111111-2222'),
      productSource: 'e',
      productSourceData: { productId: null, variantPath: '' },
      externalProduct: product,
      name: product.name,
      quantity: 1,
      instructions: '',
      type: 'external',
      status,
      statusData: null,
      declineReason: null,
      answeredAt: status === 'p' ? null : 1_800_000_500,
      createdAt: 1_800_000_000 + counter,
      updatedAt: 1_800_000_000 + counter,
      ...overrides,
    },
    undefined,
  );
  return { ...built, ...pick(overrides, ['available', 'checkable', 'statusMessage']) };
}

/** `GET /quotation_item`'s answer for these items and products. */
export function quotationAnswer(items: QuotationItem[], products: Product[]): QuotationItemsResponse {
  return { quotationItems: items, products };
}

function pick<T extends object, K extends keyof T>(value: T, keys: K[]): Partial<Pick<T, K>> {
  return Object.fromEntries(keys.filter((key) => key in value).map((key) => [key, value[key]])) as Partial<Pick<T, K>>;
}
