/**
 * The search text of a listing URL, on its own so the header's search form can read it without
 * the rest of `url-state.ts` (which re-exports these).
 */

/** Longest search text kept (longer input is cut). */
export const MAX_QUERY_LENGTH = 200;

/** Collapses whitespace and control characters; empty means absent. */
export function cleanText(value: string | undefined, max: number): string | undefined {
  if (value === undefined) return undefined;
  // eslint-disable-next-line no-control-regex
  const text = value.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, max).trim();
  return text === '' ? undefined : text;
}
