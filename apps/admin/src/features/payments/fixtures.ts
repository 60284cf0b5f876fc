/** PayNow tasks as `GET /admin/payment` answers them, for the payments page's tests. */
import type { AdminPaymentTask, AdminPaymentTaskList } from '@kedai/contract';

const REPORTED = Date.parse('2026-12-01T08:30:00Z') / 1000;

/** A transfer Siti reported for her order, waiting for staff. */
export function reportedTransfer(changes: Partial<AdminPaymentTask> = {}): AdminPaymentTask {
  return {
    id: '6e5d4c3b-2a19-4f8e-9d7c-6b5a49382716',
    kind: 'charge',
    status: 'pending',
    amount: 13102,
    currency: 'SGD',
    reference: 'DBS 0412-7788',
    problem: null,
    createdAt: REPORTED,
    updatedAt: REPORTED,
    ageSeconds: 5 * 3600,
    stale: false,
    settleAskedAt: null,
    order: { id: '3f2e1d0c-9b8a-4765-8432-10fedcba9876', orderRef: 'KD-261201-7Q4M9X', status: 'awaiting_payment' },
    shopper: { id: '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', email: 'siti@example.com', name: 'Siti Rahman' },
    ...changes,
  };
}

/** A refund owed for an order cancelled after it was paid by PayNow. */
export function owedRefund(changes: Partial<AdminPaymentTask> = {}): AdminPaymentTask {
  return reportedTransfer({
    id: '7f6e5d4c-3b2a-4190-8e7d-6c5b4a392817',
    kind: 'refund',
    reference: null,
    order: { id: '4a3b2c1d-0e9f-4876-8543-21fedcba9876', orderRef: 'KD-261130-ABCDEF', status: 'cancelled' },
    shopper: { id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', email: 'tan@example.com', name: '' },
    ...changes,
  });
}

export const listOf = (payments: AdminPaymentTask[], changes: Partial<AdminPaymentTaskList> = {}): AdminPaymentTaskList => ({
  payments,
  total: payments.length,
  page: 1,
  limit: 25,
  pages: 1,
  ...changes,
});
