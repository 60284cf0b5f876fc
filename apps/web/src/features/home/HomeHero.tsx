import Link from 'next/link';
import type { ReactNode } from 'react';
import { assetUrl } from '@kedai/domain';
import type { Banner } from '../../lib/catalogue';

export interface HomeHeroProps {
  shopName: string;
  banner: Banner | undefined;
  assetsUrl: string;
}

function isInternal(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

/** Only site paths and http(s) addresses are followed; anything else (javascript:, data:) is dropped. */
export function safeBannerHref(link: string | null): string | null {
  if (!link) return null;
  const href = link.trim();
  if (isInternal(href) || /^https?:\/\//i.test(href)) return href;
  return null;
}

/** Internal paths use client navigation, other sites a plain link. */
function BannerLink({ href, className, children }: { href: string; className: string; children: ReactNode }) {
  if (isInternal(href)) {
    return (
      <Link href={href} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={className}>
      {children}
    </a>
  );
}

/**
 * The first banner. Its title is shown as a caption (so the image itself is decorative, alt=""),
 * and when the banner has a link the whole banner is that link, named by the title.
 */
function HeroBanner({ banner, assetsUrl }: { banner: Banner; assetsUrl: string }) {
  const href = safeBannerHref(banner.link);
  const content = (
    <>
      <img
        src={assetUrl(assetsUrl, banner.image)}
        alt=""
        width={1200}
        height={500}
        fetchPriority="high"
        decoding="async"
      />
      <span className="hero__caption">
        {banner.title}
        {href ? <span aria-hidden="true"> →</span> : null}
      </span>
    </>
  );
  return (
    <div className="hero__banner">
      {href ? (
        <BannerLink href={href} className="hero__banner-link">
          {content}
        </BannerLink>
      ) : (
        content
      )}
    </div>
  );
}

export function HomeHero({ shopName, banner, assetsUrl }: HomeHeroProps) {
  return (
    <section className="hero" aria-labelledby="home-title">
      <div className="hero__intro">
        <h1 id="home-title">Welcome to {shopName}</h1>
        <p className="hero__lead">
          Products from local merchants and from marketplaces around the world, priced in your currency and
          delivered to your door.
        </p>
        <p className="hero__actions">
          <a href="#new-arrivals" className="button button--primary">
            See what’s new
          </a>
          <a href="#categories" className="button button--secondary">
            Browse categories
          </a>
        </p>
      </div>
      {banner ? <HeroBanner banner={banner} assetsUrl={assetsUrl} /> : null}
    </section>
  );
}
