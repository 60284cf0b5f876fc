/**
 * The demo catalogue: regions, shipping countries, config, categories, merchants, products with
 * variants and prices, banners, popups, home product groups and image pages, plus their images; and
 * the shop's text pages (shipping, returns, privacy, terms), added only where missing.
 *
 * Deterministic: every product is drawn from its own seeded generator, so product N is the same
 * on every run and whatever the total count. Only the uuids come from the database.
 */
import { mkdir } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import {
  PLACEHOLDER_IMAGE,
  allVariantPaths,
  isInStock,
  priceRange,
  slugify,
  type ProductVariant,
  type RegionPrices,
  type VariantPathEntry,
} from '@kedai/domain';
import type { Database } from '../client';
import {
  banners,
  categories,
  config,
  homeProductGroups,
  imagePages,
  merchants,
  popups,
  productRegionPrices,
  productVariantPaths,
  products,
  regions,
  shippingLocations,
  taxRates,
  type ImagePageBlock,
} from '../schema';
import {
  CATEGORIES,
  CONFIG,
  DESCRIPTION_ADJECTIVES,
  MARKETPLACES,
  MAX_INT32,
  MERCHANTS,
  PRICE_CAP_SGD,
  REGIONS,
  SHIPPING_COUNTRIES,
  TAX_RATES,
  SHIPPING_ZONES,
  SOURCING_MERCHANT,
  type CategoryDef,
  type ProductType,
  type RegionDef,
  type VariantDef,
} from './data';
import { insertJsonRows } from './bulk';
import { writeImages, type ImageSpec, type Shape } from './images';
import { int, pick, sample, streamFor, weighted, type Random } from './random';
import { TEXT_PAGES, seedTextPages } from './text-pages';

export { seedTextPages } from './text-pages';

export interface SeedOptions {
  /** Number of products; 240 by default. */
  products?: number;
  /** Folder the images are written to; image names in the database are relative to it. */
  assetsDir: string;
  log?: (msg: string) => void;
}

export interface SeedResult {
  products: number;
  categories: number;
  merchants: number;
  variantPaths: number;
  regionPrices: number;
  /** Image files written, thumbnails included. */
  imageFiles: number;
}

export const DEFAULT_PRODUCT_COUNT = 240;
/** Above this many products, product images come from a shared pool per category. */
export const IMAGE_POOL_THRESHOLD = 1000;
export const IMAGE_POOL_SIZE = 60;
/** Products per transaction: up to this many, the whole seed is one transaction. */
const TRANSACTION_PRODUCTS = 10_000;
const PRODUCT_BATCH = 1000;
/** Rows per insert for the small child tables (variant paths, region prices). */
const CHILD_BATCH = 10_000;

const SEED = 0x4b3d41; // "KDA"
const POOL_SEED = 0x504f4f4c;
/** createdAt is spread over the 400 days before this fixed moment, never "now". */
const EPOCH_MS = Date.UTC(2026, 0, 1);
const DAY_S = 86_400;

/** Tables cleared by a reset; everything that refers to a product goes with them (CASCADE). */
export const CATALOGUE_TABLES = [
  'product_region_prices',
  'product_variant_paths',
  'recently_viewed',
  'home_product_groups',
  'products',
  'categories',
  'merchants',
  'banners',
  'popups',
  'image_pages',
] as const;

/** True when the products table has no rows. */
export async function isEmpty(db: Database): Promise<boolean> {
  const rows = await db.select({ id: products.id }).from(products).limit(1);
  return rows.length === 0;
}

/** Empties the catalogue tables in one statement. Regions, shipping countries and config are upserted by the seed instead. */
export async function resetCatalogue(db: Database): Promise<void> {
  await db.execute(sql.raw(`TRUNCATE TABLE ${CATALOGUE_TABLES.map((t) => `"${t}"`).join(', ')} CASCADE`));
}

// ---------------------------------------------------------------------------------------------
// Prices

/**
 * A price in minor units with a shop-like ending: 29.90 / 1,299.00 for two-decimal currencies,
 * ¥12,980 for yen, whole hundreds of rupiah.
 */
export function nicePrice(amount: number, region: RegionDef): number {
  switch (region.currency) {
    // Each rule switches to the coarser ending only where that cannot make a price go down.
    case 'JPY':
      return amount < 1050 ? Math.max(10, Math.round(amount / 10) * 10) : Math.round(amount / 100) * 100 - 20;
    case 'IDR': {
      const rupiah = amount < 100_500 ? Math.max(100, Math.round(amount / 100) * 100) : Math.round(amount / 1000) * 1000 - 100;
      return rupiah * 100;
    }
    default: {
      if (amount < 105) return Math.max(50, Math.round(amount) * 100 - 10);
      return (Math.round(amount / 10) * 10 - 1) * 100;
    }
  }
}

/** Region key -> minor units, converted from an SGD amount with the fixed demo rates. */
export function regionPrices(sgd: number): RegionPrices {
  const out: RegionPrices = {};
  for (const region of REGIONS) {
    const minor = nicePrice(sgd * region.rate, region);
    if (!Number.isSafeInteger(minor) || minor <= 0 || minor > MAX_INT32) {
      throw new Error(`Demo price out of range: ${minor} ${region.currency} minor units for SGD ${sgd}`);
    }
    out[region.key] = minor;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Categories

interface Leaf {
  def: CategoryDef;
  data: NonNullable<CategoryDef['leaf']>;
  root: CategoryDef;
  path: string;
  /** File-name form of the path: `electronics-laptops`. */
  slug: string;
}

function collectLeaves(): Leaf[] {
  const leaves: Leaf[] = [];
  const walk = (def: CategoryDef, root: CategoryDef, prefix: string) => {
    const path = prefix ? `${prefix}.${def.key}` : def.key;
    if (def.leaf) leaves.push({ def, data: def.leaf, root, path, slug: path.replace(/\./g, '-') });
    for (const child of def.children ?? []) walk(child, root, path);
  };
  for (const root of CATEGORIES) walk(root, root, '');
  return leaves;
}

const LEAVES = collectLeaves();

// ---------------------------------------------------------------------------------------------
// Products

export interface ProductPlan {
  index: number;
  paramName: string;
  name: string;
  description: string;
  keywords: string;
  leaf: Leaf;
  merchantSlug: string;
  price: RegionPrices;
  variants: ProductVariant[];
  variantPaths: Record<string, VariantPathEntry>;
  stock: number;
  mainImage: string | null;
  images: string[];
  imageSpecs: Array<{ name: string; spec: ImageSpec }>;
  sourceMarketPlace: string | null;
  sourceUrl: string | null;
  disabled: boolean;
  weight: number;
  createdAt: Date;
  inStock: boolean;
}

function lowerType(type: string): string {
  return type
    .split(' ')
    .map((word) => (/\d/.test(word) || /^[A-Z]{2,}$/.test(word) ? word : word.toLowerCase()))
    .join(' ');
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

function chooseOptions(rng: Random, def: VariantDef): VariantDef['options'] {
  const min = Math.max(2, def.minOptions ?? 2);
  const max = Math.min(4, def.options.length);
  const k = int(rng, Math.min(min, max), max);
  // Options that change the price keep their order from the cheapest; colours and shades are
  // any few; other plain options (clothes sizes) are a run of neighbours.
  if (def.options.some((o) => o.factor !== 1)) return def.options.slice(0, k);
  if (def.name === 'Colour' || def.name === 'Shade') return sample(rng, def.options, k);
  const start = int(rng, 0, def.options.length - k);
  return def.options.slice(start, start + k);
}

function poolImageName(leaf: Leaf, j: number): string {
  return `products/pool/${leaf.slug}-${String(j + 1).padStart(2, '0')}.svg`;
}

/** The whole product `index`, drawn from its own generator. */
export function planProduct(index: number, usePool: boolean): ProductPlan {
  const rng = streamFor(SEED, index);
  const leaf = weighted(
    rng,
    LEAVES.map((l) => ({ leaf: l, weight: l.data.weight })),
  ).leaf;
  const data = leaf.data;

  const brand = pick(rng, Object.keys(data.brands));
  const [model, fixedType] = pick(rng, data.brands[brand]!).split('|') as [string, string | undefined];
  const type: ProductType = fixedType
    ? data.types.find((t) => t.name === fixedType)!
    : weighted(
        rng,
        data.types.filter((t) => t.weight > 0),
      );
  if (!type) throw new Error(`Unknown product type ${fixedType} in ${leaf.path}`);
  const number = data.numbers && !/\d/.test(model) ? pick(rng, data.numbers) : '';
  const label = [brand, model, number].filter(Boolean).join(' ');
  const name = `${label} ${type.name}`;
  const paramName = `${slugify(name)}-${index + 1}`;

  const adjective = pick(rng, DESCRIPTION_ADJECTIVES);
  const [f1, f2] = sample(rng, data.features, 2) as [string, string];
  const swap = rng() < 0.5;
  // "Earbuds", "Biscuits": plural product types read "The … are compact wireless earbuds".
  const plural = /[^s]s$/.test(type.name);
  const intro = plural
    ? `The ${name} are ${adjective} ${lowerType(type.name)} from ${brand}.`
    : `The ${name} is ${article(adjective)} ${adjective} ${lowerType(type.name)} from ${brand}.`;
  const sentences = [intro, `${swap ? f2 : f1}.`];
  if (rng() < 0.7) sentences.push(`${swap ? f1 : f2}.`);
  const description = sentences.join(' ');
  const keywords = `${brand} ${leaf.def.name.toLowerCase()}${leaf.root === leaf.def ? '' : ` ${leaf.root.name.toLowerCase()}`}`;

  // Variants and prices.
  const hasVariants = rng() < 0.4;
  const variantDefs = type.variants ?? data.variants;
  let chosen: VariantDef[] = [];
  if (hasVariants) {
    chosen = variantDefs.length >= 2 && rng() < 0.45 ? variantDefs.slice(0, 2) : [pick(rng, variantDefs)];
  }
  const variantOptions = chosen.map((def) => ({ def, options: chooseOptions(rng, def) }));
  const variants: ProductVariant[] = variantOptions.map(({ def, options }) => ({ name: def.name, options: options.map((o) => o.label) }));
  const maxFactor = variantOptions.reduce((f, { options }) => f * Math.max(...options.map((o) => o.factor)), 1);
  const [lo, hi] = data.price;
  const baseSgd = Math.min((lo + rng() * (hi - lo)) * type.factor, PRICE_CAP_SGD / maxFactor);
  const price = regionPrices(baseSgd);

  const soldOut = rng() < 0.1;
  const variantPaths: Record<string, VariantPathEntry> = {};
  let stock = 0;
  if (variants.length > 0) {
    const paths = allVariantPaths(variants);
    for (const path of paths) {
      const factor = path.split('/').reduce((f, part, i) => f * variantOptions[i]!.options[Number(part)]!.factor, 1);
      const pathStock = soldOut || rng() < 0.2 ? 0 : int(rng, 1, 60);
      variantPaths[path] = { price: factor === 1 ? { ...price } : regionPrices(baseSgd * factor), stock: pathStock };
    }
    if (!soldOut && Object.values(variantPaths).every((entry) => entry.stock === 0)) {
      variantPaths[paths[0]!]!.stock = int(rng, 1, 20);
    }
  } else if (!soldOut) {
    stock = rng() < 0.15 ? int(rng, 1, 5) : int(rng, 6, 250);
  }

  const disabled = rng() < 0.05;
  const sourced = rng() < 0.1;
  const marketplace = sourced ? pick(rng, MARKETPLACES) : null;
  const merchantSlug = sourced
    ? SOURCING_MERCHANT
    : pick(
        rng,
        MERCHANTS.filter((m) => m.slug !== SOURCING_MERCHANT && m.roots.includes(leaf.root.key)),
      ).slug;
  const [gLo, gHi] = data.grams;
  const weight = Math.round((gLo + rng() * (gHi - gLo)) / 10) * 10;
  const createdAt = new Date(EPOCH_MS - int(rng, 0, 400 * DAY_S - 1) * 1000);

  const noImage = rng() < 0.05;
  const imageCount = noImage ? 0 : int(rng, 1, 3);
  const images: string[] = [];
  const imageSpecs: ProductPlan['imageSpecs'] = [];
  if (usePool) {
    // Pool image j shows type j % types.length; take ones showing this product's type.
    const poolRng = streamFor(POOL_SEED, index);
    const t = data.types.indexOf(type);
    const candidates: number[] = [];
    for (let j = t; j < IMAGE_POOL_SIZE; j += data.types.length) candidates.push(j);
    for (const j of sample(poolRng, candidates, imageCount)) images.push(poolImageName(leaf, j));
    if (poolRng() < 0.5) images.reverse();
  } else {
    for (let k = 1; k <= imageCount; k += 1) {
      const image = `products/${paramName}-${k}.svg`;
      images.push(image);
      imageSpecs.push({
        name: image,
        spec: { shape: leaf.def.shape, hue: leaf.def.hue + (k - 1) * 24, label, sublabel: type.name, seed: index * 3 + k },
      });
    }
  }

  // A colour variant's options each get a picture of the product in that colour (not in pooled
  // runs, whose images are shared; not for products shown without pictures).
  if (!usePool && images.length > 0) {
    const colourIndex = variants.findIndex((variant) => variant.name === 'Colour');
    const colourVariant = variants[colourIndex];
    if (colourVariant) {
      colourVariant.images = colourVariant.options.map((option) => {
        const image = `products/${paramName}-${slugify(option)}.svg`;
        images.push(image);
        imageSpecs.push({
          name: image,
          spec: { shape: leaf.def.shape, hue: leaf.def.hue, label, sublabel: option, seed: index * 3 + 1, colour: swatch(option) },
        });
        return image;
      });
    }
  }

  return {
    index,
    paramName,
    name,
    description,
    keywords,
    leaf,
    merchantSlug,
    price,
    variants,
    variantPaths,
    stock,
    mainImage: images[0] ?? null,
    images,
    imageSpecs,
    sourceMarketPlace: marketplace?.name ?? null,
    sourceUrl: marketplace ? marketplace.url(slugify(label), index + 1) : null,
    disabled,
    weight,
    createdAt,
    inStock: isInStock({ stock, variants, variantPaths }),
  };
}

/** SGD converted to a region's currency and rounded up to two significant digits (SGD 4 -> GBP 2.40), in minor units. */
function roundAmount(sgd: number, region: RegionDef): number {
  const major = sgd * region.rate;
  const step = 10 ** (Math.floor(Math.log10(major)) - 1);
  return Math.round(Math.ceil(major / step - 1e-9) * step * region.minorFactor);
}

/** A shipping country with its zone's rate in every region's currency and its delivery days. */
function shippingLocation(countryCode: string) {
  const zone = SHIPPING_ZONES.find((z) => z.countries.includes(countryCode)) ?? SHIPPING_ZONES[SHIPPING_ZONES.length - 1]!;
  const rates = Object.fromEntries(
    REGIONS.map((region) => [region.key, { fee: roundAmount(zone.feeSgd, region), freeFrom: roundAmount(zone.freeFromSgd, region) }]),
  );
  return { countryCode, enabled: true, rates, deliveryDaysMin: zone.days[0], deliveryDaysMax: zone.days[1] };
}

/** The seed's colour names as colours to draw with (an unknown name gets a neutral grey). */
const SWATCHES: Record<string, string> = {
  black: '#1f2123',
  white: '#f4f4f0',
  silver: '#b9bdc2',
  grey: '#7d8287',
  graphite: '#3d4045',
  charcoal: '#36393d',
  red: '#c0282d',
  cherry: '#9e1b32',
  teal: '#1f7a7a',
  navy: '#1f2d57',
  blue: '#2f6db5',
  cobalt: '#1f4fb0',
  sand: '#d9c39a',
  taupe: '#8b7d6b',
  olive: '#6b7235',
  pink: '#e79bb5',
  rose: '#c98b95',
  green: '#3f8f4f',
  mint: '#8fd6b8',
  sage: '#9caf88',
  forest: '#2f5d3a',
  orange: '#e5782a',
  cream: '#efe6cf',
  ivory: '#f2ecd9',
  lilac: '#b9a2d6',
  lavender: '#b7a6dc',
  oak: '#c39a62',
  walnut: '#6b4a2f',
  yellow: '#e8c33a',
  clay: '#e9e2d8',
};

function swatch(option: string): string {
  const words = option.toLowerCase().split(/\s+/).reverse();
  for (const word of words) if (SWATCHES[word]) return SWATCHES[word];
  return '#8a8f94';
}

function poolImages(): Array<{ name: string; spec: ImageSpec }> {
  const out: Array<{ name: string; spec: ImageSpec }> = [];
  for (const leaf of LEAVES) {
    for (let j = 0; j < IMAGE_POOL_SIZE; j += 1) {
      const type = leaf.data.types[j % leaf.data.types.length]!;
      out.push({
        name: poolImageName(leaf, j),
        spec: { shape: leaf.def.shape, hue: leaf.def.hue + ((j * 17) % 50) - 25, label: type.name, sublabel: leaf.def.name, seed: j + 1 },
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Fixed content: images of categories, merchants, banners, popups and pages

const categoryImage = (path: string) => `categories/${path.replace(/\./g, '-')}.svg`;
const merchantLogo = (slug: string) => `merchants/${slug}.svg`;

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

interface BannerDef {
  title: string;
  subtitle: string;
  image: string;
  link: string;
  shape: Shape;
  hue: number;
}

const BANNERS: BannerDef[] = [
  {
    title: 'Laptops for work and play',
    subtitle: 'Ultrabooks, 2-in-1s and gaming laptops',
    image: 'banners/laptops.svg',
    link: '/search?category=electronics.laptops',
    shape: 'laptop',
    hue: 215,
  },
  {
    title: 'Cook something new',
    subtitle: 'Pans, pots and woks for every kitchen',
    image: 'banners/kitchen.svg',
    link: '/search?category=home.kitchen',
    shape: 'pot',
    hue: 18,
  },
  {
    title: 'Weekend adventures',
    subtitle: 'Tents and gear for the great outdoors',
    image: 'banners/outdoor.svg',
    link: '/search?category=sports.outdoor',
    shape: 'tent',
    hue: 95,
  },
  {
    title: 'Made for the tropics',
    subtitle: 'Light, breathable fashion',
    image: 'banners/fashion.svg',
    link: '/search?category=fashion',
    shape: 'dress',
    hue: 300,
  },
];

const POPUPS = [
  {
    name: 'Welcome to Kedai',
    link: '/search?category=beauty',
    image: 'popups/welcome.svg',
    shape: 'gift' as Shape,
    hue: 340,
    sub: 'New arrivals in beauty',
  },
  {
    name: 'Toys for every age',
    link: '/search?category=toys',
    image: 'popups/toys.svg',
    shape: 'teddy' as Shape,
    hue: 45,
    sub: 'Building sets, plush and games',
  },
];

const IMAGE_PAGES: Array<{ slug: string; title: string; blocks: Array<ImagePageBlock & { shape: Shape; hue: number }> }> = [
  {
    slug: 'about-kedai',
    title: 'About Kedai',
    blocks: [
      { image: 'pages/about-kedai-1.svg', alt: 'Local merchants, one storefront', link: null, shape: 'basket', hue: 75 },
      { image: 'pages/about-kedai-2.svg', alt: 'Shipping to 30 countries', link: null, shape: 'gift', hue: 200 },
      { image: 'pages/about-kedai-3.svg', alt: 'Quotations for anything you find online', link: '/search', shape: 'bag', hue: 265 },
    ],
  },
  {
    slug: 'gift-guide',
    title: 'Gift guide',
    blocks: [
      {
        image: 'pages/gift-guide-1.svg',
        alt: 'For the music lover',
        link: '/search?category=electronics.audio',
        shape: 'headphones',
        hue: 255,
      },
      { image: 'pages/gift-guide-2.svg', alt: 'For the home cook', link: '/search?category=home.kitchen', shape: 'pot', hue: 18 },
      { image: 'pages/gift-guide-3.svg', alt: 'For little ones', link: '/search?category=toys', shape: 'teddy', hue: 45 },
    ],
  },
];

function fixedImages(): Array<{ name: string; spec: ImageSpec }> {
  const out: Array<{ name: string; spec: ImageSpec }> = [
    { name: PLACEHOLDER_IMAGE, spec: { shape: 'placeholder', hue: 220, label: 'No image', seed: 0 } },
  ];
  const walk = (def: CategoryDef, prefix: string) => {
    const path = prefix ? `${prefix}.${def.key}` : def.key;
    out.push({ name: categoryImage(path), spec: { shape: def.shape, hue: def.hue, label: def.name, seed: path.length } });
    for (const child of def.children ?? []) walk(child, path);
  };
  for (const root of CATEGORIES) walk(root, '');
  for (const m of MERCHANTS) {
    out.push({
      name: merchantLogo(m.slug),
      spec: { shape: 'monogram', monogram: initials(m.name), hue: m.hue, label: m.name, seed: m.slug.length },
    });
  }
  BANNERS.forEach((b, i) =>
    out.push({ name: b.image, spec: { shape: b.shape, hue: b.hue, label: b.title, sublabel: b.subtitle, format: 'banner', seed: i + 1 } }),
  );
  POPUPS.forEach((p, i) => out.push({ name: p.image, spec: { shape: p.shape, hue: p.hue, label: p.name, sublabel: p.sub, seed: i + 7 } }));
  for (const page of IMAGE_PAGES) {
    page.blocks.forEach((b, i) =>
      out.push({ name: b.image, spec: { shape: b.shape, hue: b.hue, label: b.alt, format: 'banner', seed: i + 11 } }),
    );
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Database

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

async function insertReferenceData(db: Database): Promise<{ categoryIds: Map<string, string>; merchantIds: Map<string, string> }> {
  await db
    .insert(regions)
    .values(
      REGIONS.map((r, i) => ({
        key: r.key,
        name: r.name,
        currency: r.currency,
        countries: r.countries,
        priceBands: r.bands.map((b) => b * r.minorFactor),
        enabled: true,
        sortOrder: i,
      })),
    )
    .onConflictDoUpdate({
      target: regions.key,
      set: {
        name: sql`excluded.name`,
        currency: sql`excluded.currency`,
        countries: sql`excluded.countries`,
        priceBands: sql`excluded.price_bands`,
        enabled: sql`excluded.enabled`,
        sortOrder: sql`excluded.sort_order`,
      },
    });
  await db
    .insert(shippingLocations)
    .values(SHIPPING_COUNTRIES.map(shippingLocation))
    .onConflictDoUpdate({
      target: shippingLocations.countryCode,
      set: {
        enabled: true,
        rates: sql`excluded.rates`,
        deliveryDaysMin: sql`excluded.delivery_days_min`,
        deliveryDaysMax: sql`excluded.delivery_days_max`,
      },
    });
  // Only where missing: the shop's own tax settings are kept.
  await db
    .insert(taxRates)
    .values([...TAX_RATES])
    .onConflictDoNothing();
  await db
    .insert(config)
    .values(Object.entries(CONFIG).map(([key, value]) => ({ key, value })))
    .onConflictDoUpdate({ target: config.key, set: { value: sql`excluded.value` } });

  const categoryIds = new Map<string, string>();
  let level: Array<{ def: CategoryDef; parentPath: string | null; sortOrder: number }> = CATEGORIES.map((def, i) => ({
    def,
    parentPath: null,
    sortOrder: i,
  }));
  while (level.length > 0) {
    const rows = level.map(({ def, parentPath, sortOrder }) => {
      const path = parentPath ? `${parentPath}.${def.key}` : def.key;
      return {
        key: def.key,
        name: def.name,
        parentId: parentPath ? categoryIds.get(parentPath)! : null,
        path,
        image: categoryImage(path),
        sortOrder,
      };
    });
    const inserted = await db.insert(categories).values(rows).returning({ id: categories.id, path: categories.path });
    for (const row of inserted) categoryIds.set(row.path, row.id);
    level = level.flatMap(({ def, parentPath }) => {
      const path = parentPath ? `${parentPath}.${def.key}` : def.key;
      return (def.children ?? []).map((child, i) => ({ def: child, parentPath: path, sortOrder: i }));
    });
  }

  const merchantRows = await db
    .insert(merchants)
    .values(
      MERCHANTS.map((m, i) => ({
        slug: m.slug,
        name: m.name,
        description: m.description,
        countryCode: m.countryCode,
        logo: merchantLogo(m.slug),
        createdAt: new Date(EPOCH_MS - (500 - i * 20) * DAY_S * 1000),
      })),
    )
    .returning({ id: merchants.id, slug: merchants.slug });
  const merchantIds = new Map(merchantRows.map((m) => [m.slug, m.id]));
  return { categoryIds, merchantIds };
}

interface BatchStats {
  variantPaths: number;
  regionPrices: number;
}

async function insertProducts(
  db: Database,
  plans: ProductPlan[],
  categoryIds: Map<string, string>,
  merchantIds: Map<string, string>,
): Promise<{ ids: Map<string, string>; stats: BatchStats }> {
  const inserted = await insertJsonRows<typeof products, { id: string; param_name: string }>(
    db,
    products,
    plans.map((p) => ({
      paramName: p.paramName,
      name: p.name,
      description: p.description,
      keywords: p.keywords,
      categoryId: categoryIds.get(p.leaf.path)!,
      merchantId: merchantIds.get(p.merchantSlug)!,
      price: p.price,
      variants: p.variants,
      stock: p.stock,
      mainImage: p.mainImage,
      images: p.images,
      sourceMarketPlace: p.sourceMarketPlace,
      sourceUrl: p.sourceUrl,
      disabled: p.disabled,
      weight: p.weight,
      inStock: p.inStock,
      createdAt: p.createdAt,
      updatedAt: p.createdAt,
    })),
    [products.id, products.paramName],
  );
  const ids = new Map(inserted.map((row) => [row.param_name, row.id]));

  const pathRows: Array<typeof productVariantPaths.$inferInsert> = [];
  const priceRows: Array<typeof productRegionPrices.$inferInsert> = [];
  for (const p of plans) {
    const productId = ids.get(p.paramName)!;
    for (const [path, entry] of Object.entries(p.variantPaths)) {
      pathRows.push({ productId, path, price: entry.price, stock: entry.stock });
    }
    // One rule for the derived prices: the domain's priceRange.
    for (const [regionKey, { min, max }] of Object.entries(priceRange(p.price, p.variantPaths))) {
      priceRows.push({ productId, regionKey, minPrice: min, maxPrice: max });
    }
  }
  for (const chunk of chunks(pathRows, CHILD_BATCH)) await insertJsonRows(db, productVariantPaths, chunk);
  for (const chunk of chunks(priceRows, CHILD_BATCH)) await insertJsonRows(db, productRegionPrices, chunk);
  return { ids, stats: { variantPaths: pathRows.length, regionPrices: priceRows.length } };
}

async function insertContent(db: Database, categoryIds: Map<string, string>, featured: string[]): Promise<void> {
  await db.insert(banners).values(BANNERS.map((b, i) => ({ title: b.title, image: b.image, link: b.link, sortOrder: i, enabled: true })));
  await db.insert(popups).values(POPUPS.map((p, i) => ({ name: p.name, link: p.link, image: p.image, sortOrder: i, enabled: true })));
  const groups: Array<typeof homeProductGroups.$inferInsert> = [];
  if (featured.length > 0) groups.push({ name: 'Featured picks', productIds: featured, productLimit: featured.length });
  groups.push(
    { name: 'Laptops', categoryId: categoryIds.get('electronics.laptops')!, productLimit: 12 },
    { name: 'Phones and gadgets', categoryId: categoryIds.get('electronics')!, productLimit: 12 },
    { name: 'For the kitchen', categoryId: categoryIds.get('home.kitchen')!, productLimit: 8 },
    { name: 'Get active', categoryId: categoryIds.get('sports')!, productLimit: 8 },
  );
  await db.insert(homeProductGroups).values(groups.map((g, i) => ({ ...g, sortOrder: i, enabled: true })));
  await db.insert(imagePages).values(
    IMAGE_PAGES.map((page) => ({
      slug: page.slug,
      title: page.title,
      blocks: page.blocks.map(({ image, alt, link }) => ({ image, alt, link: link ?? null })),
      enabled: true,
    })),
  );
}

/** Fills an empty catalogue with the demo data and writes its images under `assetsDir`. */
export async function seedDemo(db: Database, options: SeedOptions): Promise<SeedResult> {
  const count = options.products ?? DEFAULT_PRODUCT_COUNT;
  if (!Number.isInteger(count) || count < 0) throw new Error(`products must be a whole number ≥ 0, not ${count}`);
  const log = options.log ?? (() => undefined);
  const usePool = count > IMAGE_POOL_THRESHOLD;
  await mkdir(options.assetsDir, { recursive: true });

  let imageFiles = 0;
  const fixed = fixedImages();
  imageFiles += 2 * (await writeImages(options.assetsDir, usePool ? [...fixed, ...poolImages()] : fixed));
  log(`images: ${imageFiles} files${usePool ? ` (a pool of ${IMAGE_POOL_SIZE} per category)` : ''}`);

  const result: SeedResult = {
    products: 0,
    categories: 0,
    merchants: 0,
    variantPaths: 0,
    regionPrices: 0,
    imageFiles,
  };

  const run = async (exec: Database, single: boolean) => {
    const inTx = <T>(fn: (tx: Database) => Promise<T>) => (single ? fn(exec) : exec.transaction((tx) => fn(tx)));
    const { categoryIds, merchantIds } = await inTx((tx) => insertReferenceData(tx));
    result.categories = categoryIds.size;
    result.merchants = merchantIds.size;
    log(
      `reference data: ${REGIONS.length} regions, ${SHIPPING_COUNTRIES.length} shipping countries, ${categoryIds.size} categories, ${merchantIds.size} merchants`,
    );

    const logEvery = Math.max(PRODUCT_BATCH, Math.ceil(count / 10 / PRODUCT_BATCH) * PRODUCT_BATCH);
    const featured: string[] = [];
    const featuredLeaves = new Set<string>();
    // Inserts go in batches of PRODUCT_BATCH; commits every TRANSACTION_PRODUCTS (commits are
    // slow on an on-disk PGlite, so not one per batch).
    for (let group = 0; group < count; group += TRANSACTION_PRODUCTS) {
      await inTx(async (tx) => {
        const groupEnd = Math.min(count, group + TRANSACTION_PRODUCTS);
        for (let start = group; start < groupEnd; start += PRODUCT_BATCH) {
          const plans: ProductPlan[] = [];
          for (let i = start; i < Math.min(groupEnd, start + PRODUCT_BATCH); i += 1) plans.push(planProduct(i, usePool));
          if (!usePool) {
            const written = await writeImages(
              options.assetsDir,
              plans.flatMap((p) => p.imageSpecs),
            );
            result.imageFiles += 2 * written;
          }
          const { ids, stats } = await insertProducts(tx, plans, categoryIds, merchantIds);
          for (const p of plans) {
            if (featured.length < 8 && !p.disabled && p.inStock && p.mainImage && !featuredLeaves.has(p.leaf.path)) {
              featured.push(ids.get(p.paramName)!);
              featuredLeaves.add(p.leaf.path);
            }
          }
          result.products += plans.length;
          result.variantPaths += stats.variantPaths;
          result.regionPrices += stats.regionPrices;
          if (result.products % logEvery === 0 || result.products === count) log(`products: ${result.products}/${count}`);
        }
      });
    }

    await inTx(async (tx) => {
      await insertContent(tx, categoryIds, featured);
      await seedTextPages(tx);
    });
    log(
      `content: ${BANNERS.length} banners, ${POPUPS.length} popups, home product groups, ${IMAGE_PAGES.length} image pages, ${TEXT_PAGES.length} text pages`,
    );
  };

  if (count <= TRANSACTION_PRODUCTS) {
    await db.transaction((tx) => run(tx, true));
  } else {
    await run(db, false);
  }
  return result;
}
