'use client';

import { useEffect, useRef, useState } from 'react';

export interface ExternalImageProps {
  /** An http(s) address on another marketplace, or null. */
  src: string | null;
  /** Class of the picture; `placeholderClassName` of the neutral box shown instead. */
  className?: string | undefined;
  placeholderClassName?: string | undefined;
  size: number;
}

/**
 * A picture on another marketplace: a plain <img> (the shop does not proxy or resize it) that sends
 * no referrer, so the marketplace does not learn which shopper's page shows it. When there is none,
 * or it fails to load (gone, blocked, or refused by the page's image policy), a neutral box takes its
 * place. Decorative: the product's name is next to it.
 */
export function ExternalImage({ src, className, placeholderClassName, size }: ExternalImageProps) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);

  useEffect(() => setFailed(false), [src]);
  // An image that failed before the page's scripts ran has already fired its error event.
  useEffect(() => {
    const image = ref.current;
    if (image && image.complete && image.naturalWidth === 0) setFailed(true);
  }, [src]);

  if (!src || failed) {
    return (
      <span className={placeholderClassName} aria-hidden="true" data-placeholder="">
        <PictureIcon />
      </span>
    );
  }
  return (
    <img
      ref={ref}
      className={className}
      src={src}
      alt=""
      width={size}
      height={size}
      referrerPolicy="no-referrer"
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}

function PictureIcon() {
  return (
    <svg width="28" height="28" viewBox="0 0 24 24" focusable="false">
      <rect x="3" y="4" width="18" height="16" rx="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <circle cx="9" cy="10" r="1.8" fill="currentColor" />
      <path d="M4 18l5-5 4 4 3-3 4 4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
    </svg>
  );
}
