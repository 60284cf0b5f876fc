import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { isBackInStock, variantOptionsOf } from '@kedai/domain';
import { and, asc, eq, gt, inArray, isNull, schema, type Database } from '@kedai/db';
import type { Product } from '@kedai/contract';
import type { Mailer } from '../../platform/mailer';
import { simpleMail } from '../../platform/mail-template';
import { startRepeating } from '../../platform/jobs';
import { shopName } from '../../platform/shop-config';
import { productsByIds } from '../catalogue/service';
import { mailContacts } from '../users/service';

/**
 * The "back in stock" mail (issue 13): finds the requests still waiting whose product (enabled) or
 * variant path can be bought again, claims them, mails "<Product> is back in stock" with a link to
 * the product page, and leaves them notified. Safe with several API processes running it at once:
 * a request is claimed by one conditional update (`notified_at IS NULL` -> now), so only the process
 * whose update took the row mails it. A mail that cannot be queued gives its claim back, to be tried
 * on the next run.
 */

const { backInStockRequests } = schema;

/** Products looked at per page of the scan. */
const PRODUCTS_PER_PAGE = 200;

/** How often the API process runs the job. */
const BACK_IN_STOCK_INTERVAL_MS = 60_000;

export interface BackInStockJobDeps {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The storefront's public address, for the link (PUBLIC_WEB_URL). */
  publicWebUrl: string;
  /** The time written as `notified_at`. */
  clock: () => Date;
}

interface Claimed {
  id: string;
  userId: string;
  productId: string;
  variantPath: string;
}

/** One run of the job: the number of mails queued. */
export async function sendBackInStockMails(deps: BackInStockJobDeps): Promise<number> {
  let sent = 0;
  let after: string | undefined;
  for (;;) {
    const page = await deps.db
      .selectDistinct({ productId: backInStockRequests.productId })
      .from(backInStockRequests)
      .where(and(isNull(backInStockRequests.notifiedAt), after ? gt(backInStockRequests.productId, after) : undefined))
      .orderBy(asc(backInStockRequests.productId))
      .limit(PRODUCTS_PER_PAGE);
    if (page.length === 0) break;
    after = page[page.length - 1]!.productId;
    sent += await sendForProducts(
      deps,
      page.map((row) => row.productId),
    );
    if (page.length < PRODUCTS_PER_PAGE) break;
  }
  return sent;
}

async function sendForProducts(deps: BackInStockJobDeps, productIds: string[]): Promise<number> {
  const back = new Map((await productsByIds(deps.db, productIds)).filter((product) => !product.disabled).map((p) => [p.uuid, p]));
  if (back.size === 0) return 0;
  const waiting = await deps.db
    .select({ id: backInStockRequests.id, productId: backInStockRequests.productId, variantPath: backInStockRequests.variantPath })
    .from(backInStockRequests)
    .where(and(isNull(backInStockRequests.notifiedAt), inArray(backInStockRequests.productId, [...back.keys()])));
  const ready = waiting.filter((row) => isBackInStock(back.get(row.productId)!, row.variantPath)).map((row) => row.id);
  if (ready.length === 0) return 0;

  const at = deps.clock();
  const claimed: Claimed[] = await deps.db
    .update(backInStockRequests)
    .set({ notifiedAt: at })
    .where(and(inArray(backInStockRequests.id, ready), isNull(backInStockRequests.notifiedAt)))
    .returning({
      id: backInStockRequests.id,
      userId: backInStockRequests.userId,
      productId: backInStockRequests.productId,
      variantPath: backInStockRequests.variantPath,
    });
  if (claimed.length === 0) return 0;

  const contacts = new Map((await mailContacts(deps.db, [...new Set(claimed.map((row) => row.userId))])).map((c) => [c.id, c]));
  const shop = await shopName(deps.db);
  let sent = 0;
  for (const request of claimed) {
    const contact = contacts.get(request.userId);
    // A blocked account is not mailed; its request stays marked, as if mailed.
    if (!contact) continue;
    try {
      await deps.mailer.send(backInStockMail(deps.publicWebUrl, shop, contact, back.get(request.productId)!, request.variantPath));
      sent++;
    } catch (error) {
      deps.log.error({ err: error, requestId: request.id }, 'could not queue the back-in-stock mail; it is tried again on the next run');
      await deps.db
        .update(backInStockRequests)
        .set({ notifiedAt: null })
        .where(and(eq(backInStockRequests.id, request.id), eq(backInStockRequests.notifiedAt, at)));
    }
  }
  return sent;
}

/** "<Product> is back in stock", to the shopper who asked, with the product page's address. */
function backInStockMail(
  publicWebUrl: string,
  shop: string,
  contact: { email: string; firstName: string },
  product: Pick<Product, 'name' | 'paramName' | 'variants'>,
  variantPath: string,
) {
  const options = variantOptionsOf(product.variants, variantPath);
  const what = options ? `${product.name} (${options.map((o) => `${o.name}: ${o.option}`).join(', ')})` : product.name;
  return simpleMail({
    to: contact.email,
    subject: `${product.name} is back in stock`,
    name: contact.firstName,
    paragraphs: [`Good news: ${what} is back in stock at ${shop}.`, 'It may sell out again, so do not wait too long.'],
    action: { label: 'See the product', url: `${publicWebUrl}/product/${encodeURIComponent(product.paramName)}` },
    footer: ['You are getting this e-mail because you asked us to tell you when it was back. We will not e-mail you about it again.'],
  });
}

/** Mails every BACK_IN_STOCK_INTERVAL_MS in this process (platform/jobs); answers the stop function. */
export function startBackInStockMails(app: FastifyInstance, intervalMs = BACK_IN_STOCK_INTERVAL_MS): () => Promise<void> {
  const deps: BackInStockJobDeps = {
    db: app.db,
    mailer: app.mailer,
    log: app.log,
    publicWebUrl: app.config.publicWebUrl,
    clock: () => new Date(),
  };
  return startRepeating(app, { name: 'back-in-stock mails', intervalMs, run: () => sendBackInStockMails(deps) });
}
