import { hash } from 'node:crypto';
import { splitsOf, wordsOf } from '@kedai/domain';
import { parseTsvector, positiveLexemes, weightValue, type TsQuery } from './tsquery';
import { iterateWordSimilarity, leastShared, WORD_SIMILARITY_THRESHOLD, wordTrigrams } from './word-similarity';

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
  /** Name words: their slots, and each word's trigrams (numbered) in order, repeats kept, as pg_trgm reads them. */
  private words = new Interner();
  private wordSlots: Postings[] = [];
  private wordGrams: Int32Array[] = [];
  /** Trigram -> its number; by number, the words holding it and about how many products' names do. */
  private gramIds = new Map<string, number>();
  private gramWords: number[][] = [];
  private gramSlots: number[] = [];
  /** Each slot's name as its words (numbered, in order, repeats kept): `nameWords[nameStart .. + nameLength)`. */
  private nameWords = new Int32Array(1024);
  private nameWordsUsed = 0;
  private nameStart = new Int32Array(0);
  private nameLength = new Int32Array(0);
  /** Scratch of `similar`, kept between calls: by trigram (`typedGram` all 0, `lastSeen` all -1 between calls) and by slot. */
  private typedGram = new Uint8Array(0);
  private lastSeen = new Int32Array(0);
  private gramSequence = new Int32Array(64);
  private visited = new Uint32Array(0);
  private wordVisit = new Uint32Array(0);
  private wordScore = new Float64Array(0);
  private wordMask = new Int32Array(0);
  private visit = 0;
  private similarity = new Float64Array(0);
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
    const nameWords = wordsOf(product.name);
    if (this.nameWordsUsed + nameWords.length > this.nameWords.length) {
      const pool = new Int32Array(Math.max(this.nameWords.length * 2, this.nameWordsUsed + nameWords.length));
      pool.set(this.nameWords.subarray(0, this.nameWordsUsed));
      this.nameWords = pool;
    }
    this.nameStart[slot] = this.nameWordsUsed;
    this.nameLength[slot] = nameWords.length;
    for (const word of nameWords) {
      const id = this.wordId(word);
      // Postings hold a slot once per word.
      const postings = this.wordSlots[id]!;
      if (postings.length === 0 || postings.slots[postings.length - 1] !== slot) {
        postings.push(slot, 0);
        for (const gram of this.wordGrams[id]!) this.gramSlots[gram]!++;
      }
      this.nameWords[this.nameWordsUsed++] = id;
    }
    return slot;
  }

  /** The number of a name word, numbering it and its trigrams when new. */
  private wordId(word: string): number {
    const id = this.words.id(word);
    if (id < this.wordSlots.length) return id;
    this.wordSlots.push(new Postings());
    const grams = wordTrigrams(word).map((gram) => {
      let gramId = this.gramIds.get(gram);
      if (gramId === undefined) {
        this.gramIds.set(gram, (gramId = this.gramWords.length));
        this.gramWords.push([]);
        this.gramSlots.push(0);
      }
      return gramId;
    });
    this.wordGrams.push(Int32Array.from(grams));
    for (const gramId of new Set(grams)) this.gramWords[gramId]!.push(id);
    return id;
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
    this.nameStart = widen(this.nameStart, (n) => new Int32Array(n));
    this.nameLength = widen(this.nameLength, (n) => new Int32Array(n));
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
    // Names' words move down in place: the living keep their order, so each lands at or before where it was.
    let used = 0;
    for (let slot = 0; slot < this.ids.length; slot++) {
      const to = renumber[slot]!;
      if (to < 0) continue;
      const start = this.nameStart[slot]!;
      const length = this.nameLength[slot]!;
      this.nameWords.copyWithin(used, start, start + length);
      this.nameStart[to] = used;
      this.nameLength[to] = length;
      used += length;
    }
    this.nameWordsUsed = used;
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
    this.gramSlots.fill(0);
    this.wordSlots.forEach((postings, word) => {
      for (const gram of this.wordGrams[word]!) this.gramSlots[gram]! += postings.length;
    });
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
   * Products whose names PostgreSQL's `typed <% name` finds: pg_trgm's `word_similarity(typed, name)`
   * at least its threshold (0.6), computed exactly as pg_trgm does (word-similarity.ts). Scores (those
   * similarities, float4 values as PostgreSQL's) beside the slots, which are in increasing order.
   *
   * Candidates come from the trigram postings: a name reaching the threshold holds at least
   * `leastShared(U)` of the typed text's U distinct trigrams (the similarity is at most shared / U),
   * so it holds at least one of any U - leastShared(U) + 1 of them; the rarest are taken. Each
   * candidate's name is then measured on the trigram numbers kept per word, in scratch arrays kept
   * between calls.
   */
  similar(text: string): { slots: Int32Array; scores: Float64Array } {
    const typedGrams = new Set<string>();
    for (const word of wordsOf(text)) for (const gram of wordTrigrams(word)) typedGrams.add(gram);
    const typedCount = typedGrams.size;
    const least = leastShared(typedCount);
    // Trigrams no name holds count in U but are never shared.
    const known: number[] = [];
    for (const gram of typedGrams) {
      const id = this.gramIds.get(gram);
      if (id !== undefined) known.push(id);
    }
    if (known.length < least) return { slots: EMPTY, scores: new Float64Array(0) };
    const { gramWords, gramSlots, wordSlots, alive } = this;
    const probes = known.sort((a, b) => gramSlots[a]! - gramSlots[b]!).slice(0, known.length - least + 1);

    if (this.typedGram.length < gramWords.length) {
      this.typedGram = new Uint8Array(gramWords.length * 2);
      this.lastSeen = new Int32Array(gramWords.length * 2).fill(-1);
    }
    if (this.visited.length < this.capacity) {
      this.visited = new Uint32Array(this.capacity);
      this.similarity = new Float64Array(this.capacity);
      this.wordVisit.fill(0);
      this.visit = 0;
    }
    if (this.wordVisit.length < wordSlots.length) {
      this.wordVisit = new Uint32Array(wordSlots.length * 2);
      this.wordScore = new Float64Array(wordSlots.length * 2);
      this.wordMask = new Int32Array(wordSlots.length * 2);
      this.visited.fill(0);
      this.visit = 0;
    }
    if (this.visit === 0xffffffff) {
      this.visited.fill(0);
      this.wordVisit.fill(0);
      this.visit = 0;
    }
    const visit = ++this.visit;
    const { typedGram, visited, similarity } = this;
    // Each typed trigram marked by its bit (1 + its place among the first 32; 33 past them).
    known.forEach((gram, place) => (typedGram[gram] = Math.min(place, 32) + 1));
    const bounded = known.length <= 32;
    const matched: number[] = [];
    for (const gram of probes) {
      for (const word of gramWords[gram]!) {
        const postings = wordSlots[word]!;
        for (let i = 0; i < postings.length; i++) {
          const slot = postings.slots[i]!;
          if (visited[slot] === visit || alive[slot] === 0) continue;
          visited[slot] = visit;
          const score = this.nameSimilarity(slot, typedCount, visit, bounded ? least : 0);
          if (score >= WORD_SIMILARITY_THRESHOLD) {
            matched.push(slot);
            similarity[slot] = score;
          }
        }
      }
    }
    for (const gram of known) typedGram[gram] = 0;
    const slots = Int32Array.from(matched).sort();
    return { slots, scores: Float64Array.from(slots, (slot) => similarity[slot]!) };
  }

  /**
   * pg_trgm's word similarity of the typed trigrams (marked in `typedGram`) to a slot's name. Only the
   * run from the first typed trigram to the last one weighs (before it nothing is counted, after it
   * nothing is measured), so a name with one word holding typed trigrams scores what that word alone
   * scores: that is worked out once per word and search (`wordScore`, valid where `wordVisit` is this
   * visit), with the typed trigrams the word holds (`wordMask`). Another name is measured whole, unless
   * its words hold fewer than `least` of the typed trigrams (0: not checked, more than 32 typed).
   */
  private nameSimilarity(slot: number, typedCount: number, visit: number, least: number): number {
    const { nameWords, wordGrams, wordVisit, wordScore, wordMask, typedGram } = this;
    const start = this.nameStart[slot]!;
    const end = start + this.nameLength[slot]!;
    let holding = -1;
    let several = false;
    let mask = 0;
    for (let i = start; i < end; i++) {
      const word = nameWords[i]!;
      if (wordVisit[word] !== visit) {
        wordVisit[word] = visit;
        const grams = wordGrams[word]!;
        wordScore[word] = iterateWordSimilarity(grams, grams.length, typedGram, typedCount, this.lastSeen);
        let bits = 0;
        for (let j = 0; j < grams.length; j++) {
          const bit = typedGram[grams[j]!]!;
          if (bit > 0 && bit <= 32) bits |= 1 << (bit - 1);
        }
        wordMask[word] = bits;
      }
      if (wordScore[word]! > 0) {
        if (holding >= 0) several = true;
        holding = word;
        mask |= wordMask[word]!;
      }
    }
    if (!several) return holding >= 0 ? wordScore[holding]! : 0;
    if (bitCount(mask) < least) return 0;
    let sequence = this.gramSequence;
    let length = 0;
    for (let i = start; i < end; i++) {
      const grams = wordGrams[nameWords[i]!]!;
      if (length + grams.length > sequence.length) {
        const longer = new Int32Array((length + grams.length) * 2);
        longer.set(sequence.subarray(0, length));
        this.gramSequence = sequence = longer;
      }
      for (let j = 0; j < grams.length; j++) sequence[length++] = grams[j]!;
    }
    return iterateWordSimilarity(sequence, length, this.typedGram, typedCount, this.lastSeen);
  }

  /**
   * Products whose names hold one of the words cut in two, its halves side by side as name words
   * ("wifi" finds "Wi Fi Camera"): where "did you mean" looks for the catalogue's own form of a word
   * (the PostgreSQL engine's `splitNamePattern`). Slots in increasing order.
   */
  holdingCut(words: readonly string[]): Int32Array {
    const found = new Set<number>();
    const { nameWords, nameStart, nameLength, alive } = this;
    for (const word of words) {
      for (const [first, second] of splitsOf(word)) {
        const a = this.words.find(first);
        const b = this.words.find(second);
        if (a === undefined || b === undefined) continue;
        const postings = this.wordSlots[a]!;
        for (let i = 0; i < postings.length; i++) {
          const slot = postings.slots[i]!;
          if (alive[slot] === 0) continue;
          const end = nameStart[slot]! + nameLength[slot]!;
          for (let at = nameStart[slot]!; at + 1 < end; at++) {
            if (nameWords[at] === a && nameWords[at + 1] === b) {
              found.add(slot);
              break;
            }
          }
        }
      }
    }
    return Int32Array.from(found).sort();
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

/** The number of bits set in a 32-bit integer. */
function bitCount(bits: number): number {
  bits -= (bits >>> 1) & 0x55555555;
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return (Math.imul((bits + (bits >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
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
