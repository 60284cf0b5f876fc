import { hash } from 'node:crypto';
import { trigrams, wordsOf } from '@kedai/domain';
import { parseTsvector, positiveLexemes, weightValue, type TsQuery } from './tsquery';

/** What the index keeps of one enabled product: what a search matches, filters, counts and orders by. */
export interface IndexedProduct {
  id: string;
  name: string;
  /** The product's `search_vector` in its text form (PostgreSQL's lexemes and weights). */
  lexemes: string;
  categoryId: string | null;
  merchantId: string | null;
  inStock: boolean;
  /** `created_at` in microseconds since the epoch (exact below 2^53). */
  createdMicros: number;
  /** Region key -> lowest price there; a product without a price in a region is not listed there. */
  prices: Record<string, number>;
}

/** The filters of one search, resolved to ids. */
export interface IndexFilters {
  region: string;
  /** The category subtree's ids, or null for every category. */
  categoryIds: ReadonlySet<string> | null;
  merchantId: string | null;
  inStock: boolean;
  minPrice?: number;
  maxPrice?: number;
  /** The region's price band edges (`width_bucket`'s). */
  bands: readonly number[];
}

/** `closest`: score, then id only (what the names of a correction are taken in, as PostgreSQL's engine does). */
export type IndexOrder = 'score' | 'closest' | 'newest' | 'price_asc' | 'price_desc';

/** The same rows the PostgreSQL engine's facet query answers. */
export interface FacetRow {
  kind: 'total' | 'category' | 'merchant' | 'band';
  key: string | null;
  count: number;
}

/** A match set after the filters: its facet counts, and the products every filter lets through. */
export interface Selection {
  facetRows: FacetRow[];
  slots: Int32Array;
  /** The relevance of each selected product, beside `slots`; null when the order is not by relevance. */
  scores: Float64Array | null;
}

/** pg_trgm's `word_similarity_threshold`, the default of its `<%` operator. */
const SIMILAR_THRESHOLD = 0.6;
/** A name word shares at least this part of a typed word's trigrams to count as like it. */
const MIN_WORD_OVERLAP = 0.3;

/** Slots of products, in increasing order, with one byte of weight bits each (growable). */
class Postings {
  slots = new Int32Array(4);
  bits = new Uint8Array(4);
  length = 0;
  push(slot: number, bits: number) {
    if (this.length === this.slots.length) {
      const slots = new Int32Array(this.length * 2);
      slots.set(this.slots);
      this.slots = slots;
      const weights = new Uint8Array(this.length * 2);
      weights.set(this.bits);
      this.bits = weights;
    }
    this.slots[this.length] = slot;
    this.bits[this.length++] = bits;
  }
  view(): Int32Array {
    return this.slots.subarray(0, this.length);
  }
}

const EMPTY = new Int32Array(0);

/**
 * An inverted index of the enabled catalogue, held in the API process: lexeme -> products, name word
 * -> products (for typos), and per product the columns the filters, facets and orders read, in typed
 * arrays indexed by a slot number. A changed product's text takes a new slot (postings stay sorted
 * by slot); its old slot is dead until `compact` drops the dead. Synchronous and single-threaded: a
 * search never sees half a change.
 */
export class CatalogueIndex {
  private slotOf = new Map<string, number>();
  private ids: string[] = [];
  private names: string[] = [];
  /** A digest of what each slot's postings hold: the same digest on an update keeps the slot. */
  private textKeys: string[] = [];
  private capacity = 0;
  private alive = new Uint8Array(0);
  private inStock = new Uint8Array(0);
  private category = new Int32Array(0);
  private merchant = new Int32Array(0);
  private created = new Float64Array(0);
  private prices = new Map<string, Float64Array>();
  private categoryKeys = new Interner();
  private merchantKeys = new Interner();
  private lexemes = new Map<string, Postings>();
  /** Slots by category, so a category page reads only its own products. */
  private categorySlots: Postings[] = [];
  private identity = new Int32Array(0);
  /** Reused by `similar` (all zero between calls). */
  private bestOverlap = new Float64Array(0);
  private overlapSum = new Float64Array(0);
  private words = new Interner();
  private wordSlots: Postings[] = [];
  private gramWords = new Map<string, number[]>();
  private dead = 0;
  /** Bumped by every change: answers kept for a version are right until it moves. */
  version = 0;

  get size(): number {
    return this.slotOf.size;
  }

  upsert(product: IndexedProduct): void {
    this.version++;
    // What the postings hold: a change to any of it takes a new slot.
    const textKey = hash('sha1', `${product.categoryId}\u0000${product.name}\u0000${product.lexemes}`, 'base64');
    let slot = this.slotOf.get(product.id);
    if (slot !== undefined && this.textKeys[slot] !== textKey) {
      this.kill(slot);
      slot = undefined;
    }
    if (slot === undefined) slot = this.addSlot(product, textKey);
    this.inStock[slot] = product.inStock ? 1 : 0;
    this.category[slot] = product.categoryId ? this.categoryKeys.id(product.categoryId) : -1;
    this.merchant[slot] = product.merchantId ? this.merchantKeys.id(product.merchantId) : -1;
    this.created[slot] = product.createdMicros;
    for (const [region, column] of this.prices) column[slot] = product.prices[region] ?? NaN;
    for (const [region, price] of Object.entries(product.prices)) {
      if (!this.prices.has(region)) this.prices.set(region, new Float64Array(this.capacity).fill(NaN));
      this.prices.get(region)![slot] = price;
    }
  }

  remove(id: string): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.version++;
    this.kill(slot);
    this.slotOf.delete(id);
  }

  private kill(slot: number) {
    this.alive[slot] = 0;
    this.dead++;
  }

  private addSlot(product: IndexedProduct, textKey: string): number {
    const slot = this.ids.length;
    if (slot === this.capacity) this.grow(Math.max(1024, this.capacity * 2));
    this.ids.push(product.id);
    this.names.push(product.name);
    this.textKeys.push(textKey);
    this.slotOf.set(product.id, slot);
    this.alive[slot] = 1;
    if (product.categoryId) {
      const category = this.categoryKeys.id(product.categoryId);
      while (this.categorySlots.length <= category) this.categorySlots.push(new Postings());
      this.categorySlots[category]!.push(slot, 0);
    }
    for (const [lexeme, bits] of parseTsvector(product.lexemes)) {
      let postings = this.lexemes.get(lexeme);
      if (!postings) this.lexemes.set(lexeme, (postings = new Postings()));
      postings.push(slot, bits);
    }
    for (const word of new Set(wordsOf(product.name))) {
      const id = this.words.id(word);
      if (id === this.wordSlots.length) {
        this.wordSlots.push(new Postings());
        for (const gram of trigrams(word)) {
          const list = this.gramWords.get(gram);
          if (list) list.push(id);
          else this.gramWords.set(gram, [id]);
        }
      }
      this.wordSlots[id]!.push(slot, 0);
    }
    return slot;
  }

  private grow(capacity: number) {
    const widen = <T extends Uint8Array | Int32Array | Float64Array>(from: T, make: (n: number) => T, fill?: number): T => {
      const to = make(capacity);
      if (fill !== undefined) to.fill(fill);
      to.set(from);
      return to;
    };
    this.alive = widen(this.alive, (n) => new Uint8Array(n));
    this.inStock = widen(this.inStock, (n) => new Uint8Array(n));
    this.category = widen(this.category, (n) => new Int32Array(n));
    this.merchant = widen(this.merchant, (n) => new Int32Array(n));
    this.created = widen(this.created, (n) => new Float64Array(n));
    for (const [region, column] of this.prices)
      this.prices.set(
        region,
        widen(column, (n) => new Float64Array(n), NaN),
      );
    this.capacity = capacity;
  }

  /** Whether dead slots are a quarter of all: then `compact` is worth its pass. */
  get wantsCompaction(): boolean {
    return this.dead > 1000 && this.dead * 4 > this.ids.length;
  }

  /** Drops dead slots, renumbering the living in the same order (postings stay sorted). */
  compact(): void {
    const renumber = new Int32Array(this.ids.length).fill(-1);
    let next = 0;
    for (let slot = 0; slot < this.ids.length; slot++) if (this.alive[slot]) renumber[slot] = next++;
    const keep = <T extends { [i: number]: number }>(column: T): void => {
      for (let slot = 0; slot < this.ids.length; slot++) if (renumber[slot]! >= 0) column[renumber[slot]!] = column[slot]!;
    };
    for (const column of [this.alive, this.inStock, this.category, this.merchant, this.created, ...this.prices.values()]) keep(column);
    const pick = <T>(list: T[]) => list.filter((_, slot) => renumber[slot]! >= 0);
    this.ids = pick(this.ids);
    this.names = pick(this.names);
    this.textKeys = pick(this.textKeys);
    this.alive.fill(0, next);
    this.slotOf = new Map(this.ids.map((id, slot) => [id, slot]));
    const rewrite = (postings: Postings) => {
      let kept = 0;
      for (let i = 0; i < postings.length; i++) {
        const slot = renumber[postings.slots[i]!]!;
        if (slot < 0) continue;
        postings.slots[kept] = slot;
        postings.bits[kept++] = postings.bits[i]!;
      }
      postings.length = kept;
    };
    for (const [lexeme, postings] of this.lexemes) {
      rewrite(postings);
      if (postings.length === 0) this.lexemes.delete(lexeme);
    }
    for (const postings of this.wordSlots) rewrite(postings);
    for (const postings of this.categorySlots) rewrite(postings);
    this.dead = 0;
    this.version++;
  }

  /** Every product (living or dead) matching a parsed query, by slot in increasing order. */
  match(query: TsQuery): Int32Array {
    switch (query.op) {
      case 'word':
        return this.lexemes.get(query.lexeme)?.view() ?? EMPTY;
      case 'or':
        return query.of.map((part) => this.match(part)).reduce(union);
      case 'not':
        return subtract(this.everySlot(), this.match(query.of));
      case 'and': {
        const excluded = query.of.filter((part) => part.op === 'not').map((part) => this.match((part as { of: TsQuery }).of));
        const required = query.of.filter((part) => part.op !== 'not').map((part) => this.match(part));
        let slots = required.length ? required.sort((a, b) => a.length - b.length).reduce(intersect) : this.everySlot();
        for (const list of excluded) slots = subtract(slots, list);
        return slots;
      }
    }
  }

  /** Every slot: what a search without words (or with only excluded words) starts from. */
  everySlot(): Int32Array {
    if (this.identity.length !== this.ids.length) {
      this.identity = new Int32Array(this.ids.length);
      for (let slot = 0; slot < this.identity.length; slot++) this.identity[slot] = slot;
    }
    return this.identity;
  }

  /**
   * The relevance of matches, by slot: the sum over the query's words of the highest weight the
   * product holds each in (name 1, keywords 0.4, description 0.2), as `ts_rank` weighs them; one
   * score per slot of `slots` (sorted), beside it.
   */
  relevance(query: TsQuery, slots: Int32Array): Float64Array {
    const scores = new Float64Array(slots.length);
    for (const lexeme of positiveLexemes(query)) {
      const postings = this.lexemes.get(lexeme);
      if (!postings) continue;
      // Both lists are sorted by slot: one merge walk.
      for (let i = 0, j = 0; i < slots.length && j < postings.length;) {
        const a = slots[i]!;
        const b = postings.slots[j]!;
        if (a === b) {
          scores[i]! += weightValue(postings.bits[j]!);
          i++;
          j++;
        } else if (a < b) i++;
        else j++;
      }
    }
    return scores;
  }

  /**
   * Products whose names hold words like the typed ones (pg_trgm's `<%`): the share of the typed words'
   * trigrams found in the closest name word of each, at least SIMILAR_THRESHOLD. Scores beside the slots.
   */
  similar(text: string): { slots: Int32Array; scores: Float64Array } {
    const typed = wordsOf(text);
    if (this.bestOverlap.length < this.ids.length) {
      this.bestOverlap = new Float64Array(this.capacity);
      this.overlapSum = new Float64Array(this.capacity);
    }
    // Per product, the sum of each typed word's best overlap (`sums`) and the current word's best
    // (`best`), in arrays kept between calls and reset through the slots touched.
    const { bestOverlap: best, overlapSum: sums } = this;
    const candidates: number[] = [];
    let gramCount = 0;
    for (const word of typed) gramCount += trigrams(word).size;
    for (const word of typed) {
      const grams = trigrams(word);
      // A lone word must reach the threshold by itself; with others, a word like it at all counts.
      const least = typed.length === 1 ? SIMILAR_THRESHOLD * grams.size : Math.max(2, MIN_WORD_OVERLAP * grams.size);
      const shared = new Map<number, number>();
      for (const gram of grams) for (const id of this.gramWords.get(gram) ?? []) shared.set(id, (shared.get(id) ?? 0) + 1);
      const touched: number[] = [];
      for (const [id, count] of shared) {
        if (count < least) continue;
        const postings = this.wordSlots[id]!;
        for (let i = 0; i < postings.length; i++) {
          const slot = postings.slots[i]!;
          if (best[slot] === 0) touched.push(slot);
          if (count > best[slot]!) best[slot] = count;
        }
      }
      for (const slot of touched) {
        if (sums[slot] === 0) candidates.push(slot);
        sums[slot]! += best[slot]!;
        best[slot] = 0;
      }
    }
    const matched: number[] = [];
    for (const slot of candidates) {
      if (sums[slot]! >= SIMILAR_THRESHOLD * gramCount) matched.push(slot);
      else sums[slot] = 0;
    }
    const slots = Int32Array.from(matched).sort();
    const scores = Float64Array.from(slots, (slot) => sums[slot]! / gramCount);
    for (const slot of matched) sums[slot] = 0;
    return { slots, scores };
  }

  /** The name of a product by slot. */
  nameOf(slot: number): string {
    return this.names[slot]!;
  }

  /**
   * Applies the filters to a match set in one pass: the facet counts (merchants counted without the
   * merchant filter, price bands without the price filter, as the shopper may switch either) and the
   * products every filter lets through. `matches` null: every product. `firstOnly` stops at the first
   * product let through (its counts are then partial): whether anything matches.
   */
  select(matches: Int32Array | null, filters: IndexFilters, matchScores: Float64Array | null = null, firstOnly = false): Selection {
    const prices = this.prices.get(filters.region);
    if (!prices) return { facetRows: [{ kind: 'total', key: null, count: 0 }], slots: EMPTY, scores: matchScores && new Float64Array(0) };
    const { alive, category, merchant, inStock } = this;
    const allowed = filters.categoryIds ? this.categoryKeys.maskOf(filters.categoryIds) : null;
    // Without words, a category page reads its categories' products only.
    const lists: Int32Array[] = matches
      ? [matches]
      : allowed
        ? this.categorySlots.filter((_, id) => allowed[id] === 1).map((postings) => postings.view())
        : [this.everySlot()];
    const wanted = filters.merchantId === null ? -2 : (this.merchantKeys.find(filters.merchantId) ?? -3);
    const min = filters.minPrice ?? -Infinity;
    const max = filters.maxPrice ?? Infinity;
    const edges = filters.bands;
    const onlyInStock = filters.inStock;
    // Counts in typed arrays, index + 1 so that "none" (-1) has a place.
    const byCategory = new Int32Array(this.categoryKeys.size + 1);
    const byMerchant = new Int32Array(this.merchantKeys.size + 1);
    const byBand = new Int32Array(edges.length + 1);
    const selected = new Int32Array(lists.reduce((sum, list) => sum + list.length, 0));
    const selectedScores = matchScores ? new Float64Array(selected.length) : null;
    let total = 0;
    for (const list of lists) {
      for (let i = 0; i < list.length && !(firstOnly && total > 0); i++) {
        const slot = list[i]!;
        if (alive[slot] === 0) continue;
        const price = prices[slot]!;
        if (price !== price) continue; // NaN: no price in this region
        const inCategory = category[slot]!;
        if (allowed !== null && (inCategory < 0 || allowed[inCategory] === 0)) continue;
        if (onlyInStock && inStock[slot] === 0) continue;
        const inMerchant = wanted === -2 || merchant[slot] === wanted;
        const inPrice = price >= min && price <= max;
        if (inPrice) byMerchant[merchant[slot]! + 1]!++;
        if (inMerchant) {
          let band = 0;
          while (band < edges.length && price >= edges[band]!) band++;
          byBand[band]!++;
          if (inPrice) {
            byCategory[inCategory + 1]!++;
            if (selectedScores) selectedScores[total] = matchScores![i]!;
            selected[total++] = slot;
          }
        }
      }
    }
    const facetRows: FacetRow[] = [{ kind: 'total', key: null, count: total }];
    const rows = (kind: 'category' | 'merchant', counts: Int32Array, keys: Interner) => {
      for (let id = 0; id < counts.length; id++) if (counts[id]) facetRows.push({ kind, key: keys.keyOf(id - 1), count: counts[id]! });
    };
    rows('category', byCategory, this.categoryKeys);
    rows('merchant', byMerchant, this.merchantKeys);
    for (let band = 0; band < byBand.length; band++)
      if (byBand[band]) facetRows.push({ kind: 'band', key: String(band), count: byBand[band]! });
    return { facetRows, slots: selected.subarray(0, total), scores: selectedScores && selectedScores.subarray(0, total) };
  }

  /** The product id in a slot. */
  idOf(slot: number): string {
    return this.ids[slot]!;
  }

  /** The slots of one page of a selection in the order asked for; every order ends on the product id. */
  pageSlots(selection: Selection, order: IndexOrder, region: string, offset: number, limit: number): number[] {
    const { ids, created } = this;
    const { slots, scores } = selection;
    const prices = this.prices.get(region)!;
    // The heap holds positions in the selection, so scores (beside the slots) are read by position.
    const newer = (a: number, b: number) => {
      const x = slots[a]!;
      const y = slots[b]!;
      return created[x] !== created[y] ? created[x]! > created[y]! : ids[x]! < ids[y]!;
    };
    const byId = (a: number, b: number) => ids[slots[a]!]! < ids[slots[b]!]!;
    const before: (a: number, b: number) => boolean =
      order === 'score' || order === 'closest'
        ? (a, b) => (scores && scores[a] !== scores[b] ? scores[a]! > scores[b]! : order === 'score' ? newer(a, b) : byId(a, b))
        : order === 'newest'
          ? newer
          : (a, b) => {
              const pa = prices[slots[a]!]!;
              const pb = prices[slots[b]!]!;
              if (pa !== pb) return order === 'price_asc' ? pa < pb : pa > pb;
              return byId(a, b);
            };
    return topK(slots.length, offset + limit, before)
      .slice(offset)
      .map((position) => slots[position]!);
  }
}

/** Strings to small numbers and back, for the columns that hold ids. */
class Interner {
  private ids = new Map<string, number>();
  private keys: string[] = [];
  get size(): number {
    return this.keys.length;
  }
  id(key: string): number {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.keys.length;
      this.ids.set(key, id);
      this.keys.push(key);
    }
    return id;
  }
  find(key: string): number | undefined {
    return this.ids.get(key);
  }
  keyOf(id: number): string | null {
    return id < 0 ? null : this.keys[id]!;
  }
  maskOf(keys: ReadonlySet<string>): Uint8Array {
    const mask = new Uint8Array(this.keys.length);
    for (const key of keys) {
      const id = this.ids.get(key);
      if (id !== undefined) mask[id] = 1;
    }
    return mask;
  }
}

/** The first `k` of the positions 0..n-1 in the order `before` gives, by a bounded heap: O(n log k), not a sort of all. */
function topK(n: number, k: number, before: (a: number, b: number) => boolean): number[] {
  const heap: number[] = []; // the worst of the best k at the top
  const worse = (a: number, b: number) => before(b, a);
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let top = i;
      if (l < heap.length && worse(heap[l]!, heap[top]!)) top = l;
      if (r < heap.length && worse(heap[r]!, heap[top]!)) top = r;
      if (top === i) return;
      [heap[i], heap[top]] = [heap[top]!, heap[i]!];
      i = top;
    }
  };
  for (let position = 0; position < n && k > 0; position++) {
    if (heap.length < k) {
      heap.push(position);
      for (let i = heap.length - 1; i > 0;) {
        const parent = (i - 1) >> 1;
        if (!worse(heap[i]!, heap[parent]!)) break;
        [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
        i = parent;
      }
    } else if (before(position, heap[0]!)) {
      heap[0] = position;
      down(0);
    }
  }
  return heap.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
}

function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let n = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] === b[j]) {
      out[n++] = a[i]!;
      i++;
      j++;
    } else if (a[i]! < b[j]!) i++;
    else j++;
  }
  return out.subarray(0, n);
}

function union(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length + b.length);
  let n = 0;
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i]! < b[j]!)) out[n++] = a[i++]!;
    else if (i >= a.length || b[j]! < a[i]!) out[n++] = b[j++]!;
    else {
      out[n++] = a[i++]!;
      j++;
    }
  }
  return out.subarray(0, n);
}

function subtract(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length);
  let n = 0;
  for (let i = 0, j = 0; i < a.length; i++) {
    while (j < b.length && b[j]! < a[i]!) j++;
    if (j < b.length && b[j] === a[i]) continue;
    out[n++] = a[i]!;
  }
  return out.subarray(0, n);
}
