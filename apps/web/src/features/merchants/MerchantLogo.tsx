import { assetUrl } from '@kedai/domain';
import type { Merchant } from '@kedai/contract';

/** A merchant's logo, or its initial when it has none. Decorative: the name is always next to it. */
export function MerchantLogo({
  merchant,
  assetsUrl,
  size,
  priority = false,
}: {
  merchant: Pick<Merchant, 'name' | 'logo'>;
  assetsUrl: string;
  /** Rendered size in CSS pixels. */
  size: number;
  priority?: boolean;
}) {
  if (!merchant.logo) {
    return (
      <span className="merchant-logo merchant-logo--initial" style={{ width: size, height: size }} aria-hidden="true">
        {merchant.name.slice(0, 1).toUpperCase()}
      </span>
    );
  }
  return (
    <img
      className="merchant-logo"
      src={assetUrl(assetsUrl, merchant.logo, 'thumb')}
      alt=""
      width={size}
      height={size}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
