import { describe, expect, it } from 'vitest';
import { HELP_PAGES, TERMS_HREF, helpHref, helpSlugOf, isTextPageSlug, lastUpdated, markdownSummary, safeTextHref } from './help-pages';

describe('help page addresses', () => {
  it('are /help/<slug>, the terms page included', () => {
    expect(HELP_PAGES.map((page) => helpHref(page.slug))).toEqual(['/help/shipping', '/help/returns', '/help/privacy', '/help/terms']);
    expect(TERMS_HREF).toBe('/help/terms');
    expect(helpHref('a b')).toBe('/help/a%20b');
  });

  it('take only slugs the database allows', () => {
    expect(isTextPageSlug('terms')).toBe(true);
    expect(isTextPageSlug('gift-cards-2')).toBe(true);
    for (const bad of ['', 'Terms', 'a--b', '-a', 'a-', 'a b', 'a/b', '..', 'x'.repeat(65)]) expect(isTextPageSlug(bad)).toBe(false);
  });

  it('read the slug of an address segment, or null', () => {
    expect(helpSlugOf('terms')).toBe('terms');
    expect(helpSlugOf('gift%2Dcards')).toBe('gift-cards');
    expect(helpSlugOf('%E0%A4%A')).toBeNull();
    expect(helpSlugOf('TERMS')).toBeNull();
    expect(helpSlugOf('..%2Fadmin')).toBeNull();
  });
});

describe('lastUpdated', () => {
  it('is the date in Singapore, DD/MM/YYYY, with its ISO form', () => {
    // 20:30 UTC on 3 March is already 4 March in Singapore (UTC+8).
    const at = Date.parse('2026-03-03T20:30:00Z') / 1000;
    expect(lastUpdated(at)).toEqual({ text: '04/03/2026', iso: '2026-03-04' });
    expect(lastUpdated(at, 'UTC')).toEqual({ text: '03/03/2026', iso: '2026-03-03' });
  });
});

describe('markdownSummary', () => {
  it('is the first paragraph as plain words, skipping headings and lists', () => {
    const markdown = '## Intro\n\n- a list\n\nWe ship from **Singapore**. See [our terms](/help/terms) and `code`.\n\nMore.';
    expect(markdownSummary(markdown)).toBe('We ship from Singapore. See our terms and code.');
  });

  it('cuts a long paragraph at a word, with an ellipsis', () => {
    const summary = markdownSummary('word '.repeat(100), 30);
    expect(summary.length).toBeLessThanOrEqual(30);
    expect(summary).toMatch(/^word( word)+…$/);
  });

  it('is empty for a text without a paragraph', () => {
    expect(markdownSummary('## Only a heading')).toBe('');
    expect(markdownSummary('')).toBe('');
  });
});

describe('safeTextHref', () => {
  it('keeps site paths, anchors, http(s), mailto and tel links', () => {
    for (const href of ['/help/returns', '#refunds', 'https://www.pdpc.gov.sg/', 'mailto:hello@kedai.example', 'tel:+6561234567']) {
      expect(safeTextHref(href)).toBe(href);
    }
  });

  it('drops scripts, data, protocol-relative and other links', () => {
    for (const href of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,x',
      '//evil.example',
      '/\\evil.example',
      'ftp://x',
      '',
    ]) {
      expect(safeTextHref(href)).toBeNull();
    }
  });
});
