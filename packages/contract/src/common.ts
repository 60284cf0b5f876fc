import { z } from 'zod';
import { PRODUCT_VARIANTS_MAX } from '@kedai/domain';

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

// JSON Schema fragments of the `checkedByDomain` metas several bodies share, built from the domain's
// own limits so the document cannot drift from the rules that check the values.

/** A country as ISO 3166-1 alpha-2 (the domain trims and upper-cases what it reads, then checks it is a country). */
export const COUNTRY_CODE_META = { type: 'string', pattern: '^[A-Z]{2}$' } as const;
/** A phone number as typed: digits, an optional leading +, and the spaces, dots, brackets and hyphens the domain drops. */
export const PHONE_META = { type: 'string', pattern: '^\\s*[+]?[0-9\\s.()-]{3,}$' } as const;
/** A currency as ISO 4217 (three upper-case letters). */
export const CURRENCY_CODE_PATTERN = '^[A-Z]{3}$';
/** A region key (`RegionKey`). */
export const REGION_KEY_PATTERN = '^[A-Z]{2,8}$';
/** A full variant path (`0/2`): one option index per variant, at most PRODUCT_VARIANTS_MAX of them; '' without variants. */
export const VARIANT_PATH_META = {
  type: 'string',
  pattern: `^(?:(?:0|[1-9][0-9]*)(?:/(?:0|[1-9][0-9]*)){0,${PRODUCT_VARIANTS_MAX - 1}})?$`,
} as const;
/** A whole number from 1 to `max`, as a JSON number or a digit string without leading zeros (`parsePositiveInt`). */
export const quantityMeta = (max: number) =>
  ({
    anyOf: [
      { type: 'integer', minimum: 1, maximum: max },
      { type: 'string', pattern: '^[1-9][0-9]*$', maxLength: String(max).length },
    ],
  }) as const;
/** Currency code -> whole minor units of at least `min`. */
export const currencyAmountsMeta = (min: number) =>
  ({
    type: 'object',
    propertyNames: { pattern: CURRENCY_CODE_PATTERN },
    additionalProperties: { type: 'integer', minimum: min, maximum: Number.MAX_SAFE_INTEGER },
  }) as const;
/** Region key -> whole minor units above 0. */
export const REGION_AMOUNTS_META = {
  type: 'object',
  minProperties: 1,
  propertyNames: { pattern: REGION_KEY_PATTERN },
  additionalProperties: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
} as const;

export const queryBoolean = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');
