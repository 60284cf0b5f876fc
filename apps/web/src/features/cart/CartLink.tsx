'use client';

import Link from 'next/link';
import { useEffect, type ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { fetchCart, selectCartCount } from './cart-slice';

/**
 * The header's cart link with the number of units in the cart. Once the user is signed in (with no
 * second factor owed) the cart is fetched once for it, so the count is right on every page.
 */
export function CartLink({ icon }: { icon: ReactNode }) {
  const dispatch = useAppDispatch();
  const { signedIn, tfaPassed } = useAppSelector((state) => state.user);
  const { dataLoaded, loading, fetchError } = useAppSelector((state) => state.cart);
  const count = useAppSelector(selectCartCount);

  useEffect(() => {
    if (signedIn && tfaPassed && !dataLoaded && !loading && !fetchError) void dispatch(fetchCart());
  }, [signedIn, tfaPassed, dataLoaded, loading, fetchError, dispatch]);

  const shown = signedIn && dataLoaded && count > 0;
  return (
    <Link href="/cart" className="site-nav__link site-nav__cart">
      {icon}
      <span className="site-nav__text">Cart</span>
      {shown ? (
        <span className="site-nav__badge" data-testid="cart-count">
          {count > 99 ? '99+' : count}
          <span className="visually-hidden">{count === 1 ? ' item' : ' items'}</span>
        </span>
      ) : null}
    </Link>
  );
}
