import { z } from 'zod';
import { GENDERS, REGISTRATION_FIELDS, isEmail, normaliseEmail } from '@kedai/domain';
import { UnixSeconds, Uuid } from './common';

/**
 * Accounts: registration and e-mail verification (spec §7 auth service). Field contents are
 * checked by the rules in `packages/domain` (users.ts), so every problem answers with its catalogue
 * code; the schemas here only fix the shape. Unknown body fields (`role`, `verified`, …) are
 * dropped: zod objects strip keys they do not declare.
 */

/**
 * A body field whose content the domain rules check: any JSON value passes the schema (a wrong
 * type is then that field's catalogue error, not a generic one). `meta` documents the intended type.
 */
const checkedByDomain = (meta: Record<string, unknown>) => z.unknown().optional().meta(meta);

export const RegisterRequest = z
  .object({
    email: checkedByDomain({ type: 'string', format: 'email', description: 'Trimmed and lower-cased; must be unused' }),
    password: checkedByDomain({
      type: 'string',
      description: 'At least 8 characters with a lower-case and an upper-case letter and a number or symbol',
    }),
    firstName: checkedByDomain({ type: 'string', description: '1 to 100 characters, trimmed' }),
    lastName: checkedByDomain({ type: 'string', description: '1 to 100 characters, trimmed' }),
    phoneNumber: checkedByDomain({
      type: 'string',
      description: 'International form (+ and country calling code; spaces and hyphens allowed), valid for `country`; stored as E.164',
    }),
    country: checkedByDomain({ type: 'string', description: 'ISO 3166-1 alpha-2 code, e.g. SG' }),
    birthDate: checkedByDomain({ type: 'string', format: 'date', description: 'YYYY-MM-DD, from 1900-01-01 to today' }),
    gender: checkedByDomain({ type: 'string', enum: [...GENDERS] }),
    acceptTerms: checkedByDomain({ type: 'boolean', const: true, description: 'Must be true' }),
  })
  .meta({ id: 'RegisterRequest', required: [...REGISTRATION_FIELDS] });
export type RegisterRequest = z.infer<typeof RegisterRequest>;

/** A user as the user sees themselves. Never holds the password hash or any code. */
export const PublicUser = z
  .object({
    id: Uuid,
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phoneNumber: z.string().describe('E.164'),
    country: z.string().describe('ISO 3166-1 alpha-2'),
    birthDate: z.string().describe('YYYY-MM-DD'),
    gender: z.enum(GENDERS),
    emailVerified: z.boolean(),
    createdAt: UnixSeconds,
  })
  .meta({ id: 'PublicUser' });
export type PublicUser = z.infer<typeof PublicUser>;

export const UserResponse = z.object({ user: PublicUser });
export type UserResponse = z.infer<typeof UserResponse>;

/**
 * One field's problem in a 400 answer of `POST /auth/register`: the envelope's `errorCode` is the
 * first problem's code and its `params` is the list of every problem, in field order.
 */
export const RegisterFieldProblem = z
  .object({
    field: z.enum(REGISTRATION_FIELDS),
    errorCode: z.string(),
    error: z.string(),
  })
  .meta({ id: 'RegisterFieldProblem' });
export type RegisterFieldProblem = z.infer<typeof RegisterFieldProblem>;

export const VerifyEmailRequest = z
  .object({
    code: z.string().max(32).describe('The six-digit code from the e-mail (spaces and hyphens are ignored)'),
    email: z
      .string()
      .max(320)
      .optional()
      .describe('Optional: the address the code was sent to. With it, wrong guesses count against that code'),
  })
  .meta({ id: 'VerifyEmailRequest' });
export type VerifyEmailRequest = z.infer<typeof VerifyEmailRequest>;

export const ResendVerifyCodeRequest = z
  .object({ email: z.string().max(320) })
  .meta({ id: 'ResendVerifyCodeRequest' });
export type ResendVerifyCodeRequest = z.infer<typeof ResendVerifyCodeRequest>;

/** The same answer whether or not the address has an account. */
export const ResendVerifyCodeResponse = z.object({ ok: z.literal(true) });

/** `?to=` of the development outbox: an e-mail address, compared in its normalised form. */
export const OutboxQuery = z.object({
  to: z
    .string()
    .max(320)
    .transform(normaliseEmail)
    .refine(isEmail, 'must be an e-mail address')
    .describe('Recipient address'),
});

export const OutboxMessage = z
  .object({
    id: z.int(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    createdAt: UnixSeconds,
  })
  .meta({ id: 'OutboxMessage' });
export type OutboxMessage = z.infer<typeof OutboxMessage>;

export const OutboxResponse = z.object({ messages: z.array(OutboxMessage).describe('Newest first') });
export type OutboxResponse = z.infer<typeof OutboxResponse>;
