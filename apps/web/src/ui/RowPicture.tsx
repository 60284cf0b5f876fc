import { assetUrl } from '@kedai/domain';
import styles from './list.module.css';

export interface RowPictureProps {
  /** Where the shop's pictures are served from (the public config's `assets_url`). */
  assetsUrl: string;
  /** The product's main picture; the placeholder when it has none (or the product is gone). */
  image: string | null | undefined;
}

/**
 * A row's picture of one of the shop's products (a cart line, a quotation item): its thumbnail,
 * loaded as it nears the screen. Decorative: the row's name beside it says what it is.
 */
export function RowPicture({ assetsUrl, image }: RowPictureProps) {
  return (
    <img className={styles.thumb} src={assetUrl(assetsUrl, image, 'thumb')} alt="" width={72} height={72} loading="lazy" decoding="async" />
  );
}
