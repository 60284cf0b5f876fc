/** Number strings from forms, query strings and path segments (rules: validation.md). */

/**
 * rules: validation.md: "A valid number string is a non-negative integer". Only ASCII digits: no sign,
 * spaces, decimal point, exponent or empty string.
 *
 * Leading zeros are refused ("0" is fine, "007" is not) so each number has exactly one
 * spelling: ids and cache keys built from these strings cannot collide, and it matches how
 * catalogue.ts reads variant path indexes. There is no length limit here; callers that turn
 * the string into a number use parsePositiveInt, which applies one.
 */
export function isValidNumberString(s: unknown): boolean {
  return typeof s === 'string' && /^(?:0|[1-9][0-9]*)$/.test(s);
}

export interface ParsePositiveIntOptions {
  /** Largest accepted value (inclusive); defaults to Number.MAX_SAFE_INTEGER. */
  max?: number;
}

/**
 * A quantity-style positive integer from a string (or a number, as JSON bodies carry them),
 * or null when it is not one: 0, negatives, fractions, anything above max or above
 * Number.MAX_SAFE_INTEGER.
 */
export function parsePositiveInt(s: unknown, options: ParsePositiveIntOptions = {}): number | null {
  let value: number;
  if (typeof s === 'number') value = s;
  else if (typeof s === 'string' && isValidNumberString(s)) value = Number(s);
  else return null;
  const max = Math.min(options.max ?? Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  if (!Number.isSafeInteger(value) || value < 1 || value > max) return null;
  return value;
}
