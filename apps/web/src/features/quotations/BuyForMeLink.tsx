import Link from 'next/link';
import styles from './quotations.module.css';

/**
 * The header's "Buy it for me" (issue 15), in its second row beside the categories: for everyone,
 * since asking for a product from another marketplace is what the shop offers beyond its catalogue
 * (a visitor is asked to sign in first, and comes back to the page).
 */
export function BuyForMeLink() {
  return (
    <Link href="/buy-for-me" className={styles.headerLink}>
      <svg aria-hidden="true" focusable="false" width="18" height="18" viewBox="0 0 24 24">
        <path d="M10 14L21 3M15 3h6v6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        <path
          d="M19 14v5a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2h5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
      Buy it for me
    </Link>
  );
}
