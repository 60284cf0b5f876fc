import Link from 'next/link';
import { formatAmount } from './costs';
import type { CheckoutLine } from './checkout-view';
import styles from './checkout.module.css';
import { LineThumb } from './LineThumb';

export interface CheckoutItemsProps {
  lines: readonly CheckoutLine[];
  currency: string;
  assetsUrl: string;
}

/**
 * The lines of a checkout: picture, name (a link to the product's page), options, quantity, unit
 * price and line total — or, for a line that cannot be bought, the reason in words, read with it.
 */
export function CheckoutItems({ lines, currency, assetsUrl }: CheckoutItemsProps) {
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <section className={styles.section} aria-labelledby="checkout-items-title">
      <h2 className={styles.sectionTitle} id="checkout-items-title">
        Items ({units})
      </h2>
      <ul className={styles.lines} role="list">
        {lines.map((line) => {
          const reasonId = `checkout-line-${line.id}-reason`;
          return (
            <li
              key={line.id}
              className={line.reason ? `${styles.line} ${styles.lineUnavailable}` : styles.line}
              data-checkout-line={line.id}
              aria-describedby={line.reasonText ? reasonId : undefined}
            >
              <LineThumb picture={line.picture} assetsUrl={assetsUrl} />
              <div className={styles.lineBody}>
                <p className={styles.lineName}>{line.href ? <Link href={line.href}>{line.name}</Link> : line.name}</p>
                {line.options ? <p className={styles.lineMeta}>{line.options}</p> : null}
                {line.marketplace ? <p className={styles.lineMeta}>From {line.marketplace}</p> : null}
                {line.kind === 'quotation' ? <p className={styles.lineMeta}>Quoted for you</p> : null}
                {line.reasonText ? (
                  <p className={styles.reason} id={reasonId}>
                    {line.reasonText} — it cannot be bought.
                  </p>
                ) : null}
                {line.unitPrice !== null && line.lineTotal !== null ? (
                  <p className={styles.linePrice}>
                    <span>
                      {line.quantity} × {formatAmount(line.unitPrice, currency)}
                    </span>
                    <strong>{formatAmount(line.lineTotal, currency)}</strong>
                  </p>
                ) : line.quantity > 0 ? (
                  <p className={styles.lineMeta}>Quantity: {line.quantity}</p>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
