'use client';

import { useEffect, useState } from 'react';
import { peekPendingAction, pendingActionReason } from './pending-action';
import styles from '../../ui/page.module.css';

/**
 * On `/sign_in` and `/register`: why the shopper was sent here ("Sign in to add 2 × Kopi to your
 * cart.") and that it will be done once they are in. Read after mounting: the wish lives in this
 * tab's session storage, which the server never sees.
 */
export function PendingActionNotice({ verb }: { verb: 'Sign in' | 'Create an account' }) {
  const [reason, setReason] = useState<string | null>(null);
  useEffect(() => {
    const pending = peekPendingAction();
    setReason(pending ? pendingActionReason(pending, verb) : null);
  }, [verb]);
  if (!reason) return null;
  return (
    <p className={styles.notice} role="status">
      <strong>{reason}</strong> We will finish it for you as soon as you are in.
    </p>
  );
}
