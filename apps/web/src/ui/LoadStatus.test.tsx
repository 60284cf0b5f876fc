import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LoadStatus } from './LoadStatus';
import styles from './list.module.css';

/*
 * What a list page says until its list has come, rendered as HTML (the web tests run in Node without
 * a DOM). The pages that use it are tested in quotation-pages.test.tsx.
 */

const noop = () => {};

describe('LoadStatus', () => {
  it('while loading, says so politely', () => {
    expect(renderToStaticMarkup(<LoadStatus loading="Loading your cart…" failure={null} onRetry={noop} />)).toBe(
      '<p role="status" aria-live="polite">Loading your cart…</p>',
    );
  });

  it('a failure: announced at once, in the list’s alert look, with Try again', () => {
    const html = renderToStaticMarkup(
      <LoadStatus loading="Loading your cart…" failure="We could not load your cart: The shop is <busy>." onRetry={noop} />,
    );
    expect(html).toBe(
      `<div class="${styles.error}" role="alert"><p>We could not load your cart: The shop is &lt;busy&gt;.</p>` +
        '<p><button type="button" class="button button--secondary">Try again</button></p></div>',
    );
    expect(html).not.toContain('Loading');
  });

  it('a failure in a look of the page’s own (the wishlist’s notice)', () => {
    const html = renderToStaticMarkup(
      <LoadStatus loading="" failure="We could not load your wishlist: Oops" onRetry={noop} failureClassName="notice" />,
    );
    expect(html).toMatch(/^<div class="notice" role="alert">/);
  });
});
