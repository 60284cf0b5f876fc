import { describe, expect, it } from 'vitest';
import { CatalogueIndex, type IndexedProduct, type IndexFilters } from '../../src/modules/catalogue/search-index/catalogue-index';
import { hasPhrase, parseTsquery, parseTsvector } from '../../src/modules/catalogue/search-index/tsquery';

/** The in-memory index on its own, fed the text forms PostgreSQL gives (see search-engines.test.ts for both engines on a database). */

describe('parseTsvector', () => {
  it('reads lexemes with the weights of their positions, D when unlabelled', () => {
    const lexemes = parseTsvector(`'laptop':1A,7C 'game':2A 'it''s':3B 'back\\\\slash':4 'bare'`);
    expect(Object.fromEntries(lexemes)).toEqual({ laptop: 8 | 2, game: 8, "it's": 4, 'back\\slash': 1, bare: 1 });
  });
});

describe('parseTsquery', () => {
  it('reads and, or, not, phrases and groups with their precedence', () => {
    expect(parseTsquery(`'game' & 'laptop'`)).toEqual({
      op: 'and',
      of: [
        { op: 'word', lexeme: 'game' },
        { op: 'word', lexeme: 'laptop' },
      ],
    });
    expect(parseTsquery(`'a' | 'b' & !'c'`)).toEqual({
      op: 'or',
      of: [
        { op: 'word', lexeme: 'a' },
        {
          op: 'and',
          of: [
            { op: 'word', lexeme: 'b' },
            { op: 'not', of: { op: 'word', lexeme: 'c' } },
          ],
        },
      ],
    });
    expect(parseTsquery(`( 'a' | 'b' ) & 'c' <-> 'd' <2> 'e'`)).toEqual({
      op: 'and',
      of: [
        {
          op: 'or',
          of: [
            { op: 'word', lexeme: 'a' },
            { op: 'word', lexeme: 'b' },
          ],
        },
        {
          op: 'and',
          phrase: true,
          of: [
            { op: 'word', lexeme: 'c' },
            { op: 'word', lexeme: 'd' },
            { op: 'word', lexeme: 'e' },
          ],
        },
      ],
    });
    expect(parseTsquery('')).toBeNull();
    expect(hasPhrase(parseTsquery(`'a' & !( 'b' <-> 'c' )`)!)).toBe(true);
    expect(hasPhrase(parseTsquery(`'a' & !'b' | 'c'`)!)).toBe(false);
  });
});

const filters = (over: Partial<IndexFilters> = {}): IndexFilters => ({
  region: 'sg',
  categoryIds: null,
  merchantId: null,
  inStock: false,
  bands: [1000, 5000],
  ...over,
});

let clock = 1_000_000;
const product = (id: string, name: string, lexemes: string, over: Partial<IndexedProduct> = {}): IndexedProduct => ({
  id,
  name,
  lexemes,
  categoryId: 'cat-a',
  merchantId: 'shop-1',
  inStock: true,
  createdMicros: (clock += 1000),
  prices: { sg: 2000 },
  ...over,
});

function pageOf(index: CatalogueIndex, query: string, over: Partial<IndexFilters> = {}, order: 'score' | 'newest' | 'price_asc' = 'score') {
  const words = parseTsquery(query)!;
  const selection = index.select(index.match(words), filters(over));
  selection.scores = index.relevance(words, selection.slots);
  return {
    ids: index.pageSlots(selection, order, 'sg', 0, 10).map((slot) => index.idOf(slot)),
    total: selection.facetRows.find((row) => row.kind === 'total')!.count,
    facets: selection.facetRows,
  };
}

describe('CatalogueIndex', () => {
  it('ranks a name match above a keyword match above a description match, newest first among equals', () => {
    const index = new CatalogueIndex();
    index.upsert(product('d', 'Bag', `'bag':1A 'laptop':5C`));
    index.upsert(product('n1', 'Laptop', `'laptop':1A`));
    index.upsert(product('k', 'Sleeve', `'sleev':1A 'laptop':2B`));
    index.upsert(product('n2', 'Laptop Pro', `'laptop':1A 'pro':2A`));
    expect(pageOf(index, `'laptop'`).ids).toEqual(['n2', 'n1', 'k', 'd']);
  });

  it('filters, and counts merchants without the merchant filter and price bands without the price filter', () => {
    const index = new CatalogueIndex();
    index.upsert(product('a', 'Lamp', `'lamp':1A`, { merchantId: 'shop-1', prices: { sg: 500 } }));
    index.upsert(product('b', 'Lamp', `'lamp':1A`, { merchantId: 'shop-2', prices: { sg: 2000 } }));
    index.upsert(product('c', 'Lamp', `'lamp':1A`, { merchantId: 'shop-2', prices: { sg: 9000 }, inStock: false }));
    index.upsert(product('d', 'Lamp', `'lamp':1A`, { prices: { my: 100 } }));
    const { ids, total, facets } = pageOf(index, `'lamp'`, { merchantId: 'shop-2', maxPrice: 5000 });
    expect(ids).toEqual(['b']);
    expect(total).toBe(1);
    expect(facets).toEqual(
      expect.arrayContaining([
        { kind: 'merchant', key: 'shop-1', count: 1 },
        { kind: 'merchant', key: 'shop-2', count: 1 },
        { kind: 'band', key: '1', count: 1 },
        { kind: 'band', key: '2', count: 1 },
      ]),
    );
    expect(pageOf(index, `'lamp'`, { inStock: true }).ids.sort()).toEqual(['a', 'b']);
    expect(pageOf(index, `'lamp'`, { categoryIds: new Set(['other']) }).total).toBe(0);
  });

  it('answers the change of a product at once, and keeps answering after the dead are compacted away', () => {
    const index = new CatalogueIndex();
    for (let i = 0; i < 3000; i++) index.upsert(product(`p${i}`, `Mug ${i}`, `'mug':1A '${i}':2A`));
    index.upsert(product('p7', 'Cup 7', `'cup':1A '7':2A`));
    expect(pageOf(index, `'7'`).ids).toEqual(['p7']);
    expect(pageOf(index, `'cup'`).ids).toEqual(['p7']);
    expect(pageOf(index, `'mug'`).total).toBe(2999);
    for (let i = 0; i < 1500; i++) index.remove(`p${i * 2}`);
    expect(index.wantsCompaction).toBe(true);
    index.compact();
    expect(index.size).toBe(1500);
    expect(pageOf(index, `'mug'`).total).toBe(1499);
    expect(pageOf(index, `'cup'`).ids).toEqual(['p7']);
    expect(pageOf(index, `'mug'`, {}, 'newest').ids[0]).toBe('p2999');
  });

  it('finds names with words like typed ones, closest first', () => {
    const index = new CatalogueIndex();
    index.upsert(product('a', 'Gaming Laptop', `'game':1A 'laptop':2A`));
    index.upsert(product('b', 'Laptop Sleeve', `'laptop':1A 'sleev':2A`));
    index.upsert(product('c', 'Kettle', `'kettl':1A`));
    const { slots, scores } = index.similar('gamng laptop');
    const found = [...slots].map((slot) => index.idOf(slot));
    expect(found).toContain('a');
    expect(found).not.toContain('c');
    const [best] = [...slots].sort((x, y) => scores[y]! - scores[x]!);
    expect(index.idOf(best!)).toBe('a');
    expect(index.similar('zzqxjwv').slots).toHaveLength(0);
  });

  it('excludes words and matches either of two', () => {
    const index = new CatalogueIndex();
    index.upsert(product('a', 'Red Mug', `'red':1A 'mug':2A`));
    index.upsert(product('b', 'Blue Mug', `'blue':1A 'mug':2A`));
    index.upsert(product('c', 'Red Cap', `'red':1A 'cap':2A`));
    expect(pageOf(index, `'mug' & !'red'`).ids).toEqual(['b']);
    expect(pageOf(index, `'cap' | 'blue'`).ids.sort()).toEqual(['b', 'c']);
    expect(pageOf(index, `!'red'`).ids).toEqual(['b']);
  });
});
