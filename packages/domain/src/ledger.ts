/**
 * An order's payments ledger (issue 17): every charge and refund, as the party holding the money
 * answered. The shop holds the succeeded charges less the succeeded refunds; pending and failed
 * entries move nothing. Every payment path must leave this equal to what the provider holds.
 */

export interface LedgerEntry {
  kind: 'charge' | 'refund';
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed';
  amount: number;
}

/** Minor units the shop holds for the order now. */
export function amountHeld(entries: readonly LedgerEntry[]): number {
  return entries.reduce(
    (held, entry) => (entry.status !== 'succeeded' ? held : entry.kind === 'charge' ? held + entry.amount : held - entry.amount),
    0,
  );
}

/** Minor units promised back but not yet returned (refunds staff still have to make, e.g. by PayNow). */
export function amountToRefund(entries: readonly LedgerEntry[]): number {
  return entries.reduce((owed, entry) => (entry.kind === 'refund' && entry.status === 'pending' ? owed + entry.amount : owed), 0);
}
