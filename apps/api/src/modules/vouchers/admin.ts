import { AppError, isUuid, parseVoucherInput, toUnixSeconds } from '@kedai/domain';
import { asc, desc, eq, schema, sql, type Database } from '@kedai/db';
import type { AdminVoucher, AdminVoucherInput } from '@kedai/contract';
import { recordAudit } from '../../platform/audit';
import { isUniqueViolation } from '../../platform/db-errors';
import { listRegions } from '../regions/service';

/**
 * The back office's vouchers (issue 16): create, edit from the version read, deactivate (never
 * delete: past orders keep their code), and see who redeemed them. Fields are checked by the domain
 * (`parseVoucherInput`); a code is unique; each write is audited in its transaction.
 */

type VoucherRow = typeof schema.vouchers.$inferSelect;
const { vouchers, voucherRedemptions, orders, users } = schema;

function toAdminVoucher(row: VoucherRow): AdminVoucher {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    percentBp: row.percentBp,
    amountOff: row.amountOff,
    minSpend: row.minSpend,
    maxDiscount: row.maxDiscount,
    validFrom: row.validFrom?.toISOString() ?? null,
    validUntil: row.validUntil?.toISOString() ?? null,
    totalLimit: row.totalLimit,
    perUserLimit: row.perUserLimit,
    scope: row.scope,
    regions: row.regions,
    active: row.active,
    redeemed: row.redeemed,
    version: row.version,
  };
}

/** `GET /admin/voucher`: newest first. */
export async function listVouchers(db: Database): Promise<{ vouchers: AdminVoucher[] }> {
  const rows = await db.select().from(vouchers).orderBy(desc(vouchers.createdAt), asc(vouchers.code));
  return { vouchers: rows.map(toAdminVoucher) };
}

async function checked(db: Database, input: AdminVoucherInput) {
  const regionKeys = (await listRegions(db)).map((region) => region.key);
  const parsed = parseVoucherInput(input, regionKeys);
  if (!parsed.ok) throw new AppError('voucher/invalid', [parsed.field]);
  return parsed.value;
}

function codeTaken(error: unknown): never {
  if (isUniqueViolation(error, 'vouchers_code_idx')) throw new AppError('voucher/code_taken');
  throw error;
}

/** `POST /admin/voucher`. */
export async function createVoucher(db: Database, actorId: string, input: AdminVoucherInput): Promise<AdminVoucher> {
  const value = await checked(db, input);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(vouchers).values(value).returning();
      await recordAudit(tx, { actorId, action: 'voucher.create', objectType: 'voucher', objectId: row!.id, before: null, after: value });
      return toAdminVoucher(row!);
    });
  } catch (error) {
    return codeTaken(error);
  }
}

/** `PUT /admin/voucher/{id}`: the whole voucher as edited from `version`; its redemptions stay. */
export async function updateVoucher(db: Database, actorId: string, id: string, input: AdminVoucherInput): Promise<AdminVoucher> {
  if (!isUuid(id)) throw new AppError('voucher/not_found');
  const value = await checked(db, input);
  try {
    return await db.transaction(async (tx) => {
      // Locked: two edits from one version cannot both pass the check and both claim its values as their before.
      const [current] = await tx.select().from(vouchers).where(eq(vouchers.id, id.toLowerCase())).for('update');
      if (!current) throw new AppError('voucher/not_found');
      if (input.version !== current.version) throw new AppError('voucher/version_conflict');
      const [row] = await tx
        .update(vouchers)
        .set({ ...value, version: current.version + 1, updatedAt: sql`now()` })
        .where(eq(vouchers.id, current.id))
        .returning();
      await recordAudit(tx, {
        actorId,
        action: 'voucher.update',
        objectType: 'voucher',
        objectId: current.id,
        before: toAdminVoucher(current),
        after: value,
      });
      return toAdminVoucher(row!);
    });
  } catch (error) {
    return codeTaken(error);
  }
}

/** `GET /admin/voucher/{id}/redemptions`: the orders that hold a use of it, newest first. */
export async function voucherRedemptionList(db: Database, id: string) {
  if (!isUuid(id)) throw new AppError('voucher/not_found');
  const rows = await db
    .select({
      orderId: voucherRedemptions.orderId,
      orderRef: orders.orderRef,
      email: users.email,
      discount: voucherRedemptions.discount,
      currency: orders.currency,
      createdAt: voucherRedemptions.createdAt,
    })
    .from(voucherRedemptions)
    .innerJoin(orders, eq(orders.id, voucherRedemptions.orderId))
    .innerJoin(users, eq(users.id, voucherRedemptions.userId))
    .where(eq(voucherRedemptions.voucherId, id.toLowerCase()))
    .orderBy(desc(voucherRedemptions.createdAt));
  return { redemptions: rows.map((row) => ({ ...row, createdAt: toUnixSeconds(row.createdAt) })) };
}
