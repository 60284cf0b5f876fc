import Link from 'next/link';
import type { Merchant } from '@kedai/contract';
import { countryName } from '@kedai/domain';
import { merchantHref } from '../catalogue/links';
import { productCount } from '../search/facets';
import { MerchantLogo } from './MerchantLogo';

/** A merchant in the `/merchant` directory; the whole card follows the name's link. */
export function MerchantCard({ merchant, assetsUrl, priority }: { merchant: Merchant; assetsUrl: string; priority?: boolean }) {
  return (
    <article className="merchant-card">
      <MerchantLogo merchant={merchant} assetsUrl={assetsUrl} size={72} priority={priority} />
      <div className="merchant-card__body">
        <h2 className="merchant-card__name">
          <Link href={merchantHref(merchant.slug)} className="merchant-card__link">
            {merchant.name}
          </Link>
        </h2>
        <p className="merchant-card__meta">
          {countryName(merchant.countryCode)} · {productCount(merchant.productCount)}
        </p>
        {merchant.description ? <p className="merchant-card__description">{merchant.description}</p> : null}
      </div>
    </article>
  );
}
