import { schema, type Database } from '@kedai/db';

/**
 * What happened, as the rest of the shop hears it (issue 28, decision 0022). A service records an
 * event in the same transaction as the change it tells of; the jobs runner hands it to every job kind
 * that handles its type (`JobKind.on`, platform/jobs.ts), each once.
 */
export type DomainEventType =
  | 'order.placed'
  | 'order.paid'
  | 'order.shipped'
  | 'order.delivered'
  | 'order.cancelled'
  | 'order.refunded'
  | 'quotation.answered'
  | 'quotation.declined'
  | 'transfer.confirmed'
  | 'transfer.rejected'
  | 'product.back_in_stock'
  | 'chat.message'
  | 'dispute.opened'
  | 'dispute.resolved';

export interface DomainEvent {
  id: number;
  type: DomainEventType;
  /** The id of what it is about: an order's for `order.*`, `transfer.*`, `chat.*` and `dispute.*`, a quotation item's, a product's. */
  subject: string;
  payload: Record<string, unknown>;
  occurredAt: string;
}

/**
 * Records `type` about `subject`. Pass the transaction that makes the change: the event commits with
 * it or not at all. Small facts only in `payload` (a reason, an amount): handlers read the rest.
 */
export async function recordEvent(
  tx: Database,
  event: { type: DomainEventType; subject: string; payload?: Record<string, unknown> },
): Promise<void> {
  await tx.insert(schema.domainEvents).values({
    type: event.type,
    subject: event.subject,
    payload: event.payload ?? {},
    // Handlers date what they write by the event (a job may run late); the app's clock when injected.
    ...(eventClock ? { occurredAt: eventClock() } : {}),
  });
}

let eventClock: (() => Date) | undefined;

/** The app's injected clock (`config.clock`), which dates events; without one, the database's `now()`. */
export function useEventClock(clock: (() => Date) | undefined): void {
  eventClock = clock;
}
