/**
 * How a form's field rules answer, shared by the user and address rules: each `parse…` takes what
 * the client sent (`unknown`) and answers the normalised value or the catalogue code of its problem;
 * `collectFields` joins a form's results.
 */
import { ERROR_MESSAGES, type ErrorCode } from './errors';

/** A parsed field: its normalised value, or the catalogue code saying what is wrong with it. */
export type FieldResult<T> = { ok: true; value: T } | { ok: false; errorCode: ErrorCode };

export const ok = <T>(value: T): FieldResult<T> => ({ ok: true, value });
export const fail = <T>(errorCode: ErrorCode): FieldResult<T> => ({ ok: false, errorCode });

// Control characters (tab, newline, NUL …) and Unicode line/paragraph separators.
const CONTROL = /[\p{Cc}\u2028\u2029]/u;

/** Length in Unicode code points, so an emoji or a CJK character counts once. */
export function codePoints(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}

/**
 * A line of text: NFC, trimmed, `min` to `max` code points, no control characters. Absent
 * (undefined/null) counts as '', so it passes only where `min` is 0; anything else that is not a
 * string is refused.
 */
export function parseText(input: unknown, limits: { min: number; max: number }, errorCode: ErrorCode): FieldResult<string> {
  if (input === undefined || input === null) input = '';
  if (typeof input !== 'string') return fail(errorCode);
  const value = input.normalize('NFC').trim();
  const length = codePoints(value);
  if (length < limits.min || length > limits.max || CONTROL.test(value)) return fail(errorCode);
  return ok(value);
}

/** One field's problem, with the catalogue message so a form can show it beside the field. */
export interface FieldProblem<F extends string> {
  field: F;
  errorCode: ErrorCode;
  error: string;
}

/** The value of a field result that passed. */
type ValueOf<R> = Extract<R, { ok: true }> extends { value: infer T } ? T : never;

/**
 * Joins the results of a form's field rules: every value when all passed, else every problem
 * (one per field, with its catalogue message) in the order of `fields`.
 */
export function collectFields<F extends string, R extends Record<F, FieldResult<unknown>>>(
  fields: readonly F[],
  results: R,
): { ok: true; value: { [K in F]: ValueOf<R[K]> } } | { ok: false; problems: FieldProblem<F>[] } {
  const problems: FieldProblem<F>[] = [];
  const value = {} as { [K in F]: ValueOf<R[K]> };
  for (const field of fields) {
    const result = results[field];
    if (result.ok) value[field] = result.value as ValueOf<R[typeof field]>;
    else problems.push({ field, errorCode: result.errorCode, error: ERROR_MESSAGES[result.errorCode] });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value };
}
