import { describe, expect, it } from 'vitest';
import { correctionNotice, suggestedSearch } from './correction';
import { SEARCH_SCOPE } from './url-state';

const corrected = { typoTolerant: true, correctedQuery: 'laptop', suggestedQuery: null };
const plain = { typoTolerant: false, correctedQuery: null, suggestedQuery: null };

describe('correctionNotice', () => {
  it('names the corrected words and links to the exact search, keeping filters and sort, from page 1', () => {
    const state = { q: 'lapton', category: 'electronics', inStock: true, sort: 'price_asc', page: 2 } as const;
    expect(correctionNotice(SEARCH_SCOPE, state, corrected)).toEqual({
      kind: 'corrected',
      corrected: 'laptop',
      typed: 'lapton',
      exactHref: '/search?q=lapton&exact=true&category=electronics&inStock=true&sort=price_asc',
    });
  });

  it('says the results are similar names when the API names no correction', () => {
    expect(correctionNotice(SEARCH_SCOPE, { q: 'zorex' }, { ...corrected, correctedQuery: null })).toEqual({
      kind: 'similar',
      typed: 'zorex',
      exactHref: '/search?q=zorex&exact=true',
    });
  });

  it('keeps a category or merchant page in its path', () => {
    expect(
      correctionNotice({ kind: 'merchant', slug: 'lion-city-tech' }, { q: 'cabel', merchant: 'lion-city-tech' }, corrected)?.exactHref,
    ).toBe('/merchant/lion-city-tech?q=cabel&exact=true');
  });

  it('says nothing for words that matched, an exact search, no words or no result', () => {
    expect(correctionNotice(SEARCH_SCOPE, { q: 'laptop' }, plain)).toBeNull();
    expect(correctionNotice(SEARCH_SCOPE, { q: 'lapton', exact: true }, corrected)).toBeNull();
    expect(correctionNotice(SEARCH_SCOPE, {}, corrected)).toBeNull();
    expect(correctionNotice(SEARCH_SCOPE, { q: 'lapton' }, null)).toBeNull();
  });
});

describe('suggestedSearch', () => {
  it('offers the correction back on an exact search, typos tolerated again and filters kept', () => {
    expect(
      suggestedSearch(SEARCH_SCOPE, { q: 'lapton', exact: true, inStock: true, page: 3 }, { ...plain, suggestedQuery: 'laptop' }),
    ).toEqual({ q: 'laptop', href: '/search?q=laptop&inStock=true' });
  });

  it('offers nothing without the exact flag or without a suggestion', () => {
    expect(suggestedSearch(SEARCH_SCOPE, { q: 'lapton' }, { ...plain, suggestedQuery: 'laptop' })).toBeNull();
    expect(suggestedSearch(SEARCH_SCOPE, { q: 'zzqxjwv', exact: true }, plain)).toBeNull();
    expect(suggestedSearch(SEARCH_SCOPE, { q: 'lapton', exact: true }, null)).toBeNull();
  });
});
