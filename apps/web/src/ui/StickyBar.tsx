'use client';

import { useEffect, useState, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

export interface StickyBarProps {
  /** The controls this bar repeats: while they are on screen the bar is not needed. */
  watch: RefObject<HTMLElement | null>;
  /** Name of the bar's region for assistive technology ("Buy this product"). */
  label: string;
  children: ReactNode;
}

/**
 * A bar fixed to the bottom of a phone's screen that repeats a page's main action (the product's
 * price and Add to cart, the cart's total and Checkout) while the original is scrolled out of view.
 * Wide screens never show it (CSS). It is a sibling of `<main>`, after it in reading order.
 */
export function StickyBar({ watch, label, children }: StickyBarProps) {
  const [shown, setShown] = useState(false);
  const [host, setHost] = useState<HTMLElement | null>(null);

  useEffect(() => setHost(document.body), []);
  useEffect(() => {
    const target = watch.current;
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setShown(entry ? !entry.isIntersecting : false));
    observer.observe(target);
    return () => observer.disconnect();
  }, [watch]);

  if (!host || !shown) return null;
  return createPortal(
    <section className="sticky-bar" aria-label={label}>
      <div className="sticky-bar__inner">{children}</div>
    </section>,
    host,
  );
}
