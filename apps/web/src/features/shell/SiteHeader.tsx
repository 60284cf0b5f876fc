import Link from 'next/link';
import type { Region } from '@kedai/contract';
import { getCategories, getPublicConfig } from '../../lib/catalogue';
import { AccountMenu } from '../account/AccountMenu';
import { CartLink } from '../cart/CartLink';
import { NotificationBell } from '../notifications/NotificationBell';
import { BuyForMeLink } from '../quotations/BuyForMeLink';
import { QuotationsLink } from '../quotations/QuotationsLink';
import { RegionPicker } from '../region/RegionPicker';
import { currentRegion, enabledRegions } from '../region/server';
import { SearchBox } from '../search/SearchBox';
import { CategoryMenu } from './CategoryMenu';
import { categoryMenu, type MenuGroup } from './category-tree';

export interface SiteHeaderProps {
  shopName: string;
}

/** The wishlist (signed-in users; others are sent to sign in and come back). */
const WISHLIST_HREF = '/wishlist';

interface HeaderData {
  groups: MenuGroup[];
  regions: Region[];
  region: Region | null;
  assetsUrl: string;
}

/**
 * What the header shows besides the shop name. Every part is optional: when the API is down the
 * header still renders (search form, account links) around the page's own error state.
 */
async function headerData(): Promise<HeaderData> {
  const [categories, regions, region, config] = await Promise.all([
    getCategories().catch(() => []),
    enabledRegions().catch(() => [] as Region[]),
    currentRegion().catch(() => null),
    getPublicConfig().catch(() => null),
  ]);
  return { groups: categoryMenu(categories), regions, region, assetsUrl: config?.assets_url ?? '' };
}

/**
 * The banner of every page: skip link, shop name, product search with suggestions, the account
 * links (wishlist, quotations and the notification bell once signed in, account, cart), the category menu, "Buy it for me"
 * and the region picker. A server component;
 * the search box, account menu, region picker and category menu are small client components.
 */
export async function SiteHeader({ shopName }: SiteHeaderProps) {
  const { groups, regions, region, assetsUrl } = await headerData();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header className="site-header">
        <div className="container site-header__inner">
          <Link href="/" className="brand">
            <span className="brand__mark" aria-hidden="true">
              {shopName.slice(0, 1).toUpperCase()}
            </span>
            <span className="brand__name">{shopName}</span>
            <span className="visually-hidden">, home</span>
          </Link>
          <div className="site-header__search">
            <SearchBox region={region?.key ?? ''} assetsUrl={assetsUrl} />
          </div>
          <nav className="site-nav" aria-label="Account">
            <ul role="list">
              <li>
                <Link href={WISHLIST_HREF} className="site-nav__link">
                  <HeartIcon />
                  <span className="site-nav__text site-nav__wishlist-text">Wishlist</span>
                </Link>
              </li>
              <QuotationsLink icon={<QuoteIcon />} />
              <NotificationBell icon={<BellIcon />} />
              <li>
                <AccountMenu icon={<PersonIcon />} />
              </li>
              <li>
                <CartLink icon={<CartIcon />} />
              </li>
            </ul>
          </nav>
        </div>
        <div className="container site-header__bar">
          <CategoryMenu groups={groups} />
          <BuyForMeLink />
          {region && regions.length > 0 ? (
            <RegionPicker regions={regions} current={region.key} label="Country or region" className="site-header__region" />
          ) : null}
        </div>
      </header>
    </>
  );
}

function HeartIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="22" height="22" viewBox="0 0 24 24" className="icon">
      <path
        d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function QuoteIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="22" height="22" viewBox="0 0 24 24" className="icon">
      <path d="M6 3h9l4 4v14H6z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      <path d="M9.5 11h6M9.5 15h6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function BellIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="22" height="22" viewBox="0 0 24 24" className="icon">
      <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      <path d="M10 20.5a2 2 0 0 0 4 0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function PersonIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="22" height="22" viewBox="0 0 24 24" className="icon">
      <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function CartIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="22" height="22" viewBox="0 0 24 24" className="icon">
      <path
        d="M3 4h2.5l2.2 11h10.6L20.5 7H7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="9.5" cy="19.5" r="1.5" fill="currentColor" />
      <circle cx="17" cy="19.5" r="1.5" fill="currentColor" />
    </svg>
  );
}
