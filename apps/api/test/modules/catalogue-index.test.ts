import { describe, expect, it } from 'vitest';
import { CatalogueIndex, type IndexedProduct, type IndexFilters } from '../../src/modules/catalogue/search-index/catalogue-index';
import { hasPhrase, parseTsquery, parseTsvector } from '../../src/modules/catalogue/search-index/tsquery';
import { WORD_SIMILARITY_THRESHOLD, wordSimilarity } from '../../src/modules/catalogue/search-index/word-similarity';

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

  it('finds names holding a typed word cut in two, halves side by side, living products only', () => {
    const index = new CatalogueIndex();
    index.upsert(product('a', 'Wi Fi Camera', `'wi':1A 'fi':2A 'camera':3A`));
    index.upsert(product('b', 'Smart wi/fi Plug', `'smart':1A 'wi':2A 'fi':3A 'plug':4A`));
    index.upsert(product('c', 'Fi Wi Lamp', `'fi':1A 'wi':2A 'lamp':3A`));
    index.upsert(product('d', 'WiFi Router', `'wifi':1A 'router':2A`));
    index.upsert(product('e', 'Wi Fi Doorbell', `'wi':1A 'fi':2A 'doorbel':3A`));
    index.remove('e');
    const ids = (slots: Int32Array) => [...slots].map((slot) => index.idOf(slot));
    expect(ids(index.holdingCut(['wifi']))).toEqual(['a', 'b']);
    expect(ids(index.holdingCut(['fiwi', 'smartwi']))).toEqual(['b', 'c']);
    expect(index.holdingCut(['router'])).toHaveLength(0);
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

/**
 * `word_similarity(typed, name)` as PostgreSQL 15's pg_trgm printed it (float4), and so whether
 * `typed <% name` (at least 0.6): typos of one and several words, short words, digits, punctuation,
 * letters with accents, repeated words and trigrams. The first pair is the one the index once got
 * wrong (it took the rule word by word: 4 of the 6 trigrams of "camra" are in "camera").
 */
const WORD_SIMILARITIES: [typed: string, name: string, similarity: number][] = [
  ['camra', 'Canon EOS R50 Mirrorless Camera', 0.5],
  ['camera', 'Canon EOS R50 Mirrorless Camera', 1],
  ['camra', 'Camra', 1],
  ['laptp', 'Asus ZenBook 13 Laptop', 0.6666667],
  ['lapton', 'Acer Nitro 15 Gaming Laptop', 0.71428573],
  ['gamng laptp', 'Acer Nitro 15 Gaming Laptop', 0.53333336],
  ['gamng laptop', 'Acer Nitro 15 Gaming Laptop', 0.6875],
  ['gaming laptop', 'Laptop Sleeve for Gaming', 0.56],
  ['hedphones', 'Bose Ultra Noise-Cancelling Headphones', 0.61538464],
  ['noise canceling hedphones', 'Bose Ultra Noise-Cancelling Headphones', 0.7419355],
  ['wireles earbds', 'Sony LinkBuds Wireless Earbuds', 0.7058824],
  ['sony camra', 'Sony Alpha 6400 Mirrorless Camera', 0.45454547],
  ['instnt cofee', 'Nanyang Old Coffee Kopi O Instant Coffee', 0.5555556],
  ['blak tea', 'TWG 1837 Black Loose Leaf Tea', 0.44444445],
  ['dumbel', 'Domyos Essential Dumbbell Set', 0.5714286],
  ['skrt', 'Zalora Studio Maxi Skirt', 0.4],
  ['pixle 9', 'Google Pixel 9 Smartphone', 0.54545456],
  ['9', 'Google Pixel 9 Smartphone', 1],
  ['5g', 'Vivo X100 5G Smartphone', 1],
  ['x100', 'Vivo X100 5G Smartphone', 1],
  ['a', 'Acer Aspire 13 Laptop', 0.5],
  ['ab', 'Samsung Galaxy A35 5G Smartphone', 0.33333334],
  ['t-shirt', 'Uniqlo AIRism T-Shirt', 1],
  ['tshirt', 'Uniqlo AIRism T-Shirt', 0.5714286],
  ["filt'r", "Fenty Pro Filt'r Lipstick", 1],
  ['filtr', "Fenty Pro Filt'r Lipstick", 0.6666667],
  ['editors', "The Editor's Market Kaia Blouse", 0.75],
  ['lok', 'Lock & Lock Easy Cook Wok', 0.5],
  ['lock lock', 'Lock & Lock Hard & Light Saucepan', 1],
  ['wok', 'Lock & Lock Easy Cook Wok', 1],
  ['3-in-1', 'Milo 3-in-1 Malted Drink', 1],
  ['CAMERA!!', 'GoPro Hero 12 Action Camera', 1],
  ['kopí', 'Kopi Luwak', 0.6],
  ['kopi', 'Kopí Luwak', 0.6],
  ['zzqxjwv', 'Canon EOS R50 Mirrorless Camera', 0],
  ['!!', 'Canon EOS R50 Mirrorless Camera', 0],
  ['abcabc', 'abc abcx xabcabc', 0.6666667],
  ['aab', 'ab aab ab', 1],
  ['frying pn', 'Meyer Bauhaus Frying Pan', 0.8],
  ['oxfrd shirt', 'Giordano Classic Oxford Shirt', 0.6666667],
];

describe('the typo rule: pg_trgm word similarity', () => {
  it('gives the values PostgreSQL gives', () => {
    for (const [typed, name, expected] of WORD_SIMILARITIES) {
      expect(wordSimilarity(typed, name), `${typed} / ${name}`).toBe(Math.fround(expected));
    }
  });

  it("finds exactly the names PostgreSQL's <% finds, scored by their word similarity", () => {
    const index = new CatalogueIndex();
    const names = [...new Set(WORD_SIMILARITIES.map(([, name]) => name))];
    names.forEach((name, i) => index.upsert(product(`n${i}`, name, `'x':1A`)));
    for (const [typed, name, expected] of WORD_SIMILARITIES) {
      const { slots, scores } = index.similar(typed);
      const found = new Map([...slots].map((slot, i) => [index.nameOf(slot), scores[i]]));
      const similar = Math.fround(expected) >= WORD_SIMILARITY_THRESHOLD;
      expect(found.has(name), `${typed} <% ${name}`).toBe(similar);
      if (similar) expect(found.get(name), `${typed} / ${name}`).toBe(Math.fround(expected));
    }
    // At the threshold exactly (3 of 5 trigrams, in float4 as pg_trgm compares) is similar.
    expect([...index.similar('kopí').slots].map((slot) => index.nameOf(slot))).toContain('Kopi Luwak');
  });

  it('keeps finding the same after products change and the dead are compacted away', () => {
    const index = new CatalogueIndex();
    for (let i = 0; i < 2000; i++) index.upsert(product(`p${i}`, i % 2 ? `Mirrorless Camera ${i}` : `Camra Strap ${i}`, `'x':1A`));
    for (let i = 0; i < 2000; i += 4) index.upsert(product(`p${i}`, `Laptop Stand ${i}`, `'y':1A`));
    for (let i = 1; i < 2000; i += 4) index.remove(`p${i}`);
    expect(index.wantsCompaction).toBe(false);
    const before = (text: string) => [...index.similar(text).slots].map((slot) => index.idOf(slot)).sort();
    const camra = before('camra');
    const laptp = before('laptp stand');
    expect(camra).toHaveLength(500);
    expect(laptp).toHaveLength(500);
    for (let i = 3; i < 2000; i += 4) index.remove(`p${i}`);
    index.compact();
    expect(before('camra')).toEqual(camra);
    expect(before('laptp stand')).toEqual(laptp);
    expect(before('mirorless camera')).toEqual([]);
  });
});
