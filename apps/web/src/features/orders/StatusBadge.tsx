import type { Order } from '@kedai/contract';
import { isTransferReported, orderStateLabel } from '@kedai/domain';
import styles from './orders.module.css';

/**
 * An order's state as a badge, coloured by it ("Awaiting payment", "Paid", "Cancelled"…); a PayNow
 * transfer the shop is checking reads "Payment reported: the shop is checking it" (the domain's rule).
 */
export function StatusBadge({ order }: { order: Pick<Order, 'status' | 'payments'> }) {
  return (
    <span className={styles.status} data-status={isTransferReported(order) ? 'transfer_reported' : order.status}>
      <span className="visually-hidden">Status: </span>
      {orderStateLabel(order, 'shopper')}
    </span>
  );
}
