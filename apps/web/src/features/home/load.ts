import type { Category, PublicConfig, SearchResult } from '@kedai/contract';
import { getBanners, getCategories, getPublicConfig, searchProducts, type Banner } from '../../lib/catalogue';

/** How many of the newest products the home page shows. */
export const HOME_NEW_ARRIVALS = 12;

export interface HomeData {
  config: PublicConfig;
  banners: Banner[];
  /** Top-level categories, in the API's display order. */
  categories: Category[];
  newArrivals: SearchResult;
}

/**
 * Everything the home page shows, fetched in parallel (the product search waits only for the
 * configuration, which names the default region). Any failure rejects, so the route's error
 * boundary shows the "taking a break" state.
 */
export async function loadHomeData(): Promise<HomeData> {
  const configAndProducts = getPublicConfig().then(async (config) => ({
    config,
    newArrivals: await searchProducts({ sort: 'newest', limit: HOME_NEW_ARRIVALS, region: config.default_region }),
  }));
  const [{ config, newArrivals }, categories, banners] = await Promise.all([
    configAndProducts,
    getCategories(),
    getBanners(),
  ]);
  return {
    config,
    banners,
    categories: categories.filter((category) => category.parent === null),
    newArrivals,
  };
}
