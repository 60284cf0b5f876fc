/** Column helpers every table file shares. */
import { customType, timestamp } from 'drizzle-orm/pg-core';

export const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/** A full transaction id (PostgreSQL's `xid8`), read as text: it passes 2^53. */
export const xid8 = customType<{ data: string }>({
  dataType: () => 'xid8',
});

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
