import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import styles from './list.module.css';
import { RowPicture } from './RowPicture';

/* A row's picture, rendered as HTML (the web tests run in Node without a DOM). */

describe('RowPicture', () => {
  it('is the product’s thumbnail, decorative, sized and loaded as it nears the screen', () => {
    expect(renderToStaticMarkup(<RowPicture assetsUrl="https://assets.example/" image="products/pan.jpg" />)).toBe(
      `<img class="${styles.thumb}" src="https://assets.example/products/pan_thumb.jpg" alt="" width="72" height="72" loading="lazy" decoding="async"/>`,
    );
  });

  it('a product with no picture, or gone, shows the placeholder', () => {
    expect(renderToStaticMarkup(<RowPicture assetsUrl="https://assets.example" image={undefined} />)).toContain(
      'src="https://assets.example/placeholder_thumb.svg"',
    );
  });
});
