import { assetUrl } from '@kedai/domain';
import type { Banner } from '@kedai/contract';
import { BannerCarousel } from './BannerCarousel';
import styles from './home.module.css';
import { safeContentHref } from './links';

export interface HomeHeroProps {
  shopName: string;
  banners: Banner[];
  assetsUrl: string;
}

/** The page heading with a short introduction, and the banners beside it (below it on a phone). */
export function HomeHero({ shopName, banners, assetsUrl }: HomeHeroProps) {
  return (
    <section className={styles.hero} aria-labelledby="home-title">
      <div className={styles.heroIntro}>
        <h1 id="home-title">Welcome to {shopName}</h1>
        <p className={styles.heroLead}>
          Products from local merchants and from marketplaces around the world, priced in your currency and delivered to your door.
        </p>
        <p className={styles.heroActions}>
          <a href="#categories" className="button button--primary">
            Browse categories
          </a>
          <a href="#new-arrivals" className="button button--secondary">
            See what’s new
          </a>
        </p>
      </div>
      {banners.length > 0 ? (
        <BannerCarousel
          label="Highlights"
          banners={banners.map((banner) => ({
            id: banner.id,
            title: banner.title,
            image: assetUrl(assetsUrl, banner.image),
            href: safeContentHref(banner.link),
          }))}
        />
      ) : null}
    </section>
  );
}
