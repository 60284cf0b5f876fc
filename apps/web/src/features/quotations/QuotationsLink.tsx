'use client';

import Link from 'next/link';
import type { ReactNode } from 'react';
import { useAppSelector } from '../../store/hooks';
import styles from './quotations.module.css';

/**
 * The header's link to the quotation list, beside the wishlist and the cart, for signed-in users
 * only (a visitor has no quotations; "Buy it for me" in the header's second row is for everyone).
 * A list item of the header's account links, or nothing. On a small phone its word is read, not
 * shown: four labelled links and the shop's name do not fit in 390 pixels.
 */
export function QuotationsLink({ icon }: { icon: ReactNode }) {
  const signedIn = useAppSelector((state) => state.user.signedIn);
  if (!signedIn) return null;
  return (
    <li>
      <Link href="/quotations" className="site-nav__link">
        {icon}
        <span className={`site-nav__text ${styles.navTextWide}`}>Quotations</span>
      </Link>
    </li>
  );
}
