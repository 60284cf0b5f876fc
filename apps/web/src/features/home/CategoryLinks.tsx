import Link from 'next/link';
import type { Category } from '@kedai/contract';
import { assetUrl } from '@kedai/domain';
import { categoryHref } from '../catalogue/links';

export interface CategoryLinksProps {
  categories: Category[];
  assetsUrl: string;
}

/** The top-level categories as entry points into the catalogue. */
export function CategoryLinks({ categories, assetsUrl }: CategoryLinksProps) {
  return (
    <ul className="category-list" role="list">
      {categories.map((category) => (
        <li key={category.id}>
          <Link href={categoryHref(category.path)} className="category-tile">
            {category.image ? (
              <img
                className="category-tile__image"
                src={assetUrl(assetsUrl, category.image, 'thumb')}
                alt=""
                width={96}
                height={96}
                loading="lazy"
                decoding="async"
              />
            ) : (
              <span className="category-tile__mark" aria-hidden="true">
                {category.name.slice(0, 1).toUpperCase()}
              </span>
            )}
            <span className="category-tile__name">{category.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
