/** The address book (modules/addresses). */
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

/**
 * A user's address book (rules: entities.md "Address as displayed"), checked by `validateAddress` in
 * packages/domain. Exactly one main address per user while the user has any: the partial unique
 * index holds "at most one"; the API (modules/addresses) keeps "at least one" under a per-user lock.
 */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    /** The street line. */
    address: text('address').notNull(),
    /** '' when none. */
    unitNumber: text('unit_number').notNull(),
    /** '' when none. */
    city: text('city').notNull(),
    /** A code of the country's states when it has a list, else free text; '' when none. */
    state: text('state').notNull(),
    /** Upper case; '' when none. */
    postalCode: text('postal_code').notNull(),
    /** ISO 3166-1 alpha-2 */
    country: text('country').notNull(),
    /** E.164 */
    phoneNumber: text('phone_number').notNull(),
    isMain: boolean('is_main').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A user's list, newest first (at most MAX_ADDRESSES_PER_USER rows each).
    index('addresses_user_idx').on(t.userId, t.createdAt.desc()),
    uniqueIndex('addresses_one_main_idx')
      .on(t.userId)
      .where(sql`${t.isMain}`),
  ],
);
