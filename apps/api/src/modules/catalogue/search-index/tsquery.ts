/**
 * PostgreSQL's own text search, read back: the in-memory index matches the lexemes PostgreSQL derived
 * (the products' `search_vector`, and `websearch_to_tsquery` of the shopper's words), so stemming,
 * stop words and the query syntax (`"a phrase"`, `or`, `-word`) are exactly the database's.
 */

/** Lexeme weight bits of a document, as PostgreSQL labels them: A (name), B (keywords), C (description), D. */
const WEIGHT_BITS = { A: 8, B: 4, C: 2, D: 1 } as const;

/** `ts_rank`'s default weights of D, C, B and A, indexed by the highest bit present. */
export function weightValue(bits: number): number {
  return bits & 8 ? 1 : bits & 4 ? 0.4 : bits & 2 ? 0.2 : bits & 1 ? 0.1 : 0;
}

/** The lexemes of a `tsvector`'s text form (`'laptop':1A,5C 'game':2A`) with the weights each holds. */
export function parseTsvector(text: string): Map<string, number> {
  const lexemes = new Map<string, number>();
  for (const match of text.matchAll(/'((?:[^'\\]|''|\\.)*)'(?::([0-9A-D,]+))?/g)) {
    const lexeme = unescape(match[1]!);
    let bits = 0;
    if (!match[2]) bits = WEIGHT_BITS.D;
    else for (const position of match[2].split(',')) bits |= WEIGHT_BITS[(position.match(/[A-D]$/)?.[0] ?? 'D') as 'D'];
    lexemes.set(lexeme, (lexemes.get(lexeme) ?? 0) | bits);
  }
  return lexemes;
}

function unescape(quoted: string): string {
  if (!quoted.includes("'") && !quoted.includes('\\')) return quoted;
  return quoted.replace(/''/g, "'").replace(/\\(.)/g, '$1');
}

/**
 * A parsed `tsquery`. A phrase (`<->`, `<N>`: words side by side) is "all of" its words marked
 * `phrase`: the index keeps no positions, so such a search is left to PostgreSQL (decision 0020).
 */
export type TsQuery =
  { op: 'word'; lexeme: string } | { op: 'not'; of: TsQuery } | { op: 'and'; of: TsQuery[]; phrase?: true } | { op: 'or'; of: TsQuery[] };

/** Whether a query holds a phrase anywhere. */
export function hasPhrase(query: TsQuery): boolean {
  if (query.op === 'word') return false;
  if (query.op === 'not') return hasPhrase(query.of);
  return (query.op === 'and' && query.phrase === true) || query.of.some(hasPhrase);
}

/** The text form of a `tsquery` (`'game' & ( 'laptop' | 'notebook' ) & !'bag'`) as a tree; null when empty. */
export function parseTsquery(text: string): TsQuery | null {
  const tokens = text.match(/'(?:[^'\\]|''|\\.)*'(?::[*A-D]+)?|<->|<\d+>|[&|!()]/g) ?? [];
  let at = 0;
  const peek = () => tokens[at];
  // Precedence, loosest first: | then & then phrase then !.
  const or = (): TsQuery => join('or', '|', and);
  const and = (): TsQuery => join('and', '&', phrase);
  const phrase = (): TsQuery => {
    const parts = [not()];
    while (peek() === '<->' || /^<\d+>$/.test(peek() ?? '')) {
      at++;
      parts.push(not());
    }
    return parts.length === 1 ? parts[0]! : { op: 'and', of: parts, phrase: true };
  };
  const not = (): TsQuery => {
    if (peek() === '!') {
      at++;
      return { op: 'not', of: not() };
    }
    if (peek() === '(') {
      at++;
      const inner = or();
      at++; // ')'
      return inner;
    }
    const token = tokens[at++] ?? "''";
    return { op: 'word', lexeme: unescape(token.replace(/(?::[*A-D]+)$/, '').slice(1, -1)) };
  };
  function join(op: 'and' | 'or', symbol: string, next: () => TsQuery): TsQuery {
    const parts = [next()];
    while (peek() === symbol) {
      at++;
      parts.push(next());
    }
    return parts.length === 1 ? parts[0]! : { op, of: parts };
  }
  if (tokens.length === 0) return null;
  return or();
}

/** The lexemes a query looks for (not those it excludes): they make a match's relevance. */
export function positiveLexemes(query: TsQuery, negated = false, into = new Set<string>()): Set<string> {
  if (query.op === 'word') {
    if (!negated) into.add(query.lexeme);
  } else if (query.op === 'not') positiveLexemes(query.of, !negated, into);
  else for (const part of query.of) positiveLexemes(part, negated, into);
  return into;
}
