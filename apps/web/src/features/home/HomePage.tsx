import Link from 'next/link';
import { ProductGrid } from '../catalogue/ProductGrid';
import { CategoryLinks } from './CategoryLinks';
import { HomeHero } from './HomeHero';
import type { HomeData } from './load';

export function HomePage({ config, banners, categories, newArrivals }: HomeData) {
  const assetsUrl = config.assets_url;
  return (
    <>
      <HomeHero shopName={config.shop_name} banner={banners[0]} assetsUrl={assetsUrl} />

      <section className="section" id="categories" aria-labelledby="categories-title">
        <div className="section__head">
          <h2 id="categories-title">Shop by category</h2>
        </div>
        {categories.length > 0 ? (
          <CategoryLinks categories={categories} assetsUrl={assetsUrl} />
        ) : (
          <p className="empty">Categories will appear here soon.</p>
        )}
      </section>

      <section className="section" id="new-arrivals" aria-labelledby="new-arrivals-title">
        <div className="section__head">
          <h2 id="new-arrivals-title">New arrivals</h2>
          {newArrivals.total > newArrivals.products.length ? (
            <Link href="/search?sort=newest" className="section__more">
              See all {newArrivals.total} products<span aria-hidden="true"> →</span>
            </Link>
          ) : null}
        </div>
        {newArrivals.products.length > 0 ? (
          <ProductGrid products={newArrivals.products} region={newArrivals.region} assetsUrl={assetsUrl} />
        ) : (
          <p className="empty">No products yet — please check back soon.</p>
        )}
      </section>
    </>
  );
}
