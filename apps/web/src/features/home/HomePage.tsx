import Link from 'next/link';
import { assetUrl } from '@kedai/domain';
import { ProductGrid } from '../catalogue/ProductGrid';
import { RecentlyViewed } from '../wishlist/RecentlyViewed';
import { CategoryLinks } from './CategoryLinks';
import styles from './home.module.css';
import { HomeHero } from './HomeHero';
import { HomePopups } from './HomePopups';
import { groupHref, safeContentHref } from './links';
import type { HomeData } from './load';

/** `select_item` list names of the home page. */
const NEW_ARRIVALS_LIST = 'New arrivals';
function groupListName(name: string): string {
  return `Home: ${name}`;
}

export function HomePage({ config, region, banners, categories, groups, popups, newArrivals }: HomeData) {
  const assetsUrl = config.assets_url;
  const topLevel = categories.filter((category) => category.parent === null);
  return (
    <>
      <HomeHero shopName={config.shop_name} banners={banners} assetsUrl={assetsUrl} />

      <section className="section" id="categories" aria-labelledby="categories-title">
        <div className="section__head">
          <h2 id="categories-title">Shop by category</h2>
        </div>
        {topLevel.length > 0 ? (
          <CategoryLinks categories={topLevel} assetsUrl={assetsUrl} />
        ) : (
          <p className="empty">Categories will appear here soon.</p>
        )}
      </section>

      {groups.map((group) => {
        const href = groupHref(group, categories);
        const titleId = `group-${group.id}`;
        return (
          <section key={group.id} className={`section ${styles.deferred}`} aria-labelledby={titleId}>
            <div className="section__head">
              <h2 id={titleId}>{group.name}</h2>
              {href ? (
                <Link href={href} className="section__more">
                  See all<span className="visually-hidden"> {group.name}</span>
                  <span aria-hidden="true"> →</span>
                </Link>
              ) : null}
            </div>
            <div className={styles.row}>
              <ProductGrid products={group.products} region={region.key} assetsUrl={assetsUrl} listName={groupListName(group.name)} />
            </div>
          </section>
        );
      })}

      <section className={`section ${styles.deferredTall}`} id="new-arrivals" aria-labelledby="new-arrivals-title">
        <div className="section__head">
          <h2 id="new-arrivals-title">New arrivals</h2>
          {newArrivals.total > newArrivals.products.length ? (
            <Link href="/search?sort=newest" className="section__more">
              See all {newArrivals.total} products<span aria-hidden="true"> →</span>
            </Link>
          ) : null}
        </div>
        {newArrivals.products.length > 0 ? (
          <ProductGrid products={newArrivals.products} region={region.key} assetsUrl={assetsUrl} listName={NEW_ARRIVALS_LIST} />
        ) : (
          <p className="empty">No products yet — please check back soon.</p>
        )}
      </section>

      {/* Loaded in the browser after the page; last, so its arrival moves nothing above it. */}
      <RecentlyViewed region={region.key} assetsUrl={assetsUrl} />

      {popups.length > 0 ? (
        <HomePopups
          popups={popups.map((popup) => ({
            id: popup.id,
            name: popup.name,
            href: safeContentHref(popup.link),
            image: popup.image ? assetUrl(assetsUrl, popup.image) : null,
          }))}
        />
      ) : null}
    </>
  );
}
