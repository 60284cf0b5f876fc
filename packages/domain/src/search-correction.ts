import { catalogueForm } from './search-spellings';

/**
 * The corrected words of a typo-tolerant search ("lapton" -> "laptop"): each typed word is replaced
 * by the closest word of the names the search found, by trigram similarity as PostgreSQL's pg_trgm
 * measures it (the search's own fallback). Pure and deterministic: the same words and names give the
 * same correction whatever their order.
 */

/** A typed word is replaced only by a name word at least this similar (pg_trgm's own default threshold). */
const CORRECTION_MIN_SIMILARITY = 0.3;

/** Words shorter than this are kept as typed: too short to tell a typo from another word. */
const MIN_CORRECTED_LENGTH = 3;

/** Lower-cased words of letters and digits (any script), as pg_trgm splits text. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The trigrams of one word, padded as pg_trgm pads it (two spaces before, one after). */
export function trigrams(word: string): Set<string> {
  const padded = [...`  ${word} `];
  const set = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3).join(''));
  return set;
}

/** Shared trigrams over all trigrams of the two words (pg_trgm `similarity` of single words). */
function similarity(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const gram of a) if (b.has(gram)) shared++;
  const all = a.size + b.size - shared;
  return all === 0 ? 0 : shared / all;
}

interface Candidate {
  word: string;
  grams: Set<string>;
  /** How many of the names hold the word. */
  names: number;
}

/**
 * The typed words with each word no name holds replaced by its closest name word, lower-cased and
 * joined by single spaces; `null` when no good single correction can be named: a word has no name word
 * at least `CORRECTION_MIN_SIMILARITY` like it, two name words are equally close and equally common,
 * or nothing would change.
 */
export function correctQuery(typed: string, names: readonly string[]): string | null {
  const words = wordsOf(typed);
  if (words.length === 0) return null;
  const counts = new Map<string, number>();
  for (const name of names) for (const word of new Set(wordsOf(name))) counts.set(word, (counts.get(word) ?? 0) + 1);
  const candidates: Candidate[] = [...counts].map(([word, count]) => ({ word, grams: trigrams(word), names: count }));

  const corrected: string[] = [];
  for (const word of words) {
    if (counts.has(word) || word.length < MIN_CORRECTED_LENGTH) {
      corrected.push(word);
      continue;
    }
    // A word the names write in two ("wifi" for "Wi Fi"): offer their own form before any look-alike.
    const form = catalogueForm(word, names);
    if (form) {
      corrected.push(form);
      continue;
    }
    const grams = trigrams(word);
    let best: { word: string; score: number; names: number } | null = null;
    let tied = false;
    for (const candidate of candidates) {
      const score = similarity(grams, candidate.grams);
      if (score < CORRECTION_MIN_SIMILARITY) continue;
      if (!best || score > best.score || (score === best.score && candidate.names > best.names)) {
        best = { word: candidate.word, score, names: candidate.names };
        tied = false;
      } else if (score === best.score && candidate.names === best.names) {
        tied = true;
      }
    }
    if (!best || tied) return null;
    corrected.push(best.word);
  }
  const result = corrected.join(' ');
  return result === words.join(' ') ? null : result;
}
