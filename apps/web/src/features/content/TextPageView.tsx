import Link from 'next/link';
import Markdown, { type Components } from 'react-markdown';
import type { ShippingLocation, TextPage } from '@kedai/contract';
import { isInternalHref } from './links';
import { deliveryDaysText, shippingRateText } from '@kedai/domain';
import { lastUpdated, safeTextHref } from './help-pages';
import styles from './TextPageView.module.css';

/**
 * What a text page's Markdown may become (decision 0012): text, headings, lists, quotes and links.
 * Raw HTML is skipped; anything else (images, tables) is replaced by its text.
 */
const ALLOWED_ELEMENTS = ['p', 'h1', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'strong', 'em', 'a', 'blockquote', 'hr', 'br', 'code'];

const components: Components = {
  // The page's title is its one h1: a `#` heading in the text becomes a section heading.
  h1: ({ node: _node, children, ...props }) => <h2 {...props}>{children}</h2>,
  a: ({ node: _node, href, children, ...props }) => {
    if (!href) return <>{children}</>;
    if (isInternalHref(href)) {
      return (
        <Link href={href} {...props}>
          {children}
        </Link>
      );
    }
    return (
      <a href={href} {...props} rel={/^https?:/i.test(href) ? 'noopener' : undefined}>
        {children}
      </a>
    );
  },
};

export interface TextPageViewProps {
  page: TextPage;
  /** The countries the shop delivers to, listed under the shipping page's text with their cost in `region`. */
  shippingLocations?: ShippingLocation[];
  region?: { key: string; currency: string };
}

/** A text page (shipping, returns, privacy, terms): its title, last-updated date and text, at a readable width. */
export function TextPageView({ page, shippingLocations, region }: TextPageViewProps) {
  const updated = lastUpdated(page.updatedAt);
  return (
    <article className={styles.page} aria-labelledby="text-page-title">
      <header className={styles.header}>
        <h1 id="text-page-title">{page.title}</h1>
        <p className={styles.updated}>
          Last updated <time dateTime={updated.iso}>{updated.text}</time>
        </p>
      </header>
      <div className={styles.body}>
        <Markdown skipHtml allowedElements={ALLOWED_ELEMENTS} unwrapDisallowed urlTransform={safeTextHref} components={components}>
          {page.body}
        </Markdown>
        {shippingLocations && shippingLocations.length > 0 ? (
          <section aria-labelledby="text-page-destinations">
            <h2 id="text-page-destinations">Where we deliver</h2>
            <table className={styles.destinations}>
              <thead>
                <tr>
                  <th scope="col">Country</th>
                  <th scope="col">Delivery{region ? ` (${region.currency})` : ''}</th>
                  <th scope="col">Usually takes</th>
                </tr>
              </thead>
              <tbody>
                {shippingLocations.map((location) => {
                  const rate = region ? location.rates[region.key] : undefined;
                  return (
                    <tr key={location.countryCode}>
                      <th scope="row">{location.name}</th>
                      <td>{(rate && region && shippingRateText(rate, region.currency)) ?? 'Shown at checkout'}</td>
                      <td>{deliveryDaysText(location.deliveryDays) ?? '—'}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </section>
        ) : null}
      </div>
    </article>
  );
}
