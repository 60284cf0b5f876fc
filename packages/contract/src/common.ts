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
 * A body field whose content the domain rules of packages/domain check: any JSON value passes the
 * schema (a wrong type is then that field's catalogue error, not a generic one). `meta` documents
 * the intended type in the OpenAPI document.
 */
export const checkedByDomain = (meta: Record<string, unknown>) => z.unknown().optional().meta(meta);

export const queryBoolean = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');
