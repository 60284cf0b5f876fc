import type { Metadata } from 'next';
import { RequireSignIn } from '../../features/account/RequireSignIn';
import { BuyForMe } from '../../features/quotations/BuyForMe';
import styles from '../../features/quotations/quotations.module.css';

export const metadata: Metadata = {
  title: 'Buy it for me',
  description: 'Paste a link to a product on another marketplace and the shop quotes a price to buy it and ship it to you.',
  robots: { index: false, follow: false },
};

/**
 * `/buy-for-me` (issue 15): a product from another marketplace, by its link or described by hand,
 * becomes a quotation. Signed-in users; a visitor is sent to sign in and comes back here.
 */
export default function BuyForMePage() {
  return (
    <section className={styles.pageNarrow} aria-labelledby="buy-for-me-title">
      <h1 id="buy-for-me-title">Buy it for me</h1>
      <p className={styles.lead}>
        Found something on another marketplace? Paste its link: we read the product, and the shop quotes you a price to buy it and ship it
        to you. Nothing is bought until you check out a quotation.
      </p>
      <RequireSignIn>
        <BuyForMe />
      </RequireSignIn>
    </section>
  );
}
