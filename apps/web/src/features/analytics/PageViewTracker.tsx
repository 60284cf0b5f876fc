'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { Suspense, useEffect, useRef } from 'react';
import { countryForAnalytics } from '../region/country';
import { pageView } from './analytics';

function PageViewReporter() {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const lastReported = useRef<string | null>(null);

  useEffect(() => {
    // The browser's own address: with a country prefix, `usePathname` may name the rewritten path.
    const path = `${window.location.pathname}${window.location.search}`;
    if (lastReported.current === path) return; // React's development double effects
    lastReported.current = path;
    pageView(path, countryForAnalytics(window.location.pathname, document.cookie));
  }, [pathname, search]);

  return null;
}

/** Reports a `page_view` on the first load and on every route change (rules: screens.md "/_app"). */
export function PageViewTracker() {
  return (
    <Suspense fallback={null}>
      <PageViewReporter />
    </Suspense>
  );
}
