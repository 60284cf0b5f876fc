import { schema, type Database } from '@kedai/db';

/** One back-office write, as the audit log keeps it (rules: access.md "Staff"). */
export interface AuditEntry {
  /** The staff member; null for the command line. */
  actorId: string | null;
  /** What was done: `product.create`, `product.update`, `product.stock`, … */
  action: string;
  objectType: string;
  objectId: string;
  before: unknown;
  after: unknown;
}

/**
 * Records a back-office write. Call it with the transaction that makes the change, so the change and
 * its record are kept or lost together.
 */
export async function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  await db.insert(schema.auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    objectType: entry.objectType,
    objectId: entry.objectId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
