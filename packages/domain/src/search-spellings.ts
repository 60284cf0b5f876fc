/**
 * One word written three ways: joined ("tshirt", "email", "wifi"), hyphenated ("t-shirt", "e-mail",
 * "wi-fi") or split ("t shirt", "wi fi"). A search finds a product whichever of them each side uses
 * (decision 0020, "One word, three spellings"):
 * - a product's hyphenated word also stands for its joined form: its `search_vector` holds both
 *   (migration 0023's `search_joined_words`, PostgreSQL's parser deciding what is hyphenated);
 * - the shopper's hyphenated words are searched joined (`spellingVariants`), which finds the
 *   products that write them hyphenated or joined;
 * - two words the shopper typed side by side are also searched as one (`spellingVariants`), which
 *   finds the products that write them joined or hyphenated;
 * - a joined word finds nothing where the catalogue splits it ("wi fi"): then "did you mean" offers the
 *   catalogue's own form (`catalogueForm`, from the names holding the word split in two).
 */

/** Letters and digits, as PostgreSQL's parser and pg_trgm read a word. */
const WORD = String.raw`[\p{L}\p{N}]`;

/**
 * A hyphenated word as PostgreSQL's parser reads one (`hword`, `asciihword`, `numhword`): parts of
 * letters and digits, each holding a letter, joined by single hyphens ("covid-19" is two words there).
 */
const HYPHENATED = new RegExp(String.raw`(?<!${WORD})${WORD}*\p{L}${WORD}*(?:-${WORD}*\p{L}${WORD}*)+(?!${WORD})`, 'gu');

/** A plain word of a search: letters and digits only (not `or`, not an excluded `-word`). */
const PLAIN_WORD = new RegExp(`^${WORD}+$`, 'u');

/** Searches with more words than this try joining only their first pairs (each pair is one more alternative). */
const MAX_JOINED_PAIRS = 4;

/** The text with every hyphenated word joined ("Wi-Fi 6 t-shirt" -> "WiFi 6 tshirt"). */
export function joinHyphenated(text: string): string {
  return text.replace(HYPHENATED, (word) => word.replaceAll('-', ''));
}

/**
 * The texts a search looks for, any of them matching (each is read by `websearch_to_tsquery`, and
 * the queries are joined by `||`): the words as typed with hyphenated words joined, then the same
 * with each pair of words side by side joined. Quoted phrases are kept as typed (their words must
 * stand side by side in the product as typed).
 */
export function spellingVariants(q: string): string[] {
  // Outside quotes are the even pieces of a split on `"`.
  const pieces = q.split('"').map((piece, i) => (i % 2 === 0 ? joinHyphenated(piece) : piece));
  const variants = [pieces.join('"')];
  let pairs = 0;
  pieces.forEach((piece, i) => {
    if (i % 2 === 1) return;
    const tokens = piece.split(/(\s+)/);
    // tokens alternate word, space, word...; a leading or trailing space gives an empty word.
    for (let w = 0; w + 2 < tokens.length && pairs < MAX_JOINED_PAIRS; w += 2) {
      const [first, second] = [tokens[w]!, tokens[w + 2]!];
      if (!isPlainWord(first) || !isPlainWord(second)) continue;
      pairs++;
      const joined = [...tokens.slice(0, w), first + second, ...tokens.slice(w + 3)].join('');
      variants.push(pieces.map((other, j) => (j === i ? joined : other)).join('"'));
    }
  });
  return variants;
}

function isPlainWord(token: string): boolean {
  return PLAIN_WORD.test(token) && token.toLowerCase() !== 'or';
}

/** Typed words shorter than this are not looked for cut in two (too many names hold such halves). */
const MIN_CUT_LENGTH = 3;
/** Nor longer ones (a cut per letter). */
const MAX_CUT_LENGTH = 30;

/** The typed words "did you mean" looks for cut in two in the names, lower-cased. */
export function wordsToCut(q: string): string[] {
  return [...new Set(q.toLowerCase().match(new RegExp(`${WORD}+`, 'gu')) ?? [])].filter(
    (word) => word.length >= MIN_CUT_LENGTH && word.length <= MAX_CUT_LENGTH,
  );
}

/** Every way to cut a word in two ("wifi" -> w ifi, wi fi, wif i). */
export function splitsOf(word: string): [string, string][] {
  const letters = [...word];
  return letters.slice(1).map((_, i) => [letters.slice(0, i + 1).join(''), letters.slice(i + 1).join('')]);
}

/**
 * The POSIX pattern (PostgreSQL's `~*`) of a name holding one of the words cut in two, its halves
 * side by side as separate words ("wifi" finds "Wi Fi Camera", "Wi/Fi"); null when no word can be cut.
 */
export function splitNamePattern(words: readonly string[]): string | null {
  const cuts = words.flatMap((word) => splitsOf(word).map(([a, b]) => `${a}[^[:alnum:]]+${b}`));
  return cuts.length ? `(^|[^[:alnum:]])(${cuts.join('|')})([^[:alnum:]]|$)` : null;
}

/**
 * How the names write a typed word that they hold only cut in two ("wifi" in "Wi Fi Camera" -> "wi fi";
 * lower-cased, with the hyphen or a space between the halves as the name has it), the form more
 * names use first; null when no name holds it so.
 */
export function catalogueForm(word: string, names: readonly string[]): string | null {
  const forms = new Map<string, number>();
  for (const name of names) {
    const seen = new Set<string>();
    const lower = name.toLowerCase();
    const words = [...lower.matchAll(new RegExp(`${WORD}+`, 'gu'))];
    for (let i = 0; i + 1 < words.length; i++) {
      const [first, second] = [words[i]!, words[i + 1]!];
      if (first[0] + second[0] !== word) continue;
      const between = lower.slice(first.index + first[0].length, second.index);
      seen.add(`${first[0]}${between === '-' ? '-' : ' '}${second[0]}`);
    }
    for (const form of seen) forms.set(form, (forms.get(form) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const [form, count] of forms) {
    const bestCount = best === null ? 0 : forms.get(best)!;
    if (count > bestCount || (count === bestCount && form < best!)) best = form;
  }
  return best;
}
