/**
 * The search text of a listing URL, on its own so the header's search form can read it without
 * the rest of `url-state.ts` (which re-exports these).
 */

import { SEARCH_MAX_QUERY_LENGTH } from '@kedai/contract/constants';

/** Longest search text kept (longer input is cut): the API's own limit. */
export const MAX_QUERY_LENGTH = SEARCH_MAX_QUERY_LENGTH;

/** What the header's search input is before and after its suggestions load: the same combobox. */
export const SEARCH_INPUT_ATTRIBUTES = {
  name: 'q',
  type: 'search',
  'aria-autocomplete': 'list',
  placeholder: 'Search products',
  autoComplete: 'off',
  autoCapitalize: 'off',
  spellCheck: false,
  maxLength: MAX_QUERY_LENGTH,
  enterKeyHint: 'search',
} as const;

// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed here
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]+/g;

/** Collapses whitespace and control characters; empty means absent. */
export function cleanText(value: string | undefined, max: number): string | undefined {
  if (value === undefined) return undefined;
  const text = value.replace(CONTROL_CHARACTERS, ' ').replace(/\s+/g, ' ').trim().slice(0, max).trim();
  return text === '' ? undefined : text;
}
