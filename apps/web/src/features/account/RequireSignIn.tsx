'use client';

import { useRouter } from 'next/navigation';
import { useEffect, type ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { SIGN_IN_PATH, rememberCurrentLocation } from './return-path';
import { fetchCurrentUser } from './user-slice';
import { FormAlert } from '../../ui/Field';
import { TFA_VERIFY_PATH, owesSecondFactor } from './paths';
import pageStyles from '../../ui/page.module.css';

/**
 * For account pages: shows `children` only to a signed-in user who has passed two-factor. While
 * the user is loading it shows a loading state; a signed-out visitor is sent to `/sign_in` and a
 * session that owes its second factor to the two-factor prompt, each after remembering this
 * address (path, query and hash) to come back to (rules: screens.md).
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const router = useRouter();
  const dispatch = useAppDispatch();
  const user = useAppSelector((state) => state.user);
  const tfaOwed = owesSecondFactor(user);
  const ready = user.profileFetched && user.signedIn && !tfaOwed;

  useEffect(() => {
    if (!user.fetchError) void dispatch(fetchCurrentUser({ onlyIfUnknown: true }));
  }, [dispatch, user.fetchError]);

  useEffect(() => {
    if (!user.profileFetched || ready) return;
    rememberCurrentLocation();
    router.replace(tfaOwed ? TFA_VERIFY_PATH : SIGN_IN_PATH);
  }, [user.profileFetched, ready, tfaOwed, router]);

  if (ready) return <>{children}</>;
  if (user.fetchError && !user.profileFetched) {
    return (
      <FormAlert>
        <p>We could not check your account: {user.fetchError}</p>
        <p>
          <button type="button" className="button button--secondary" onClick={() => void dispatch(fetchCurrentUser())}>
            Try again
          </button>
        </p>
      </FormAlert>
    );
  }
  return (
    <p className={pageStyles.loading} role="status" aria-live="polite">
      {user.profileFetched ? 'Taking you to sign in…' : 'Loading your account…'}
    </p>
  );
}
