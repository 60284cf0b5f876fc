import {
  AppError,
  checkVoucher,
  checkVoucherAvailability,
  normaliseVoucherCode,
  toUnixSeconds,
  type Voucher,
  type VoucherCheck,
  type VoucherUse,
} from '@kedai/domain';
import { and, count, eq, queryRows, schema, sql, type Database } from '@kedai/db';
import type { VoucherSummary } from '@kedai/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authOf } from '../../platform/auth-guard';
import { clientAddress, rateLimit } from '../../platform/rate-limit';

/**
 * Vouchers at checkout (issue 16): what a code takes off an order (packages/domain `checkVoucher`),
 * and its redemptions. A redemption is taken in the order's transaction with the voucher's row
 * locked (`FOR UPDATE`), so concurrent orders redeem one after another: with one use left, exactly
 * one of them gets it. Cancelling an order gives its use back.
 */

type VoucherRow = typeof schema.vouchers.$inferSelect;
const { vouchers, voucherRedemptions } = schema;

function toVoucher(row: VoucherRow): Voucher {
  return {
    code: row.code,
    kind: row.kind,
    percentBp: row.percentBp,
    amountOff: row.amountOff,
    minSpend: row.minSpend,
    maxDiscount: row.maxDiscount,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    totalLimit: row.totalLimit,
    perUserLimit: row.perUserLimit,
    scope: row.scope,
    regions: row.regions,
    active: row.active,
  };
}

async function rowByCode(db: Database, code: string, lock = false): Promise<VoucherRow | undefined> {
  if (lock) {
    const [locked] = await queryRows<{ id: string }>(db, sql`SELECT id FROM vouchers WHERE code = ${code} FOR UPDATE`);
    if (!locked) return undefined;
  }
  const [row] = await db.select().from(vouchers).where(eq(vouchers.code, code));
  return row;
}

async function redeemedBy(db: Database, voucherId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(voucherRedemptions)
    .where(and(eq(voucherRedemptions.voucherId, voucherId), eq(voucherRedemptions.userId, userId)));
  return row?.n ?? 0;
}

export type VoucherOrder = Omit<VoucherUse, 'redeemed' | 'redeemedByUser'>;

/** Whether a voucher with this code exists (active or not): a code nobody knows is a guess. */
async function voucherCodeKnown(db: Database, codeValue: string): Promise<boolean> {
  const code = normaliseVoucherCode(codeValue);
  return code ? (await rowByCode(db, code)) !== undefined : false;
}

/** What the code takes off this order now (the estimate); `voucher/not_found` for a code nobody knows. */
export async function tryVoucher(
  db: Database,
  userId: string,
  codeValue: string,
  order: VoucherOrder,
): Promise<VoucherCheck & { code: string }> {
  const code = normaliseVoucherCode(codeValue);
  const row = code ? await rowByCode(db, code) : undefined;
  if (!code || !row) return { ok: false, errorCode: 'voucher/not_found', code: code ?? '' };
  const check = checkVoucher(toVoucher(row), { ...order, redeemed: row.redeemed, redeemedByUser: await redeemedBy(db, row.id, userId) });
  return { ...check, code };
}

/**
 * The voucher for an order being placed, with its row locked until the order's transaction ends (so
 * concurrent orders redeem one after another) and the discount it gives; throws the voucher's error
 * when it does not apply (the caller's transaction is then abandoned). `recordRedemption` then
 * counts the use, once the order is written.
 */
export async function lockVoucher(
  tx: Database,
  userId: string,
  codeValue: string,
  order: VoucherOrder,
): Promise<{ voucherId: string; code: string; discount: number }> {
  const code = normaliseVoucherCode(codeValue);
  const row = code ? await rowByCode(tx, code, true) : undefined;
  if (!code || !row) throw new AppError('voucher/not_found');
  const check = checkVoucher(toVoucher(row), { ...order, redeemed: row.redeemed, redeemedByUser: await redeemedBy(tx, row.id, userId) });
  if (!check.ok) throw new AppError(check.errorCode, check.params);
  return { voucherId: row.id, code, discount: check.discount };
}

/** Counts one use of a locked voucher by the order just written. */
export async function recordRedemption(tx: Database, voucherId: string, orderId: string, userId: string, discount: number): Promise<void> {
  await tx
    .update(vouchers)
    .set({ redeemed: sql`${vouchers.redeemed} + 1` })
    .where(eq(vouchers.id, voucherId));
  await tx.insert(voucherRedemptions).values({ voucherId, orderId, userId, discount });
}

/** Gives a cancelled order's use of its voucher back. */
export async function releaseVoucher(tx: Database, orderId: string): Promise<void> {
  const released = await tx
    .delete(voucherRedemptions)
    .where(eq(voucherRedemptions.orderId, orderId))
    .returning({ voucherId: voucherRedemptions.voucherId });
  for (const { voucherId } of released) {
    await tx
      .update(vouchers)
      .set({ redeemed: sql`${vouchers.redeemed} - 1` })
      .where(eq(vouchers.id, voucherId));
  }
}

/**
 * `POST /voucher/validate`: the voucher when the code exists, is active, has started, has not
 * expired and has uses left for this shopper; what it takes off depends on the order (the estimate).
 */
export async function validateVoucher(db: Database, userId: string, codeValue: unknown, now: Date): Promise<VoucherSummary> {
  const code = normaliseVoucherCode(codeValue);
  const row = code ? await rowByCode(db, code) : undefined;
  if (!row || !row.active) throw new AppError('voucher/not_found');
  const unavailable = checkVoucherAvailability(toVoucher(row), {
    now,
    redeemed: row.redeemed,
    redeemedByUser: await redeemedBy(db, row.id, userId),
  });
  if (unavailable && !unavailable.ok) throw new AppError(unavailable.errorCode, unavailable.params);
  return {
    code: row.code,
    kind: row.kind,
    percentBp: row.percentBp,
    amountOff: row.amountOff,
    minSpend: row.minSpend,
    maxDiscount: row.maxDiscount,
    validUntil: row.validUntil ? toUnixSeconds(row.validUntil) : null,
    scope: row.scope,
  };
}

type Limits = FastifyRequest['server']['config']['rateLimits'];

/** Counted like sign-in (decision 0007): per address for many accounts, per user for many addresses. */
export function voucherLimits(limits: Limits) {
  return [
    rateLimit({ name: 'voucher', ...limits.voucher, key: (request) => `ip:${clientAddress(request)}` }),
    rateLimit({ name: 'voucher', ...limits.voucherAccount, key: (request) => `user:${authOf(request).user.id}` }),
  ];
}

/**
 * The same limits on the checkout's routes that take a voucher code (the estimates and placing an
 * order), which would otherwise tell a known code from an unknown one without counting: there a code
 * nobody knows counts as a try, and a known one costs nothing, so a shopper whose page re-estimates
 * with their voucher is never refused. Use after `requireUser()`.
 */
export function voucherGuessLimit(codeOf: (request: FastifyRequest) => string | undefined) {
  return async function voucherGuessLimitHook(request: FastifyRequest, reply: FastifyReply) {
    const code = codeOf(request);
    if (!code || (await voucherCodeKnown(request.server.db, code))) return;
    for (const hook of voucherLimits(request.server.config.rateLimits)) {
      await hook(request, reply);
      if (reply.sent) return;
    }
  };
}
