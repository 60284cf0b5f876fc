import Link from 'next/link';
import type { Category } from '@kedai/contract';
import { assetUrl } from '@kedai/domain';
import { categoryHref } from '../catalogue/links';
import styles from './home.module.css';

export interface CategoryLinksProps {
  categories: Category[];
  assetsUrl: string;
}

/** The top-level categories as entry points into the catalogue. */
export function CategoryLinks({ categories, assetsUrl }: CategoryLinksProps) {
  return (
    <ul className={styles.categories} role="list">
      {categories.map((category) => (
        <li key={category.id}>
          <Link href={categoryHref(category.path)} className={styles.categoryTile}>
            {category.image ? (
              <img
                className={styles.categoryImage}
                src={assetUrl(assetsUrl, category.image, 'thumb')}
                alt=""
                width={96}
                height={96}
                loading="lazy"
                decoding="async"
              />
            ) : (
              <span className={styles.categoryMark} aria-hidden="true">
                {category.name.slice(0, 1).toUpperCase()}
              </span>
            )}
            <span className={styles.categoryName}>{category.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
