/** The back office's merchants (issue 14): create and edit, each write audited in its transaction. */
import { AppError, validateMerchantDraft } from '@kedai/domain';
import { eq, schema, type Database } from '@kedai/db';
import type { AdminMerchantInput, Merchant } from '@kedai/contract';
import { recordAudit } from '../../platform/audit';
import { invalidate } from '../../platform/cache';
import { isUniqueViolation } from '../../platform/db-errors';
import { findMerchant } from './service';

const { merchants } = schema;

function draftOf(input: AdminMerchantInput) {
  const result = validateMerchantDraft(input);
  if (!result.ok) throw new AppError(result.problems[0]!.errorCode, result.problems);
  return result.value;
}

const slugTaken = () => new AppError('merchant/slug_taken', [{ field: 'slug', errorCode: 'merchant/slug_taken' }]);

async function saved(db: Database, id: string): Promise<{ merchant: Merchant }> {
  invalidate(db);
  return { merchant: await findMerchant(db, id) };
}

/** `POST /admin/merchant`. */
export async function createMerchant(db: Database, actorId: string, input: AdminMerchantInput): Promise<{ merchant: Merchant }> {
  const draft = draftOf(input);
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const [row] = await tx.insert(merchants).values(draft).returning();
      await recordAudit(tx, { actorId, action: 'merchant.create', objectType: 'merchant', objectId: row!.id, before: null, after: row });
      return row!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
  return saved(db, id);
}

/** `PUT /admin/merchant/{id}`. */
export async function updateMerchant(
  db: Database,
  actorId: string,
  id: string,
  input: AdminMerchantInput,
): Promise<{ merchant: Merchant }> {
  const draft = draftOf(input);
  try {
    await db.transaction(async (tx) => {
      const [current] = await tx.select().from(merchants).where(eq(merchants.id, id)).for('update');
      if (!current) throw new AppError('merchant/not_found', [id]);
      await tx.update(merchants).set(draft).where(eq(merchants.id, id));
      await recordAudit(tx, { actorId, action: 'merchant.update', objectType: 'merchant', objectId: id, before: current, after: draft });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
  return saved(db, id);
}
