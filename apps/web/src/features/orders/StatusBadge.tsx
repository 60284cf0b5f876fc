import { statusLabel } from './orders';
import styles from './orders.module.css';

/** An order's status as a badge, coloured by status ("Awaiting payment", "Paid", "Cancelled"…). */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={styles.status} data-status={status}>
      <span className="visually-hidden">Status: </span>
      {statusLabel(status)}
    </span>
  );
}
