'use client';

import { useRouter } from 'next/navigation';
import { useCallback, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { startCheckout } from './checkout-slice';
import { checkoutHref } from './checkout-view';

/**
 * Checkout from the cart or the quotations: the selection for checkout — the checked cart lines and
 * the checked quotation items, both — becomes a checkout session (`POST /checkout/session`) and the
 * shopper goes to `/checkout/<key>`. `error` is what went wrong with this page's last try.
 */
export function useStartCheckout() {
  const dispatch = useAppDispatch();
  const router = useRouter();
  const { cartItemIds, quotationItemIds } = useAppSelector((state) => state.selection);
  const { starting, startError } = useAppSelector((state) => state.checkout);
  const [tried, setTried] = useState(false);

  const start = useCallback(async () => {
    setTried(true);
    const result = await dispatch(startCheckout({ cartItemIds, quotationItemIds }));
    if (startCheckout.fulfilled.match(result)) router.push(checkoutHref(result.payload));
  }, [dispatch, router, cartItemIds, quotationItemIds]);

  return {
    start,
    starting,
    error: tried ? startError : null,
    cartItemIds,
    quotationItemIds,
  };
}
