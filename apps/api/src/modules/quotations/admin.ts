import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  AppError,
  DECLINE_REASON_MAX,
  canChangeQuotationStatus,
  formatMoney,
  isUuid,
  parseDeclineReason,
  parseQuotationQuote,
  suggestQuotedPrice,
  toMinorUnits,
  type QuotationPricing,
  type QuotationStatus,
} from '@kedai/domain';
import { and, count, desc, eq, inArray, schema, sql, type Database, type SQL } from '@kedai/db';
import type {
  AdminQuotationDecline,
  AdminQuotationItem,
  AdminQuotationList,
  AdminQuotationListQuery,
  AdminQuotationResolve,
} from '@kedai/contract';
import { recordAudit } from '../../platform/audit';
import { recordEvent } from '../../platform/events';
import type { EventJobPayload, JobKind } from '../../platform/jobs';
import type { Mailer } from '../../platform/mailer';
import { simpleMail } from '../../platform/mail-template';
import { configEntries, quotationPricingOf, shopName } from '../../platform/shop-config';
import { listRegions } from '../regions/service';
import { mailContacts } from '../users/service';
import { relatedOf, toQuotationItem } from './service';

/**
 * The back office's quotation queue (issue 15): staff list the items, newest first, and answer a
 * pending one with a quote (p → r) or a reason (p → d). Which transitions are allowed is the one
 * rule of packages/domain (`canChangeQuotationStatus`). Each answer carries the `version` it was
 * read at and is written by one conditional update (`status = 'p' AND version = $read`), so of two
 * staff answering at once one wins and the other gets 409 `quotation/version_conflict`. The answer,
 * its audit record and its domain event (`quotation.answered` or `quotation.declined`) are written in
 * one transaction; the shopper's e-mail is the event's job (`quotations.mail`), after the commit.
 */

type ItemRow = typeof schema.quotationItems.$inferSelect;
const { quotationItems, users } = schema;

export interface QuotationAdminDeps {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The storefront's public address, for the link in the e-mail. */
  publicWebUrl: string;
}

interface Pricing {
  appCurrency: string;
  pricing: QuotationPricing;
  regions: { key: string; currency: string }[];
}

/**
 * A quote suggested from what the page showed: its price converted to each region's currency with
 * the shop's exchange rates, plus the fee. Null without a price, or where no region can be priced.
 */
function suggestionFor(
  external: { price: string | null; currency: string | null } | undefined,
  { appCurrency, pricing, regions }: Pricing,
) {
  if (!external?.price || !external.currency) return null;
  let basePrice: number;
  try {
    basePrice = toMinorUnits(external.price, external.currency);
  } catch {
    return null;
  }
  const prices = regions.flatMap(({ key, currency }) => {
    const amount = suggestQuotedPrice(basePrice, external.currency!, currency, appCurrency, pricing);
    return amount === null ? [] : [[key, amount] as const];
  });
  return prices.length > 0 ? Object.fromEntries(prices) : null;
}

async function toAdminItems(db: Database, rows: ItemRow[]): Promise<AdminQuotationItem[]> {
  const userIds = [...new Set(rows.flatMap((row) => (row.answeredBy ? [row.userId, row.answeredBy] : [row.userId])))];
  const [related, people, entries, regions] = await Promise.all([
    relatedOf(db, rows),
    userIds.length > 0
      ? db
          .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(inArray(users.id, userIds))
      : [],
    configEntries(db),
    listRegions(db),
  ]);
  const pricing: Pricing = { appCurrency: String(entries.app_currency), pricing: quotationPricingOf(entries), regions };
  const personById = new Map(people.map((person) => [person.id, person]));
  return rows.map((row) => {
    const product = related.productById.get(row.productId ?? '');
    const shopper = personById.get(row.userId);
    const answeredBy = row.answeredBy ? personById.get(row.answeredBy) : undefined;
    const external = row.externalProductId ? related.externalById.get(row.externalProductId) : undefined;
    return {
      ...toQuotationItem(row, external, product),
      shopper: {
        id: row.userId,
        email: shopper?.email ?? '',
        name: shopper ? `${shopper.firstName} ${shopper.lastName}`.trim() : '',
      },
      product: product ?? null,
      answeredBy: answeredBy && row.status !== 'p' ? { id: answeredBy.id, email: answeredBy.email } : null,
      suggestedQuotedPrice: suggestionFor(external, pricing),
      version: row.version,
    };
  });
}

/** `GET /admin/quotation_item`: newest first, filtered by status and source, a page at a time. */
export async function listQuotationsForStaff(db: Database, query: AdminQuotationListQuery): Promise<AdminQuotationList> {
  const limit = query.limit ?? 25;
  const page = query.page ?? 1;
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(quotationItems.status, query.status));
  if (query.source) filters.push(eq(quotationItems.productSource, query.source));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(quotationItems)
      .where(where)
      .orderBy(desc(quotationItems.createdAt), desc(quotationItems.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(quotationItems).where(where),
  ]);
  const n = total?.n ?? 0;
  return { items: await toAdminItems(db, rows), total: n, page, limit, pages: Math.max(1, Math.ceil(n / limit)) };
}

async function rowById(db: Database, id: string): Promise<ItemRow> {
  if (!isUuid(id)) throw new AppError('quotation/not_found');
  const [row] = await db.select().from(quotationItems).where(eq(quotationItems.id, id.toLowerCase()));
  if (!row) throw new AppError('quotation/not_found');
  return row;
}

/** `GET /admin/quotation_item/{id}`. */
export async function quotationForStaff(db: Database, id: string): Promise<AdminQuotationItem> {
  const [item] = await toAdminItems(db, [await rowById(db, id)]);
  return item!;
}

/** The version an answer was read at: a whole number, else the answer cannot be placed (409). */
function versionOf(value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw new AppError('quotation/version_conflict');
  return value;
}

/** Refuses an answer to an item that is not pending (or changed since `version`). */
function checkAnswerable(row: ItemRow, version: number, to: QuotationStatus): void {
  if (!canChangeQuotationStatus(row.status, to)) throw new AppError('quotation/already_answered');
  if (row.version !== version) throw new AppError('quotation/version_conflict');
}

/**
 * Writes the answer if the item is still pending at `version`, with its audit record; 409 when
 * another answer or the shopper's edit came first.
 */
async function answer(
  deps: QuotationAdminDeps,
  actorId: string,
  row: ItemRow,
  version: number,
  change: Pick<ItemRow, 'status' | 'statusData' | 'declineReason'>,
): Promise<AdminQuotationItem> {
  const written = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(quotationItems)
      .set({ ...change, answeredAt: sql`now()`, answeredBy: actorId, version: version + 1, updatedAt: sql`now()` })
      .where(and(eq(quotationItems.id, row.id), eq(quotationItems.status, 'p'), eq(quotationItems.version, version)))
      .returning();
    if (!updated) throw new AppError('quotation/version_conflict');
    await recordAudit(tx, {
      actorId,
      action: change.status === 'r' ? 'quotation.resolve' : 'quotation.decline',
      objectType: 'quotation_item',
      objectId: row.id,
      before: { status: row.status, version },
      after: { status: change.status, statusData: change.statusData, declineReason: change.declineReason },
    });
    await recordEvent(tx, {
      type: change.status === 'r' ? 'quotation.answered' : 'quotation.declined',
      subject: row.id,
      payload: change.status === 'r' ? {} : { reason: change.declineReason },
    });
    return updated;
  });
  const [item] = await toAdminItems(deps.db, [written]);
  return item!;
}

/** `POST /admin/quotation_item/{id}/resolve`: a quote for each region (and the marketplace price). */
export async function resolveQuotation(
  deps: QuotationAdminDeps,
  actorId: string,
  id: string,
  body: AdminQuotationResolve,
): Promise<AdminQuotationItem> {
  const row = await rowById(deps.db, id);
  const version = versionOf(body.version);
  checkAnswerable(row, version, 'r');
  // A marketplace price belongs to marketplace products only.
  if (row.productSource === 'i' && body.basePrice !== undefined && body.basePrice !== null) throw new AppError('quotation/wrong_kind');
  if (row.productSource === 'i' && !row.productId) throw new AppError('quotation/product_not_found');
  const regionKeys = (await listRegions(deps.db)).map((region) => region.key);
  const quote = parseQuotationQuote(body, row.productSource, regionKeys);
  if (!quote) throw new AppError('quotation/invalid_quote');
  return answer(deps, actorId, row, version, { status: 'r', statusData: quote, declineReason: null });
}

/** `POST /admin/quotation_item/{id}/decline`: a reason the shopper reads. */
export async function declineQuotation(
  deps: QuotationAdminDeps,
  actorId: string,
  id: string,
  body: AdminQuotationDecline,
): Promise<AdminQuotationItem> {
  const row = await rowById(deps.db, id);
  const version = versionOf(body.version);
  checkAnswerable(row, version, 'd');
  const reason = parseDeclineReason(body.reason);
  if (reason === null) throw new AppError('quotation/invalid_decline_reason', [DECLINE_REASON_MAX]);
  return answer(deps, actorId, row, version, { status: 'd', statusData: null, declineReason: reason });
}

/**
 * `quotations.mail`: the shopper's mail for a quotation item answered or declined, after the answer
 * committed. One job per event; at least once, so a process that dies after queuing the mail and
 * before recording the job done sends it again when the job is claimed again (accepted, as for orders).
 */
export function quotationMailJob(app: FastifyInstance): JobKind<EventJobPayload> {
  return {
    name: 'quotations.mail',
    on: ['quotation.answered', 'quotation.declined'],
    async run({ event }) {
      const [row] = await app.db.select().from(quotationItems).where(eq(quotationItems.id, event.subject));
      if (!row) return; // deleted since
      // The answer as it was given, whatever the item became since (ordered, …).
      await mailAnswer(
        { db: app.db, mailer: app.mailer, log: app.log, publicWebUrl: app.config.publicWebUrl },
        {
          ...row,
          status: event.type === 'quotation.answered' ? 'r' : 'd',
        },
      );
    },
  };
}

/** "Your quotation is here" or "… is unsuccessful", with a link to the quotation list; rejects when it cannot be queued (the job retries). */
async function mailAnswer(deps: QuotationAdminDeps, row: ItemRow): Promise<void> {
  const [contact] = await mailContacts(deps.db, [row.userId]);
  if (!contact) return; // a blocked account is not mailed
  const shop = await shopName(deps.db);
  const regions = await listRegions(deps.db);
  const prices =
    row.status === 'r' && row.statusData
      ? regions.flatMap((region) => {
          const amount = row.statusData!.quotedPrice[region.key];
          return amount === undefined ? [] : [`${region.name}: ${formatMoney(amount, region.currency)} each`];
        })
      : [];
  const paragraphs =
    row.status === 'r'
      ? [`${shop} has quoted ${row.name} (quantity ${row.quantity}).`, ...prices, 'Tick it in your quotation list to check out.']
      : [`${shop} could not quote ${row.name}.`, `The reason: ${row.declineReason ?? ''}`];
  await deps.mailer.send(
    simpleMail({
      to: contact.email,
      subject: row.status === 'r' ? `Your quotation is here: ${row.name}` : `Your quotation was unsuccessful: ${row.name}`,
      name: contact.firstName,
      paragraphs,
      action: { label: 'See your quotations', url: `${deps.publicWebUrl}/quotations` },
    }),
  );
}
