'use client';

import { useEffect } from 'react';
import { ShopUnavailable } from '../features/shell/ShopUnavailable';

export interface ErrorPageProps {
  error: unknown;
  /** Re-fetches and re-renders the failed segment. */
  retry: () => void;
}

/**
 * Error boundary of every page under the root layout. Pages render the same state on the server
 * when the API fails (so it shows without JavaScript); this catches everything else. In
 * production Next sends no message or stack from the server, only a digest.
 */
export default function ErrorPage({ error, retry }: ErrorPageProps) {
  useEffect(() => {
    console.error(error);
  }, [error]);

  const digest = typeof error === 'object' && error !== null && 'digest' in error && typeof error.digest === 'string' ? error.digest : null;

  return (
    <ShopUnavailable
      reference={digest}
      retry={
        <button type="button" className="button button--primary" onClick={() => retry()}>
          Try again
        </button>
      }
    />
  );
}
