import 'server-only';
import { cache } from 'react';
import type { Banner, Category, HomeProductGroup, PublicConfig, Region, SearchResult } from '@kedai/contract';
import { serverApi } from '../../lib/api';
import { getBanners, getCategories, getPublicConfig, searchProducts } from '../../lib/catalogue';
import { currentRegion } from '../region/server';
import type { HomePopup } from './popup-rule';

/** How many of the newest products the home page shows. */
const HOME_NEW_ARRIVALS = 12;

const getHomeGroups = cache(async () => (await serverApi.get('/home_product_group')).groups);

const getPopups = cache(async () => (await serverApi.get('/popup')).popups);

export interface HomeData {
  config: PublicConfig;
  region: Region;
  banners: Banner[];
  /** Every category (for the groups' "See all" links). */
  categories: Category[];
  /** Groups with at least one product, in the API's order. */
  groups: HomeProductGroup[];
  popups: HomePopup[];
  newArrivals: SearchResult;
}

/**
 * Everything the home page shows, fetched in parallel (the product search waits only for the
 * region). A failure of the catalogue reads rejects, so the page shows the "taking a break" state;
 * popups are optional and a failure there only leaves them out.
 */
export async function loadHomeData(): Promise<HomeData> {
  const regionAndProducts = currentRegion().then(async (region) => ({
    region,
    newArrivals: await searchProducts({ sort: 'newest', limit: HOME_NEW_ARRIVALS, region: region.key }),
  }));
  const [{ region, newArrivals }, config, categories, banners, groups, popups] = await Promise.all([
    regionAndProducts,
    getPublicConfig(),
    getCategories(),
    getBanners(),
    getHomeGroups(),
    getPopups().catch((error: unknown) => {
      console.error('[web] /: popups could not be read', error);
      return [] as HomePopup[];
    }),
  ]);
  return {
    config,
    region,
    banners,
    categories,
    groups: groups.filter((group) => group.products.length > 0),
    popups,
    newArrivals,
  };
}
