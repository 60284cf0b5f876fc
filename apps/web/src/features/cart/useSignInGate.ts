'use client';

import { useRouter } from 'next/navigation';
import { useCallback } from 'react';
import { TFA_VERIFY_PATH, owesSecondFactor } from '../account/paths';
import { useAppSelector } from '../../store/hooks';
import { SIGN_IN_PATH, rememberCurrentLocation } from '../account/return-path';
import { rememberPendingAction, type PendingAction } from './pending-action';

/**
 * For actions only signed-in users have (cart, wishlist; rules: access.md): `ready()` answers true when the
 * user may go on; otherwise it remembers this page (path, query, hash) and sends them to sign in —
 * or to the two-factor prompt when that is owed — so they come back here afterwards (rules: screens.md).
 * `settled` tells whether the session is known yet. What the user asked for (`pending`) is kept across
 * the sign-in so the page can finish it on the way back (issue 13: a guest's add to cart is not lost).
 */
export function useSignInGate() {
  const router = useRouter();
  const user = useAppSelector((state) => state.user);
  const ready = useCallback(
    (pending?: Omit<PendingAction, 'savedAt'>): boolean => {
      if (user.signedIn && !owesSecondFactor(user)) return true;
      if (pending) rememberPendingAction(pending);
      rememberCurrentLocation();
      router.push(user.signedIn ? TFA_VERIFY_PATH : SIGN_IN_PATH);
      return false;
    },
    [router, user],
  );
  // Known once `GET /auth/me` has answered (or failed): before that, and before hydration (the
  // server's store never knows the user), the actions stay disabled rather than lose a click.
  return {
    ready,
    signedIn: user.signedIn,
    mayAct: user.signedIn && !owesSecondFactor(user),
    settled: user.profileFetched || user.fetchError !== null,
  };
}
