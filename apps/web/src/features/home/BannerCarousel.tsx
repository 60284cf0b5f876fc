'use client';

import Link from 'next/link';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import styles from './home.module.css';
import { isSiteHref } from './links';

export interface CarouselBanner {
  id: string;
  title: string;
  /** Full image URL on the assets host. */
  image: string;
  /** A safe href (see `safeContentHref`), or null for a banner without a link. */
  href: string | null;
}

/** Time each banner stays in view while the slide show runs. */
const ROTATE_MS = 7000;
/** Intrinsic size of banner images (8:3). */
const BANNER_WIDTH = 1600;
const BANNER_HEIGHT = 600;

function SlideLink({ href, children }: { href: string; children: ReactNode }) {
  return isSiteHref(href) ? (
    <Link href={href} className={styles.slideLink}>
      {children}
    </Link>
  ) : (
    <a href={href} className={styles.slideLink}>
      {children}
    </a>
  );
}

/**
 * The home banners. Without JavaScript it is a horizontally scrolling, snapping strip (swipe or
 * scroll). With it: previous/next and one button per banner, and — unless the visitor prefers
 * reduced motion — a slide show that pauses on hover and focus and has a pause button.
 */
export function BannerCarousel({ banners, label }: { banners: CarouselBanner[]; label: string }) {
  const viewport = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const [ready, setReady] = useState(false);
  const [motionAllowed, setMotionAllowed] = useState(false);
  const [paused, setPaused] = useState(false);
  const [interacting, setInteracting] = useState(false);
  const count = banners.length;
  const rotating = ready && motionAllowed && !paused && !interacting && count > 1;

  useEffect(() => {
    setReady(true);
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const update = () => setMotionAllowed(!query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);

  const go = useCallback(
    (target: number) => {
      const element = viewport.current;
      if (!element || count === 0) return;
      const next = ((target % count) + count) % count;
      element.scrollTo({ left: next * element.clientWidth, behavior: motionAllowed ? 'smooth' : 'auto' });
      setIndex(next);
    },
    [count, motionAllowed],
  );

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => go(index + 1), ROTATE_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, index, go]);

  // Swipes, scrolling and focus moving into another slide update the current banner.
  const frame = useRef(0);
  function onScroll() {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      const element = viewport.current;
      if (element && element.clientWidth > 0) setIndex(Math.round(element.scrollLeft / element.clientWidth));
    });
  }

  if (count === 0) return null;
  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setInteracting(true)}
      onMouseLeave={() => setInteracting(false)}
      onFocus={() => setInteracting(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setInteracting(false);
      }}
    >
      <div ref={viewport} className={styles.slides} aria-live={rotating ? 'off' : 'polite'} onScroll={onScroll}>
        {banners.map((banner, i) => {
          // Banner art carries its own words; the title is the image's text alternative (and so
          // the link's name).
          const content = (
            <img
              src={banner.image}
              alt={banner.title}
              width={BANNER_WIDTH}
              height={BANNER_HEIGHT}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : undefined}
              // The first banner is the home page's largest paint: decoded with its frame, not after.
              decoding={i === 0 ? undefined : 'async'}
            />
          );
          return (
            <div
              key={banner.id}
              id={`banner-${banner.id}`}
              className={styles.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
            >
              {banner.href ? <SlideLink href={banner.href}>{content}</SlideLink> : content}
            </div>
          );
        })}
      </div>
      {count > 1 ? (
        <div className={styles.controls} data-ready={ready ? 'true' : 'false'}>
          {motionAllowed ? (
            <button
              type="button"
              className={styles.control}
              onClick={() => setPaused((value) => !value)}
              aria-label={paused ? 'Play the slide show' : 'Pause the slide show'}
            >
              <span aria-hidden="true">{paused ? '▶' : '❚❚'}</span>
            </button>
          ) : null}
          <button type="button" className={styles.control} onClick={() => go(index - 1)} aria-label="Previous banner">
            <span aria-hidden="true">‹</span>
          </button>
          <ul className={styles.dots} role="list">
            {banners.map((banner, i) => (
              <li key={banner.id}>
                <button
                  type="button"
                  className={styles.dot}
                  aria-label={`Banner ${i + 1}: ${banner.title}`}
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => go(i)}
                />
              </li>
            ))}
          </ul>
          <button type="button" className={styles.control} onClick={() => go(index + 1)} aria-label="Next banner">
            <span aria-hidden="true">›</span>
          </button>
        </div>
      ) : null}
    </section>
  );
}
