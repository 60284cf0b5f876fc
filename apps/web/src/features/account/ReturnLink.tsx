'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { peekReturnPath } from './return-path';

/**
 * "Back to where you were": the address remembered before coming to sign in (rules: screens.md), or the
 * home page. Read after mount, since sessionStorage exists only in the browser.
 */
export function ReturnLink({ className }: { className?: string }) {
  const [returnPath, setReturnPath] = useState<string | null>(null);
  useEffect(() => setReturnPath(peekReturnPath()), []);
  return (
    <Link href={returnPath ?? '/'} className={className}>
      {returnPath ? 'Back to where you were' : 'Continue shopping'}
    </Link>
  );
}
