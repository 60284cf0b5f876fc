/**
 * PostgreSQL errors as both drivers report them. Drizzle wraps driver errors (`DrizzleQueryError`)
 * with the original as `cause`; node-postgres and PGlite both carry the SQLSTATE in `code` and
 * the violated constraint (or unique index) in `constraint`.
 */

interface PgErrorFields {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

function* errorChain(error: unknown): Generator<PgErrorFields> {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    yield current;
    current = (current as PgErrorFields).cause;
  }
}

/** SQLSTATE 23505, optionally of one named constraint or unique index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (const e of errorChain(error)) {
    if (e.code === '23505') return constraint === undefined || e.constraint === constraint;
  }
  return false;
}
