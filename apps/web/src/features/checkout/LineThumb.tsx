import { assetUrl } from '@kedai/domain';
import { ExternalImage } from '../quotations/ExternalImage';
import type { LinePicture } from './checkout-view';
import styles from './checkout.module.css';

/** A line's picture (decorative: its name is beside it): the shop's thumbnail, or a marketplace's picture. */
export function LineThumb({ picture, assetsUrl }: { picture: LinePicture; assetsUrl: string }) {
  if (picture.kind === 'external') {
    return <ExternalImage src={picture.src} className={styles.thumb} placeholderClassName={styles.thumbPlaceholder} size={64} />;
  }
  return (
    <img
      className={styles.thumb}
      src={assetUrl(assetsUrl, picture.name, 'thumb')}
      alt=""
      width={64}
      height={64}
      loading="lazy"
      decoding="async"
    />
  );
}
