import { and, count, desc, eq, schema, type Database, type SQL } from '@kedai/db';
import type { AuditList, AuditQuery } from '@kedai/contract';
import { toUnixSeconds } from '@kedai/domain';

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

/** The audit log, newest first, filtered by staff member and object (`GET /admin/audit`, owners only). */
export async function listAudit(db: Database, query: AuditQuery): Promise<AuditList> {
  const { auditLog, users } = schema;
  const limit = query.limit ?? 50;
  const page = query.page ?? 1;
  const filters: SQL[] = [];
  if (query.actorId) filters.push(eq(auditLog.actorId, query.actorId));
  if (query.objectType) filters.push(eq(auditLog.objectType, query.objectType));
  if (query.objectId) filters.push(eq(auditLog.objectId, query.objectId));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: auditLog, email: users.email })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return {
    entries: rows.map(({ entry, email }) => ({
      id: entry.id,
      actor: entry.actorId && email ? { id: entry.actorId, email } : null,
      action: entry.action,
      objectType: entry.objectType,
      objectId: entry.objectId,
      before: entry.before,
      after: entry.after,
      createdAt: toUnixSeconds(entry.createdAt),
    })),
    total: total?.n ?? 0,
    page,
    limit,
  };
}
