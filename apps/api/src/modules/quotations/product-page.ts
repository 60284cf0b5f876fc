import { parse, type HTMLElement } from 'node-html-parser';
import { baseUrlOf, firstMeta as first, metaTags, pageText } from '../../platform/page-text';

/**
 * Reading a product from a marketplace page (issue 15, "From a link"): the safe fetcher brings the
 * HTML, this reads the product from the page's structured data. Sources in order of trust: JSON-LD,
 * then microdata, then OpenGraph / meta tags (then Twitter cards for the title and image); a later
 * source only fills what the earlier ones left empty. Pages are foreign and may be hostile: every
 * text is decoded and stripped of markup, every walk is bounded, and no regular expression can
 * backtrack badly on a 2 MB page.
 */

export type ExternalAvailability = 'in_stock' | 'out_of_stock' | 'preorder' | 'unknown';

export interface ExtractedProduct {
  /** 1..200 characters, whitespace collapsed, tags and entities decoded. */
  name: string;
  /** At most 2000 characters (cut at a word boundary with '…'). */
  description: string | null;
  /** Absolute http(s) URLs resolved against the page, de-duplicated, at most 10, each ≤ 2000 characters. */
  images: string[];
  /** A plain non-negative decimal with '.' as separator, e.g. '1299.00', '45', '59.5'. */
  price: string | null;
  /** ISO 4217, upper case. */
  currency: string | null;
  availability: ExternalAvailability;
  /** At most 100 characters. */
  brand: string | null;
  /** og:site_name, else the JSON-LD WebSite / Organization name; at most 100 characters. */
  siteName: string | null;
}

const MAX_NAME = 200;
const MAX_DESCRIPTION = 2000;
const MAX_IMAGES = 10;
const MAX_URL = 2000;
const MAX_SHORT = 100;
/** Bounds of the JSON-LD walk: deeper or larger graphs are hostile, not products. */
const MAX_DEPTH = 32;
const MAX_NODES = 5000;
const MAX_MICRODATA_ITEMS = 20;
/** Above this a price is a mistake (or an attack), not a price. */
const MAX_PRICE = 1e12;

const PRODUCT_TYPES = new Set(['product', 'productgroup', 'individualproduct', 'productmodel']);

type Json = Record<string, unknown>;

/** An offer as a source states it, before cleaning. */
interface RawOffer {
  price?: unknown;
  currency?: unknown;
  availability?: unknown;
}

/** A product as a source states it, before cleaning. */
interface RawProduct {
  name?: unknown;
  description?: unknown;
  images: unknown[];
  brand?: unknown;
  offers: RawOffer[];
}

/** What one source read, cleaned; an empty field is null ([] for images, 'unknown' for availability, undefined for the name). */
type Found = Omit<ExtractedProduct, 'name' | 'siteName'> & { name: string | undefined };

/** The product a page describes, or null when it holds no product (no name found in any source). */
export function extractProduct(html: string, pageUrl: string): ExtractedProduct | null {
  const root = parse(html);
  const base = baseUrlOf(root, pageUrl);
  const jsonLd = readJsonLd(root);
  const microdata = readMicrodata(root);
  const meta = metaTags(root);
  // A plain article has an og:title too: OpenGraph names a product only when it says it is one.
  const isProduct = Boolean(jsonLd.product ?? microdata) || isOpenGraphProduct(meta);
  const sources = [jsonLd.product, microdata, isProduct ? openGraph(meta) : undefined, isProduct ? twitterCard(meta) : undefined];
  const found = sources.reduce<Found>((into, raw) => (raw ? fillGaps(into, cleanProduct(raw, base)) : into), emptyFound());
  if (!found.name) return null;
  const siteName = cleanText(first(meta, 'og:site_name'), MAX_SHORT) ?? cleanText(jsonLd.siteName, MAX_SHORT);
  return { ...found, name: found.name, siteName: siteName ?? null };
}

/** The marketplace a page belongs to, for `sourceMarketPlace`: the site's own name when it gives one, else its host without a leading "www." (lower case). */
export function marketplaceOf(pageUrl: string, siteName: string | null): string {
  const name = cleanText(siteName, MAX_SHORT);
  if (name) return name;
  try {
    return new URL(pageUrl).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return '';
  }
}

// ---------------------------------------------------------------------------------------------
// Merging and cleaning

function emptyFound(): Found {
  return { name: undefined, description: null, images: [], price: null, currency: null, availability: 'unknown', brand: null };
}

/** `into`, with its empty fields taken from `from`. */
function fillGaps(into: Found, from: Found): Found {
  return {
    name: into.name ?? from.name,
    description: into.description ?? from.description,
    images: into.images.length > 0 ? into.images : from.images,
    price: into.price ?? from.price,
    currency: into.currency ?? from.currency,
    availability: into.availability !== 'unknown' ? into.availability : from.availability,
    brand: into.brand ?? from.brand,
  };
}

function cleanProduct(raw: RawProduct, base: URL | undefined): Found {
  const offer = bestOffer(raw.offers);
  return {
    name: cleanText(raw.name, MAX_NAME),
    description: cleanText(raw.description, MAX_DESCRIPTION) ?? null,
    images: cleanImages(raw.images, base),
    price: offer.price,
    currency: offer.currency,
    availability: offer.availability,
    brand: cleanText(raw.brand, MAX_SHORT) ?? null,
  };
}

/** The lowest priced offer's price and currency; the availability of that offer, else of the first offer that states one. */
function bestOffer(offers: RawOffer[]): Pick<ExtractedProduct, 'price' | 'currency' | 'availability'> {
  const priced = offers
    .map((offer) => ({ offer, price: normalisePrice(offer.price) }))
    .filter((entry): entry is { offer: RawOffer; price: string } => entry.price !== null);
  const lowest = priced.reduce<(typeof priced)[number] | undefined>(
    (low, entry) => (!low || Number(entry.price) < Number(low.price) ? entry : low),
    undefined,
  );
  const stated = [lowest?.offer, ...offers].map((offer) => availabilityOf(offer?.availability)).find((value) => value !== 'unknown');
  return { price: lowest?.price ?? null, currency: normaliseCurrency(lowest?.offer.currency), availability: stated ?? 'unknown' };
}

/** A single text (the first of a list, the `@value` of a JSON-LD value object), as found. */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (Array.isArray(value)) return textOf(value[0]);
  if (isObject(value)) return textOf(value['@value']);
  return undefined;
}

/** Text for a field (the first of a list, the `@value` of a JSON-LD value object): platform/page-text.ts's pageText. */
function cleanText(value: unknown, max: number): string | undefined {
  return pageText(textOf(value), max);
}

/**
 * A plain non-negative decimal with '.' as separator, or null. Accepts "1,299.00", "1.299,00",
 * "$129.90", " 45 ", "Rp 1.299.000" and numbers; null for negative, non-numeric or absurd values.
 */
function normalisePrice(value: unknown): string | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0 || value > MAX_PRICE) return null;
    return String(value).includes('e') ? value.toFixed(2) : String(value);
  }
  const text = textOf(value);
  // Prices are short: a long string is not one (and it keeps the patterns below cheap).
  if (text === undefined || text.length > 64) return null;
  // Currency symbols and codes around the number go; spaces and apostrophes inside it group thousands.
  const core = text.replace(/^[^\d.,-]+/, '').replace(/\D+$/, '');
  const number = core.replace(/[\s']/g, '');
  if (core.startsWith('-') || !/^[\d.,]*\d$/.test(number)) return null;
  const at = decimalSeparatorAt(number);
  const whole = at < 0 ? number : number.slice(0, at);
  const fraction = at < 0 ? '' : number.slice(at + 1);
  const groups = whole.split(/[.,]/);
  const grouped = groups.length === 1 || (/^\d{1,3}$/.test(groups[0] ?? '') && groups.slice(1).every((group) => /^\d{3}$/.test(group)));
  if (!grouped || (whole.includes('.') && whole.includes(',')) || !/^\d*$/.test(fraction)) return null;
  const integer = groups.join('').replace(/^0+(?=\d)/, '') || '0';
  const price = fraction ? `${integer}.${fraction}` : integer;
  return Number(price) > MAX_PRICE ? null : price;
}

/** Where the decimal separator of "1,299.00" / "1.299,00" / "45,5" is, or -1 when all separators group thousands. */
function decimalSeparatorAt(number: string): number {
  const comma = number.lastIndexOf(',');
  const dot = number.lastIndexOf('.');
  if (comma > dot) {
    // European after '.' thousands ("1.299,00"), or the only comma with 1–2 digits after it ("59,5"); "1,299" is thousands.
    const onlyComma = number.indexOf(',') === comma;
    return dot >= 0 || (onlyComma && number.length - comma - 1 <= 2) ? comma : -1;
  }
  // A single dot is decimal ("1299.00", "1,299.00"); several are thousands ("1.299.000").
  return dot >= 0 && number.indexOf('.') === dot ? dot : -1;
}

/** ISO 4217 letters, upper case; anything else ('US$', '$') is no currency. */
function normaliseCurrency(value: unknown): string | null {
  const text = textOf(value)?.trim();
  return text && /^[a-z]{3}$/i.test(text) ? text.toUpperCase() : null;
}

const AVAILABILITY: Record<string, ExternalAvailability> = {
  instock: 'in_stock',
  limitedavailability: 'in_stock',
  onlineonly: 'in_stock',
  instoreonly: 'in_stock',
  outofstock: 'out_of_stock',
  soldout: 'out_of_stock',
  discontinued: 'out_of_stock',
  preorder: 'preorder',
  presale: 'preorder',
  backorder: 'preorder',
};

/** schema.org ItemAvailability as a URL ('https://schema.org/InStock'), prefixed or short text ('in stock'). */
function availabilityOf(value: unknown): ExternalAvailability {
  const text = textOf(isObject(value) ? value['@id'] : value);
  if (!text) return 'unknown';
  const key = localName(text.trim())
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
  return AVAILABILITY[key] ?? 'unknown';
}

/** 'http://schema.org/Product', 'schema:Product' → 'Product'. */
function localName(value: string): string {
  return value.slice(Math.max(value.lastIndexOf('/'), value.lastIndexOf(':'), value.lastIndexOf('#')) + 1);
}

/** Absolute http(s) URLs, de-duplicated (the same image over http and https once), at most 10. */
function cleanImages(values: unknown[], base: URL | undefined): string[] {
  const images = new Map<string, string>();
  for (const value of values) {
    const url = absoluteUrl(textOf(value), base);
    const key = url?.replace(/^https?:/, '');
    if (url && key && !images.has(key)) images.set(key, url);
    if (images.size === MAX_IMAGES) break;
  }
  return [...images.values()];
}

function absoluteUrl(value: string | undefined, base: URL | undefined): string | undefined {
  // JSON-LD writers often HTML-escape the '&' of a query string.
  const text = value?.trim().replace(/&amp;/g, '&');
  if (!text) return undefined;
  try {
    const url = new URL(text, base);
    const ok = (url.protocol === 'http:' || url.protocol === 'https:') && url.href.length <= MAX_URL;
    return ok ? url.href : undefined;
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// 1. JSON-LD

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function list(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

function typesOf(node: Json): string[] {
  return list(node['@type'])
    .filter((type): type is string => typeof type === 'string')
    .map((type) => localName(type).toLowerCase());
}

/** Every object in a JSON value, parents before children; bounded, as pages may be hostile. */
function objectsIn(value: unknown, out: Json[] = [], depth = 0): Json[] {
  if (depth > MAX_DEPTH || out.length >= MAX_NODES) return out;
  if (Array.isArray(value)) for (const item of value) objectsIn(item, out, depth + 1);
  else if (isObject(value)) {
    out.push(value);
    for (const child of Object.values(value)) objectsIn(child, out, depth + 1);
  }
  return out;
}

/** The parsed blocks; a block that is not JSON is skipped, the others still count. */
function jsonLdBlocks(root: HTMLElement): unknown[] {
  const blocks: unknown[] = [];
  for (const script of root.querySelectorAll('script')) {
    if (!script.getAttribute('type')?.trim().toLowerCase().startsWith('application/ld+json')) continue;
    // Raw control characters (newlines inside strings) break JSON.parse and are whitespace anyway;
    // some pages wrap the block in an HTML comment or CDATA.
    const text = script.rawText
      .replace(/\p{Cc}+/gu, ' ')
      .trim()
      .replace(/^(?:<!--|(?:\/\/\s*)?<!\[CDATA\[)|(?:-->|(?:\/\/\s*)?\]\]>)$/g, '');
    try {
      blocks.push(JSON.parse(text));
    } catch {
      // One broken block must not hide the others.
    }
  }
  return blocks;
}

function readJsonLd(root: HTMLElement): { product: RawProduct | undefined; siteName: string | undefined } {
  const blocks = jsonLdBlocks(root);
  const nodes = objectsIn(blocks);
  const byId = new Map<string, Json>();
  for (const node of nodes) if (typeof node['@id'] === 'string' && Object.keys(node).length > 1) byId.set(node['@id'], node);
  // A bare {"@id": …} points at a node elsewhere in the graph (Yoast and WooCommerce link images and offers so).
  const deref = (value: unknown): unknown =>
    isObject(value) && typeof value['@id'] === 'string' && Object.keys(value).length === 1 ? (byId.get(value['@id']) ?? value) : value;

  const products = nodes.filter((node) => typesOf(node).some((type) => PRODUCT_TYPES.has(type)));
  const main = products.find((node) => cleanText(node.name, MAX_NAME)) ?? products[0];
  return { product: main && jsonLdProduct(main, deref), siteName: jsonLdSiteName(blocks) };
}

function jsonLdProduct(node: Json, deref: (value: unknown) => unknown): RawProduct {
  // A ProductGroup often states offers and images on its variants only.
  const variants = list(node.hasVariant).map(deref).filter(isObject);
  const offers = jsonLdOffers(node.offers, deref);
  const images = jsonLdImages(node.image, deref);
  const brand = deref(list(node.brand)[0]);
  return {
    name: node.name,
    description: node.description,
    images: images.length > 0 ? images : variants.flatMap((variant) => jsonLdImages(variant.image, deref)),
    brand: isObject(brand) ? brand.name : brand,
    offers: offers.length > 0 ? offers : variants.flatMap((variant) => jsonLdOffers(variant.offers, deref)),
  };
}

/** An image as a string, an ImageObject {url | contentUrl}, or a list of those. */
function jsonLdImages(value: unknown, deref: (value: unknown) => unknown): unknown[] {
  return list(value)
    .map(deref)
    .map((image) => (isObject(image) ? (image.url ?? image.contentUrl) : image));
}

/** Offer, AggregateOffer (lowPrice, else price; its own offers too) or a list, with priceSpecification as a fallback. */
function jsonLdOffers(value: unknown, deref: (value: unknown) => unknown, depth = 0): RawOffer[] {
  return list(value)
    .map(deref)
    .filter(isObject)
    .flatMap((offer) => {
      const spec = list(offer.priceSpecification)
        .map(deref)
        .find((item): item is Json => isObject(item) && item.price !== undefined);
      const own: RawOffer = {
        price: offer.lowPrice ?? offer.price ?? spec?.price,
        currency: offer.priceCurrency ?? spec?.priceCurrency,
        availability: offer.availability,
      };
      const nested = depth < 2 ? jsonLdOffers(offer.offers, deref, depth + 1) : [];
      return [own, ...nested];
    });
}

/** The name of a top-level WebSite node, else of a top-level Organization (not a brand's or seller's). */
function jsonLdSiteName(blocks: unknown[]): string | undefined {
  const top = blocks.flatMap(list).flatMap((node) => (isObject(node) && node['@graph'] ? [node, ...list(node['@graph'])] : [node]));
  const named = (type: string) =>
    top.find((node): node is Json => isObject(node) && typesOf(node).includes(type) && textOf(node.name) !== undefined)?.name;
  return textOf(named('website') ?? named('organization'));
}

// ---------------------------------------------------------------------------------------------
// 2. Microdata

/** The item an `itemprop` element belongs to: its nearest ancestor with `itemscope`. */
function ownerScope(element: HTMLElement): HTMLElement | null {
  let parent = element.parentNode;
  while (parent && !parent.hasAttribute('itemscope')) parent = parent.parentNode;
  return parent;
}

/** The properties of one item, by name; a nested item's own properties are not this item's. */
function itemProps(scope: HTMLElement): Map<string, HTMLElement[]> {
  const props = new Map<string, HTMLElement[]>();
  for (const element of scope.querySelectorAll('[itemprop]')) {
    if (ownerScope(element) !== scope) continue;
    for (const name of (element.getAttribute('itemprop') ?? '').split(/\s+/)) {
      if (!name) continue;
      const elements = props.get(name) ?? [];
      elements.push(element);
      props.set(name, elements);
    }
  }
  return props;
}

/** A property's value: its `content`, its link or source for links and media, else its text. */
function propValue(element: HTMLElement): string | undefined {
  const content = element.getAttribute('content');
  if (content !== undefined) return content;
  const tag = element.tagName.toLowerCase();
  if (tag === 'a' || tag === 'link' || tag === 'area') return element.getAttribute('href');
  if (['img', 'source', 'video', 'audio', 'iframe', 'embed'].includes(tag)) return element.getAttribute('src');
  if (tag === 'data' || tag === 'meter') return element.getAttribute('value');
  if (tag === 'time') return element.getAttribute('datetime') ?? element.innerHTML;
  return element.innerHTML;
}

function isMicrodataProduct(element: HTMLElement): boolean {
  const types = (element.getAttribute('itemtype') ?? '').split(/\s+/);
  return types.some((type) => /schema\.org\//i.test(type) && PRODUCT_TYPES.has(localName(type).toLowerCase()));
}

function readMicrodata(root: HTMLElement): RawProduct | undefined {
  // The first few products only: nested items make each one cost its whole subtree.
  const products = root.querySelectorAll('[itemscope][itemtype]').filter(isMicrodataProduct).slice(0, MAX_MICRODATA_ITEMS).map(itemProps);
  const props = products.find((item) => cleanText(valueOf(item, 'name'), MAX_NAME)) ?? products[0];
  if (!props) return undefined;
  const offerScopes = (props.get('offers') ?? []).filter((element) => element.hasAttribute('itemscope')).map(itemProps);
  // Some pages put price and currency on the product itself.
  const offers = [...offerScopes, props].map((offer) => ({
    price: valueOf(offer, 'lowPrice') ?? valueOf(offer, 'price'),
    currency: valueOf(offer, 'priceCurrency'),
    availability: valueOf(offer, 'availability'),
  }));
  const brand = props.get('brand')?.[0];
  return {
    name: valueOf(props, 'name'),
    description: valueOf(props, 'description'),
    images: (props.get('image') ?? []).map(propValue),
    brand: brand?.hasAttribute('itemscope') ? valueOf(itemProps(brand), 'name') : brand && propValue(brand),
    offers: offers.filter((offer) => offer.price !== undefined || offer.availability !== undefined),
  };
}

function valueOf(props: Map<string, HTMLElement[]>, name: string): string | undefined {
  const element = props.get(name)?.[0];
  return element && propValue(element);
}

// ---------------------------------------------------------------------------------------------
// 3. OpenGraph, product meta tags and Twitter cards

function isOpenGraphProduct(meta: Map<string, string[]>): boolean {
  const type = first(meta, 'og:type')?.trim().toLowerCase() ?? '';
  return /^(og:)?product(\.item|\.group)?$/.test(type) || first(meta, 'product:price:amount', 'og:price:amount') !== undefined;
}

function openGraph(meta: Map<string, string[]>): RawProduct {
  return {
    name: first(meta, 'og:title'),
    description: first(meta, 'og:description'),
    images: ['og:image:secure_url', 'og:image', 'og:image:url'].flatMap((key) => meta.get(key) ?? []),
    brand: first(meta, 'product:brand', 'og:brand'),
    offers: [
      {
        price: first(meta, 'product:price:amount', 'og:price:amount'),
        currency: first(meta, 'product:price:currency', 'og:price:currency'),
        availability: first(meta, 'product:availability', 'og:availability'),
      },
    ],
  };
}

function twitterCard(meta: Map<string, string[]>): RawProduct {
  return {
    name: first(meta, 'twitter:title'),
    images: ['twitter:image', 'twitter:image:src'].flatMap((key) => meta.get(key) ?? []),
    offers: [],
  };
}
