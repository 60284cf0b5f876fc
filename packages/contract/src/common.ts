import { z } from 'zod';

/** The one error envelope of every non-2xx answer (architecture §6). */
export const ErrorEnvelope = z
  .object({
    errorCode: z.string().describe('Code from the error catalogue, e.g. `auth/wrong_email_or_password`'),
    error: z.string().describe('Human-readable message, with params substituted'),
    params: z.array(z.unknown()).describe('Values for the `{0}`, `{1}` … placeholders of the message'),
  })
  .meta({ id: 'ErrorEnvelope' });
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

export const Uuid = z.uuid();
/** Region keys are short upper-case codes such as `SG`. */
export const RegionKey = z.string().regex(/^[A-Z]{2,8}$/, 'region must be a region key such as SG');
/** Region key -> integer amount in minor units of the region's currency. */
export const RegionPrices = z.record(z.string(), z.int());
export const UnixSeconds = z.int().describe('Unix time in seconds');

/** A query-string integer: digits only, then bounded. */
export const queryInt = (min: number, max: number) =>
  z.string().regex(/^\d+$/, 'must be a whole number').transform(Number).pipe(z.int().min(min).max(max));

/**
 * The TypeScript type a JSON Schema fragment describes (the few forms `checkedByDomain` uses). An
 * `enum` or a `const` only names the accepted values: a form may still send what the shopper chose
 * and hear why not (`E | (string & {})` keeps the names as suggestions).
 */
type Intended<M> = M extends { enum: readonly (infer E extends string)[] }
  ? E | (string & {})
  : M extends { anyOf: readonly (infer A)[] }
    ? Intended<A>
    : M extends { type: 'string' }
      ? string
      : M extends { type: 'boolean' }
        ? boolean
        : M extends { type: 'integer' | 'number' }
          ? number
          : unknown;

/**
 * A body field whose content the domain rules of packages/domain check: any JSON value passes the
 * schema (a wrong type is then that field's catalogue error, not a generic one), so the server reads
 * `unknown`. `meta` documents the intended type in the OpenAPI document, and is the type callers of
 * the typed client send.
 */
export const checkedByDomain = <const M extends Record<string, unknown>>(meta: M) =>
  z.unknown().optional().meta(meta) as unknown as z.ZodOptional<z.ZodType<unknown, Intended<M>>>;

export const queryBoolean = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');
