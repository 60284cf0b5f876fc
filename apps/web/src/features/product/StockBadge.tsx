import type { StockStatus } from './variants';
import styles from './product.module.css';

const CLASS_BY_KIND: Record<StockStatus['kind'], string | undefined> = {
  in_stock: styles.stockIn,
  low_stock: styles.stockLow,
  sold_out: styles.stockOut,
};

/** "In stock", "Only 3 left" or "Sold out", with an icon-free colour cue and the words themselves. */
export function StockBadge({ status }: { status: StockStatus }) {
  return <p className={`${styles.stock} ${CLASS_BY_KIND[status.kind] ?? ''}`}>{status.label}</p>;
}
