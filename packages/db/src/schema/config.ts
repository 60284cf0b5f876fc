/** The shop's configuration entries (platform/shop-config reads them). */
import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';

export const config = pgTable('config', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});
