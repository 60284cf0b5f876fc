import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { Pager } from './Pager';

const render = (page: number, pages: number) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <Pager page={page} pages={pages} linkTo={(n) => `/orders?page=${n}`} />
    </MemoryRouter>,
  );

describe('Pager', () => {
  it('is absent for a single page', () => {
    expect(render(1, 1)).toBe('');
  });

  it('links only to the pages that exist', () => {
    expect(render(1, 3)).toBe(
      '<nav class="pager" aria-label="Pages"><span>Page 1 of 3</span><a href="/orders?page=2" data-discover="true">Next page</a></nav>',
    );
    const middle = render(2, 3);
    expect(middle).toContain('<a href="/orders?page=1"');
    expect(middle).toContain('<a href="/orders?page=3"');
    expect(render(3, 3)).not.toContain('Next page');
  });
});
