/**
 * Fast multi-row inserts for big seeds: the rows travel as one JSON parameter and PostgreSQL
 * unpacks them with json_to_recordset (plain json parses faster than jsonb here; JSON arrays
 * become SQL arrays, objects stay objects for jsonb columns). Building a drizzle insert with
 * tens of thousands of bound parameters costs far more time, on PGlite and PostgreSQL alike.
 */
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { queryRows, type Database } from '../client';

/**
 * Inserts `rows` (objects keyed like the drizzle table, e.g. `paramName`) into `table` with one
 * statement. Every row must have the same keys. Returns the `returning` columns keyed by their
 * SQL names.
 */
export async function insertJsonRows<T extends PgTable, R = Record<string, unknown>>(
  db: Database,
  table: T,
  rows: Array<T['$inferInsert']>,
  returning: PgColumn[] = [],
): Promise<R[]> {
  if (rows.length === 0) return [];
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(rows[0] as object);
  const defs = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    return { key, name: column.name, type: column.getSQLType() };
  });
  const payload = JSON.stringify(
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (const { key, name } of defs) out[name] = (row as Record<string, unknown>)[key];
      return out;
    }),
  );
  const ident = (name: string) => sql.identifier(name);
  const names = sql.join(
    defs.map((d) => ident(d.name)),
    sql`, `,
  );
  const recordType = sql.raw(defs.map((d) => `"${d.name}" ${d.type}`).join(', '));
  let query: SQL = sql`insert into ${table} (${names}) select ${names} from json_to_recordset(${payload}::json) as x(${recordType})`;
  if (returning.length > 0) {
    query = sql`${query} returning ${sql.join(
      returning.map((c) => ident(c.name)),
      sql`, `,
    )}`;
  }
  return queryRows<R>(db, query);
}
