import Link from 'next/link';
import { assetUrl } from '@kedai/domain';
import type { ImagePage } from '@kedai/contract';
import { isInternalHref, safeContentHref } from './links';

/** Intrinsic size of an image page block (banner format on the assets host). */
const BLOCK_WIDTH = 1600;
const BLOCK_HEIGHT = 600;

/**
 * An image page: its title and image blocks, in order. A block with a link is that link, named by
 * the block's alt text. The first block is loaded at once (it is the page's largest paint); the
 * others lazily as they scroll into view.
 */
export function ImagePageView({ page, assetsUrl }: { page: ImagePage; assetsUrl: string }) {
  return (
    <article className="image-page">
      <h1>{page.title}</h1>
      {page.blocks.length === 0 ? <p className="empty">There is nothing on this page yet.</p> : null}
      <ol role="list" className="image-page__blocks">
        {page.blocks.map((block, i) => {
          const href = safeContentHref(block.link);
          const image = (
            <img
              src={assetUrl(assetsUrl, block.image)}
              alt={block.alt}
              width={BLOCK_WIDTH}
              height={BLOCK_HEIGHT}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : undefined}
              decoding="async"
            />
          );
          return (
            <li key={`${i}-${block.image}`} className="image-page__block">
              {href === null ? (
                image
              ) : isInternalHref(href) ? (
                <Link href={href} className="image-page__link">
                  {image}
                </Link>
              ) : (
                <a href={href} className="image-page__link" rel="noopener">
                  {image}
                </a>
              )}
            </li>
          );
        })}
      </ol>
    </article>
  );
}
