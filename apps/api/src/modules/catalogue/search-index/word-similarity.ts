import { wordsOf } from '@kedai/domain';

/**
 * pg_trgm's `word_similarity(typed, text)` and its `<%` operator, computed as pg_trgm computes them
 * (`calc_word_similarity` and `iterate_word_similarity` in contrib/pg_trgm/trgm_op.c), so that the
 * index finds exactly the products PostgreSQL's `typed <% name` finds, and ranks them by the same
 * values.
 *
 * Each string is split into words (runs of letters and digits, lower-cased), each word padded with two
 * spaces in front and one behind and cut into its trigrams. The typed text's trigrams form a set (U
 * of them, `ulen1`); the text's form a sequence, word after word, repeats kept. The similarity is that
 * of the typed set to an extent (a contiguous run) of the sequence, `shared / (U + distinct in the
 * extent - shared)`, and pg_trgm finds the extent greedily: walking the sequence, each time it meets
 * a trigram of the typed set the extent grows to it, its lower end moves to whichever position from
 * the current lower end onwards scores best (the first such), and the best score seen is the answer.
 * The walk is reproduced step by step, in float4 as pg_trgm computes it, rather than assumed to give
 * the best of every extent.
 */

/** pg_trgm's `word_similarity_threshold` default, which `<%` compares a float4 similarity against. */
export const WORD_SIMILARITY_THRESHOLD = Math.fround(0.6);

/** The trigrams of one (lower-cased) word in order, repeats kept: pg_trgm pads it with two spaces before, one after. */
export function wordTrigrams(word: string): string[] {
  const chars = [...`  ${word} `];
  const grams: string[] = [];
  for (let i = 0; i + 3 <= chars.length; i++) grams.push(chars[i]! + chars[i + 1]! + chars[i + 2]!);
  return grams;
}

/** The fewest shared trigrams with which a typed text of `typedCount` distinct trigrams can reach the threshold. */
export function leastShared(typedCount: number): number {
  // shared / (U + extent - shared) <= shared / U, and float4 rounding keeps that order.
  for (let shared = 1; shared <= typedCount; shared++) if (Math.fround(shared / typedCount) >= WORD_SIMILARITY_THRESHOLD) return shared;
  return Infinity;
}

/**
 * pg_trgm's `iterate_word_similarity` without its strict mode: the word similarity of a typed text to
 * a text given as its trigram sequence, `sequence[0..length)`, each trigram a number (equal trigrams
 * equal numbers). `typed[g]` is not 0 when trigram g is one of the typed text's `typedCount` distinct
 * trigrams. `lastSeen` is scratch indexed by trigram, all -1 on entry, and left so. Allocates nothing.
 */
export function iterateWordSimilarity(
  sequence: Int32Array,
  length: number,
  typed: Uint8Array,
  typedCount: number,
  lastSeen: Int32Array,
): number {
  let distinct = 0; // ulen2: distinct trigrams in the extent [lower, upper]
  let shared = 0; // count: of them, those the typed text holds
  let lower = -1;
  let best = 0;
  for (let i = 0; i < length; i++) {
    const gram = sequence[i]!;
    const found = typed[gram] !== 0;
    if (lower >= 0 || found) {
      if (lastSeen[gram]! < 0) {
        distinct++;
        if (found) shared++;
      }
      lastSeen[gram] = i;
    }
    if (!found) continue;
    const upper = i;
    if (lower === -1) {
      lower = i;
      distinct = 1;
    }
    let current = Math.fround(shared / (typedCount + distinct - shared));
    // Would a later lower end score better? The first best one is kept.
    let tryShared = shared;
    let tryDistinct = distinct;
    const previousLower = lower;
    for (let tryLower = lower; tryLower <= upper; tryLower++) {
      const score = Math.fround(tryShared / (typedCount + tryDistinct - tryShared));
      if (score > current) {
        current = score;
        distinct = tryDistinct;
        lower = tryLower;
        shared = tryShared;
      }
      const leaving = sequence[tryLower]!;
      if (lastSeen[leaving] === tryLower) {
        tryDistinct--;
        if (typed[leaving] !== 0) tryShared--;
      }
    }
    if (current > best) best = current;
    // Trigrams whose last occurrence fell out of the extent are out of it.
    for (let position = previousLower; position < lower; position++) {
      const leaving = sequence[position]!;
      if (lastSeen[leaving] === position) lastSeen[leaving] = -1;
    }
  }
  for (let i = 0; i < length; i++) lastSeen[sequence[i]!] = -1;
  return best;
}

/**
 * `word_similarity(typed, text)` as pg_trgm gives it (a float4 value), for two strings: for tests and
 * one-off use. The index computes the same on trigram numbers it keeps (`CatalogueIndex.similar`).
 */
export function wordSimilarity(typedText: string, text: string): number {
  const numbers = new Map<string, number>();
  const numberOf = (gram: string) => {
    let n = numbers.get(gram);
    if (n === undefined) numbers.set(gram, (n = numbers.size));
    return n;
  };
  const typedGrams = new Set<number>();
  for (const word of wordsOf(typedText)) for (const gram of wordTrigrams(word)) typedGrams.add(numberOf(gram));
  const grams = wordsOf(text).flatMap(wordTrigrams).map(numberOf);
  const typed = new Uint8Array(numbers.size);
  for (const gram of typedGrams) typed[gram] = 1;
  return iterateWordSimilarity(Int32Array.from(grams), grams.length, typed, typedGrams.size, new Int32Array(numbers.size).fill(-1));
}
