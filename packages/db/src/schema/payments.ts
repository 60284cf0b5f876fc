/**
 * Card payments beyond the ledger (modules/payments, issue 17): the shopper's customer record at the
 * card provider, the cards they saved for one-click payment, and the provider events already acted
 * on (a webhook delivered twice is acted on once). The ledger itself (`payments`) is in orders.ts.
 */
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/** One customer per shopper and provider (Stripe's `cus_…`; the test gateway's `test_cus_…`). */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    customerRef: text('customer_ref').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);

/**
 * A card the shopper chose to save: the provider's reference to it (Stripe's `pm_…`), never the
 * number; brand, last four digits and expiry to show it by.
 */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    methodRef: text('method_ref').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('saved_cards_method_idx').on(t.provider, t.methodRef),
    index('saved_cards_user_idx').on(t.userId, t.provider, t.createdAt),
  ],
);

/** Provider events (webhooks) acted on, by the provider's event id: the second delivery changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
