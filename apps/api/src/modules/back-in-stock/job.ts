import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { isBackInStock, variantOptionsOf } from '@kedai/domain';
import { and, eq, inArray, isNull, schema, type Database } from '@kedai/db';
import type { Product } from '@kedai/contract';
import type { MailMessage, Mailer } from '../../platform/mailer';
import { simpleMail } from '../../platform/mail-template';
import type { EventJobPayload, JobKind } from '../../platform/jobs';
import { announce } from '../../platform/live';
import { shopName } from '../../platform/shop-config';
import { productsByIds } from '../catalogue/service';
import { recordNotification, unsubscribeLinks, wantEmail } from '../notifications/service';
import { mailContacts } from '../users/service';

/**
 * The "back in stock" mail (issues 13 and 28): when a product's stock comes back (the
 * `product.back_in_stock` event, recorded wherever stock goes from 0 to more: the back office's
 * stock edit or product edit, an order cancelled), its job finds the requests still waiting whose
 * product (enabled) or variant path can be bought now, claims them, mails "<Product> is back in
 * stock" with a link to the product page, and leaves them notified. Each request is mailed once,
 * also with several processes or the job run twice: it is claimed by one conditional update
 * (`notified_at IS NULL` -> now), so only the run whose update took the row mails it. A mail that
 * cannot be queued gives its claim back and fails the job, which is tried again. The claim also
 * writes each shopper's feed entry (issue 29, in the same transaction, so it is written once); the
 * mail is optional: skipped for a shopper who turned it off, and it carries the one-click unsubscribe.
 */

const { backInStockRequests } = schema;

export interface BackInStockJobDeps {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The storefront's public address, for the link (PUBLIC_WEB_URL). */
  publicWebUrl: string;
  /** The time written as `notified_at`. */
  clock: () => Date;
  /** The `product.back_in_stock` event being handled: each shopper told gets one notification of it. */
  eventId?: number;
  /** The key that signs the one-click unsubscribe link every one of these optional e-mails carries. */
  unsubscribeKey?: Uint8Array;
}

interface Claimed {
  id: string;
  userId: string;
  productId: string;
  variantPath: string;
}

/**
 * Mails the waiting requests of these products that can be bought now; answers how many mails were
 * queued. Rejects, with the claims of the mails not queued given back, when any could not be queued.
 */
export async function sendBackInStockMails(deps: BackInStockJobDeps, productIds: string[]): Promise<number> {
  const back = new Map((await productsByIds(deps.db, productIds)).filter((product) => !product.disabled).map((p) => [p.uuid, p]));
  if (back.size === 0) return 0;
  const waiting = await deps.db
    .select({ id: backInStockRequests.id, productId: backInStockRequests.productId, variantPath: backInStockRequests.variantPath })
    .from(backInStockRequests)
    .where(and(isNull(backInStockRequests.notifiedAt), inArray(backInStockRequests.productId, [...back.keys()])));
  const ready = waiting.filter((row) => isBackInStock(back.get(row.productId)!, row.variantPath)).map((row) => row.id);
  if (ready.length === 0) return 0;

  const at = deps.clock();
  // Claimed and told in the feed together: each shopper's notification is written once, with the claim.
  const claimed: Claimed[] = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(backInStockRequests)
      .set({ notifiedAt: at })
      .where(and(inArray(backInStockRequests.id, ready), isNull(backInStockRequests.notifiedAt)))
      .returning({
        id: backInStockRequests.id,
        userId: backInStockRequests.userId,
        productId: backInStockRequests.productId,
        variantPath: backInStockRequests.variantPath,
      });
    const told = new Set<string>();
    for (const row of rows) {
      if (told.has(`${row.userId}:${row.productId}`)) continue;
      told.add(`${row.userId}:${row.productId}`);
      const product = back.get(row.productId)!;
      await recordNotification(tx, {
        userId: row.userId,
        kind: 'product.back_in_stock',
        subjectType: 'product',
        subjectId: row.productId,
        payload: { name: product.name, paramName: product.paramName },
        eventId: deps.eventId ?? null,
        at,
      });
    }
    return rows;
  });
  if (claimed.length === 0) return 0;
  for (const userId of new Set(claimed.map((row) => row.userId))) announce(deps.db, { kind: 'counts', userId });

  const userIds = [...new Set(claimed.map((row) => row.userId))];
  const wanted = await wantEmail(deps.db, userIds, 'product.back_in_stock');
  const contacts = new Map((await mailContacts(deps.db, userIds)).map((c) => [c.id, c]));
  const shop = await shopName(deps.db);
  let sent = 0;
  let failed: Error | undefined;
  for (const request of claimed) {
    const contact = contacts.get(request.userId);
    // A blocked account is not mailed, nor one who turned these e-mails off; its request stays marked, as if mailed.
    if (!contact || !wanted.has(request.userId)) continue;
    const unsubscribe = deps.unsubscribeKey
      ? unsubscribeLinks({ publicWebUrl: deps.publicWebUrl, key: deps.unsubscribeKey }, request.userId, 'product.back_in_stock')
      : undefined;
    try {
      await deps.mailer.send(
        backInStockMail(deps.publicWebUrl, shop, contact, back.get(request.productId)!, request.variantPath, unsubscribe),
      );
      sent++;
    } catch (error) {
      failed ??= error instanceof Error ? error : new Error(String(error));
      deps.log.error({ err: error, requestId: request.id }, 'could not queue the back-in-stock mail; it is tried again');
      await deps.db
        .update(backInStockRequests)
        .set({ notifiedAt: null })
        .where(and(eq(backInStockRequests.id, request.id), eq(backInStockRequests.notifiedAt, at)));
    }
  }
  if (failed) throw failed;
  return sent;
}

/** "<Product> is back in stock", to the shopper who asked, with the product page's address. */
function backInStockMail(
  publicWebUrl: string,
  shop: string,
  contact: { email: string; firstName: string },
  product: Pick<Product, 'name' | 'paramName' | 'variants'>,
  variantPath: string,
  unsubscribe?: { headers: Record<string, string>; pageUrl: string },
): MailMessage {
  const options = variantOptionsOf(product.variants, variantPath);
  const what = options ? `${product.name} (${options.map((o) => `${o.name}: ${o.option}`).join(', ')})` : product.name;
  const mail = simpleMail({
    to: contact.email,
    subject: `${product.name} is back in stock`,
    name: contact.firstName,
    paragraphs: [`Good news: ${what} is back in stock at ${shop}.`, 'It may sell out again, so do not wait too long.'],
    action: { label: 'See the product', url: `${publicWebUrl}/product/${encodeURIComponent(product.paramName)}` },
    footer: [
      'You are getting this e-mail because you asked us to tell you when it was back. We will not e-mail you about it again.',
      ...(unsubscribe ? [`To stop all back-in-stock e-mails: ${unsubscribe.pageUrl}`] : []),
    ],
  });
  return unsubscribe ? { ...mail, headers: unsubscribe.headers } : mail;
}

/** `back_in_stock.mail`: the `product.back_in_stock` event's handler, for that product's waiting requests. */
export function backInStockMailJob(app: FastifyInstance): JobKind<EventJobPayload> {
  return {
    name: 'back_in_stock.mail',
    on: ['product.back_in_stock'],
    async run({ event }) {
      await sendBackInStockMails(
        {
          db: app.db,
          mailer: app.mailer,
          log: app.log,
          publicWebUrl: app.config.publicWebUrl,
          clock: () => app.config.clock?.() ?? new Date(),
          eventId: event.id,
          unsubscribeKey: app.unsubscribeKey,
        },
        [event.subject],
      );
    },
  };
}
