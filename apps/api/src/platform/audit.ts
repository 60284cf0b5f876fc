import { and, count, desc, eq, inArray, schema, sql, type Database, type SQL } from '@kedai/db';
import type { AuditList, AuditQuery } from '@kedai/contract';
import {
  auditChanges,
  auditObjectPath,
  auditSentence,
  toUnixSeconds,
  type AuditAction,
  type AuditObjectKind,
  type AuditShopFormat,
} from '@kedai/domain';
import { CONFIG_DEFAULTS, configEntries, shopTimeZoneOf } from './shop-config';

/** One back-office write, as the audit log keeps it (rules: access.md "Staff"). */
export interface AuditEntry {
  /** The staff member; null for the command line. */
  actorId: string | null;
  /** What was done: a code of the catalogue (packages/domain audit.ts), which says it in words. */
  action: AuditAction;
  objectType: AuditObjectKind;
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

/**
 * The audit log, newest first (`GET /admin/audit`, owners only): each entry with its sentence, the
 * object by what people call it and its back-office page, the actor's name, and what changed in the
 * shop's format. Filtered by account, action, object kind, object (id or what people call it) and
 * days in the shop's time zone.
 */
export async function listAudit(db: Database, query: AuditQuery): Promise<AuditList> {
  const { auditLog, users } = schema;
  const limit = query.limit ?? 50;
  const page = query.page ?? 1;
  const entries = await configEntries(db);
  const timeZone = shopTimeZoneOf(entries);
  const filters: SQL[] = [];
  if (query.actorId) filters.push(eq(auditLog.actorId, query.actorId));
  if (query.action) filters.push(eq(auditLog.action, query.action));
  if (query.objectType) filters.push(eq(auditLog.objectType, query.objectType));
  if (query.objectId) filters.push(eq(auditLog.objectId, query.objectId));
  if (query.object) filters.push(inArray(auditLog.objectId, await objectIdsCalled(db, query.object)));
  // Days are the shop's: from its midnight to the midnight after `to`.
  if (query.from) filters.push(sql`${auditLog.createdAt} >= (${query.from}::date::timestamp at time zone ${timeZone})`);
  if (query.to) filters.push(sql`${auditLog.createdAt} < ((${query.to}::date + 1)::timestamp at time zone ${timeZone})`);
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [total], regionRows] = await Promise.all([
    db
      .select({ entry: auditLog, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(auditLog).where(where),
    db.select({ key: schema.regions.key, currency: schema.regions.currency }).from(schema.regions),
  ]);
  const format: AuditShopFormat = {
    currency: String(entries.app_currency ?? CONFIG_DEFAULTS.app_currency),
    regionCurrencies: Object.fromEntries(regionRows.map((region) => [region.key, region.currency])),
    timeZone,
  };
  const names = await objectNames(
    db,
    rows.map(({ entry }) => entry),
  );
  return {
    entries: rows.map(({ entry, email, firstName, lastName }) => {
      const known = names.get(`${entry.objectType}:${entry.objectId}`);
      const name = known?.name ?? nameInValues(entry.after) ?? nameInValues(entry.before) ?? entry.objectId;
      return {
        id: entry.id,
        actor: entry.actorId && email ? { id: entry.actorId, email, name: `${firstName ?? ''} ${lastName ?? ''}`.trim() } : null,
        action: entry.action,
        objectType: entry.objectType,
        objectId: entry.objectId,
        object: { name, path: auditObjectPath(entry.objectType, entry.objectId, known?.orderId) },
        summary: auditSentence(entry.action, entry.objectType, name),
        changes: auditChanges(entry.before, entry.after, format),
        before: entry.before,
        after: entry.after,
        createdAt: toUnixSeconds(entry.createdAt),
      };
    }),
    total: total?.n ?? 0,
    page,
    limit,
  };
}

/** The ids of what people may call `called`: an order's reference, a voucher's code, an account's e-mail, a product's name, or the id itself. */
async function objectIdsCalled(db: Database, called: string): Promise<string[]> {
  const { orders, vouchers, users, products, orderDisputes } = schema;
  const [byRef, byCode, byEmail, byName] = await Promise.all([
    db.select({ id: orders.id }).from(orders).where(eq(orders.orderRef, called.toUpperCase())),
    db.select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.code, called.toUpperCase())),
    db.select({ id: users.id }).from(users).where(eq(users.email, called.toLowerCase())),
    db
      .select({ id: products.id })
      .from(products)
      .where(sql`lower(${products.name}) = ${called.toLowerCase()}`),
  ]);
  const orderIds = byRef.map((row) => row.id);
  const disputes =
    orderIds.length > 0
      ? await db.select({ id: orderDisputes.id }).from(orderDisputes).where(inArray(orderDisputes.orderId, orderIds))
      : [];
  return [called, ...[...byRef, ...byCode, ...byEmail, ...byName, ...disputes].map((row) => row.id)];
}

interface ObjectName {
  name: string;
  /** A dispute's order, whose page shows it. */
  orderId?: string;
}

const UUID_FORM = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The names of the page's objects, `kind:id` -> name: one query per kind that has names elsewhere. */
async function objectNames(db: Database, entries: readonly { objectType: string; objectId: string }[]): Promise<Map<string, ObjectName>> {
  const { orders, vouchers, users, products, categories, merchants, orderDisputes } = schema;
  const idsOf = (kind: string) => [
    ...new Set(entries.filter((entry) => entry.objectType === kind && UUID_FORM.test(entry.objectId)).map((entry) => entry.objectId)),
  ];
  const names = new Map<string, ObjectName>();
  const lookups: Array<[string, (ids: string[]) => Promise<Array<{ id: string; name: string; orderId?: string }>>]> = [
    ['order', (ids) => db.select({ id: orders.id, name: orders.orderRef }).from(orders).where(inArray(orders.id, ids))],
    ['product', (ids) => db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, ids))],
    ['voucher', (ids) => db.select({ id: vouchers.id, name: vouchers.code }).from(vouchers).where(inArray(vouchers.id, ids))],
    ['user', (ids) => db.select({ id: users.id, name: users.email }).from(users).where(inArray(users.id, ids))],
    ['category', (ids) => db.select({ id: categories.id, name: categories.name }).from(categories).where(inArray(categories.id, ids))],
    ['merchant', (ids) => db.select({ id: merchants.id, name: merchants.name }).from(merchants).where(inArray(merchants.id, ids))],
    [
      'dispute',
      (ids) =>
        db
          .select({ id: orderDisputes.id, name: orders.orderRef, orderId: orders.id })
          .from(orderDisputes)
          .innerJoin(orders, eq(orders.id, orderDisputes.orderId))
          .where(inArray(orderDisputes.id, ids)),
    ],
  ];
  await Promise.all(
    lookups.map(async ([kind, lookup]) => {
      const ids = idsOf(kind);
      if (ids.length === 0) return;
      for (const row of await lookup(ids))
        names.set(`${kind}:${row.id}`, { name: row.name, ...(row.orderId ? { orderId: row.orderId } : {}) });
    }),
  );
  return names;
}

/** The name an entry's own values give its object (one since deleted: a banner's title, a category's name). */
function nameInValues(values: unknown): string | undefined {
  if (typeof values !== 'object' || values === null) return undefined;
  const record = values as Record<string, unknown>;
  for (const key of ['name', 'title', 'code', 'email', 'slug']) {
    const value = record[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return undefined;
}
