'use client';

import { useState } from 'react';
import styles from './product.module.css';
import { useVariantSelection } from './variant-selection';
import { pictureForSelection, type GalleryImage } from './view';

export interface ProductGalleryProps {
  name: string;
  /** At least one image (the placeholder when the product has none). */
  images: GalleryImage[];
  /** Whether `images` is only the placeholder. */
  placeholder: boolean;
  /** Per variant, each option's picture as an index into `images` (`optionPictures`). */
  optionPictures?: (number | null)[][];
}

/** Intrinsic size of product images on the assets host (square); CSS scales them. */
const IMAGE_SIZE = 800;
const THUMB_SIZE = 200;

/**
 * The main image and, when there are several, a row of thumbnail buttons that switch it. The
 * buttons are toggle buttons (aria-pressed) named "Show image n of m". Choosing an option that has
 * its own picture (a colour) shows it, until the shopper picks another image themselves.
 */
export function ProductGallery({ name, images, placeholder, optionPictures = [] }: ProductGalleryProps) {
  const chosen = pictureForSelection(optionPictures, useVariantSelection()?.selection);
  // A thumbnail picked by hand holds until the chosen option's picture changes.
  const [picked, setPicked] = useState<{ index: number; chosen: number | null } | null>(null);
  const active = picked && picked.chosen === chosen ? picked.index : (chosen ?? picked?.index ?? 0);
  const setActive = (index: number) => setPicked({ index, chosen });
  const current = images[active] ?? images[0]!;
  const count = images.length;
  return (
    <div className={styles.gallery}>
      <div className={styles.galleryMain}>
        <img
          src={current.full}
          alt={placeholder ? `${name} — no image available` : count > 1 ? `${name} — image ${active + 1} of ${count}` : name}
          width={IMAGE_SIZE}
          height={IMAGE_SIZE}
          // The page's largest paint: no decoding="async", so it is painted with its frame, not after.
          fetchPriority="high"
        />
      </div>
      {count > 1 ? (
        <ul className={styles.thumbs} role="list" aria-label="Product images">
          {images.map((image, index) => (
            <li key={`${image.full}-${index}`}>
              <button
                type="button"
                className={styles.thumb}
                aria-pressed={index === active}
                aria-label={`Show image ${index + 1} of ${count}`}
                onClick={() => setActive(index)}
              >
                <img src={image.thumb} alt="" width={THUMB_SIZE} height={THUMB_SIZE} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
