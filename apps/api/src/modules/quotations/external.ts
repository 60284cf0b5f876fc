import { AppError, LINK_MAX, parseHttpLink } from '@kedai/domain';
import { and, desc, eq, schema, sql, type Database } from '@kedai/db';
import type { ExternalProduct } from '@kedai/contract';
import { fetchPublicPage, type SafeFetchOptions } from '../../platform/safe-fetch';
import { extractProduct, marketplaceOf, type ExtractedProduct } from './product-page';
import { toExternalProduct } from './service';

/**
 * "Buy it for me" (issue 15): a shopper pastes a link to a product on another marketplace, the page
 * is fetched through the safe fetcher (platform/safe-fetch.ts) and the product read from its
 * structured data (product-page.ts), then kept as an external product of that shopper.
 *
 * One reading per link at a time in this process: a second request for a link being read joins the
 * first (`GET /product/checkPending` says whether one runs), and a shopper who reads the same link
 * again within READING_REUSE_MINUTES gets the same reading back without a fetch.
 */

const { externalProducts } = schema;

/** How long a shopper's reading of a link is reused rather than fetched again. */
const READING_REUSE_MINUTES = 10;

interface Reading {
  url: string;
  product: ExtractedProduct;
}

/** The readings running in this process, by link key, with how many requests wait for each. */
const running = new Map<string, { reading: Promise<Reading>; readers: number }>();

/** The link as a key: trimmed, without its fragment (which never reaches the server). */
function linkKey(link: string): string {
  const url = new URL(link);
  url.hash = '';
  return url.href;
}

/** Whether a reading of this link runs now in this process (`GET /product/checkPending`). */
export function isReadingPending(link: string): boolean {
  return readersOf(link) > 0;
}

async function read(link: string, fetchOptions: SafeFetchOptions): Promise<Reading> {
  const page = await fetchPublicPage(link, fetchOptions);
  const product = extractProduct(page.html, page.url);
  if (!product) throw new AppError('link/no_product');
  return { url: page.url, product };
}

/** How many requests wait for a running reading of this link (0 when none runs). */
export function readersOf(link: string): number {
  const checked = parseHttpLink(link);
  return checked === null ? 0 : (running.get(linkKey(checked))?.readers ?? 0);
}

/** The reading of `link`, joining one that runs already. */
function readOnce(link: string, fetchOptions: SafeFetchOptions): Promise<Reading> {
  const key = linkKey(link);
  const pending = running.get(key);
  if (pending) {
    pending.readers++;
    return pending.reading;
  }
  const reading = read(key, fetchOptions).finally(() => running.delete(key));
  running.set(key, { reading, readers: 1 });
  return reading;
}

/**
 * `POST /product/searchExternal`: the product at `link`, read now or reused from this shopper's
 * reading of the last minutes. 400 `link/invalid` for anything but an http(s) URL; the safe
 * fetcher's `link/…` refusals; 400 `link/no_product` when the page describes no product.
 */
export async function searchExternal(
  db: Database,
  userId: string,
  linkValue: unknown,
  fetchOptions: SafeFetchOptions,
): Promise<ExternalProduct> {
  const link = typeof linkValue === 'string' && linkValue.length <= LINK_MAX ? parseHttpLink(linkValue) : null;
  if (link === null) throw new AppError('link/invalid');
  const [recent] = await db
    .select()
    .from(externalProducts)
    .where(
      and(
        eq(externalProducts.userId, userId),
        eq(externalProducts.link, link),
        eq(externalProducts.origin, 'page'),
        sql`${externalProducts.createdAt} > now() - make_interval(mins => ${READING_REUSE_MINUTES})`,
      ),
    )
    .orderBy(desc(externalProducts.createdAt))
    .limit(1);
  if (recent) return toExternalProduct(recent);

  const { url, product } = await readOnce(link, fetchOptions);
  const [row] = await db
    .insert(externalProducts)
    .values({
      userId,
      link,
      url,
      origin: 'page',
      sourceMarketPlace: marketplaceOf(url, product.siteName),
      name: product.name,
      description: product.description,
      images: product.images,
      price: product.price,
      currency: product.currency,
      availability: product.availability,
      brand: product.brand,
    })
    .returning();
  return toExternalProduct(row!);
}
