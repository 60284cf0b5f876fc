import {
  AppError,
  dateToNumber,
  formatDate,
  formatReceiptNumber,
  isUuid,
  orderSummary,
  receiptTitle,
  toUnixSeconds,
  type OrderSummary,
} from '@kedai/domain';
import type { FastifyReply } from 'fastify';
import { and, asc, desc, eq, queryRows, schema, sql, type Database } from '@kedai/db';
import { configEntries, legalDetailsOf, shopName, shopTimeZoneOf } from '../../platform/shop-config';
import { receiptPdf } from './receipt-pdf';

/**
 * Receipts and tax invoices (issue 30, decision 0026): the order's summary that its e-mails and
 * its receipt share, the receipt's number given in the transaction that pays the order, and the
 * receipt itself as the shopper and staff read it (JSON here; the PDF and the page are made from it).
 */

type OrderRow = typeof schema.orders.$inferSelect;

/** The card the order was paid with as the provider named it ("visa •••• 4242"), if any. */
async function paidWith(db: Database, orderId: string): Promise<string | null> {
  const [charge] = await db
    .select({ methodSummary: schema.payments.methodSummary })
    .from(schema.payments)
    .where(and(eq(schema.payments.orderId, orderId), eq(schema.payments.kind, 'charge'), eq(schema.payments.status, 'succeeded')))
    .orderBy(desc(schema.payments.createdAt))
    .limit(1);
  return charge?.methodSummary ?? null;
}

/** The order's summary (lines, totals, tax, address, payment): the one the mails and the receipt show. */
export async function summaryOf(db: Database, order: OrderRow): Promise<OrderSummary> {
  const lines = await db
    .select()
    .from(schema.orderLines)
    .where(eq(schema.orderLines.orderId, order.id))
    .orderBy(asc(schema.orderLines.position));
  return orderSummary(
    {
      ...order,
      lines: lines.map((line) => ({
        name: line.capture.name,
        options: line.capture.options,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        lineTotal: line.lineTotal,
      })),
    },
    order.paymentMethod === 'card' ? await paidWith(db, order.id) : null,
  );
}

const COUNTER = 'receipts';

/**
 * The next receipt number, in the caller's transaction (the one that pays the order): the shop's
 * counter row is locked FOR UPDATE until it commits, so two payments at once take consecutive
 * numbers, and a payment rolled back gives its number back (no gap, decision 0026).
 */
export async function nextReceiptNumber(tx: Database, paidAt: Date): Promise<string> {
  await tx.insert(schema.receiptCounters).values({ name: COUNTER, lastNumber: 0 }).onConflictDoNothing();
  const [counter] = await queryRows<{ last_number: number }>(
    tx,
    sql`SELECT last_number FROM receipt_counters WHERE name = ${COUNTER} FOR UPDATE`,
  );
  const next = Number(counter!.last_number) + 1;
  await tx.update(schema.receiptCounters).set({ lastNumber: next }).where(eq(schema.receiptCounters.name, COUNTER));
  const entries = await configEntries(tx);
  const year = Math.floor(dateToNumber(paidAt, shopTimeZoneOf(entries)) / 10_000);
  return formatReceiptNumber(legalDetailsOf(entries).receiptPrefix, year, next);
}

export interface Receipt {
  orderId: string;
  orderRef: string;
  /** "Tax invoice" where the order was charged tax and the shop is registered for it, else "Receipt". */
  title: 'Tax invoice' | 'Receipt';
  number: string;
  /** Unix seconds; and as the pages write it in the shop's zone. */
  issuedAt: number;
  issuedOn: string;
  seller: { name: string; legalName: string; address: string; taxRegistrationNumber: string | null };
  buyer: string[];
  currency: string;
  summary: OrderSummary;
  /** Tax per rate: one row per rate charged (an order has one rate today). */
  taxes: { label: string; rateBp: number | null; taxable: number; tax: number; inclusive: boolean }[];
  total: number;
}

/** The receipt of a paid order (`userId`: the shopper's own only; null: staff). 404 not theirs, 409 not paid. */
export async function receiptOf(db: Database, orderId: string, userId: string | null): Promise<Receipt> {
  if (!isUuid(orderId)) throw new AppError('order/not_found');
  const id = orderId.toLowerCase();
  const [order] = await db
    .select()
    .from(schema.orders)
    .where(userId ? and(eq(schema.orders.id, id), eq(schema.orders.userId, userId)) : eq(schema.orders.id, id));
  if (!order) throw new AppError('order/not_found');
  if (!order.receiptNumber || !order.paidAt) throw new AppError('order/receipt_not_ready');
  const entries = await configEntries(db);
  const legal = legalDetailsOf(entries);
  const zone = shopTimeZoneOf(entries);
  const summary = await summaryOf(db, order);
  const registration = legal.taxRegistrationNumber || null;
  return {
    orderId: order.id,
    orderRef: order.orderRef,
    title: receiptTitle(order, registration),
    number: order.receiptNumber,
    issuedAt: toUnixSeconds(order.paidAt),
    issuedOn: formatDate(order.paidAt, zone),
    seller: { name: await shopName(db), legalName: legal.legalName, address: legal.legalAddress, taxRegistrationNumber: registration },
    buyer: summary.address,
    currency: order.currency,
    summary,
    taxes:
      order.taxFee > 0
        ? [
            {
              label: summary.taxLabel ?? 'Tax',
              rateBp: order.taxRateBp,
              taxable: order.total - order.taxFee,
              tax: order.taxFee,
              inclusive: order.taxInclusive,
            },
          ]
        : [],
    total: order.total,
  };
}

/** Answers the receipt as a PDF download named by its number; never cached by a shared cache. */
export async function sendReceiptPdf(reply: FastifyReply, receipt: Receipt): Promise<FastifyReply> {
  const pdf = await receiptPdf(receipt);
  return (
    reply
      .type('application/pdf')
      // The number is the shop's prefix and digits; anything else is kept out of the header.
      .header('content-disposition', `attachment; filename="${receipt.number.replace(/[^\w.-]/g, '_')}.pdf"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(pdf)
  );
}
