import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  GENDERS,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  REGISTRATION_FIELDS,
  USER_ROLES,
  isEmail,
  normaliseEmail,
} from '@kedai/domain';
import { COUNTRY_CODE_META, PHONE_META, UnixSeconds, Uuid, checkedByDomain } from './common';

/** A name: 1 to NAME_MAX_LENGTH characters (after trimming). */
const NAME_META = { type: 'string', minLength: 1, maxLength: NAME_MAX_LENGTH } as const;

/**
 * Accounts: registration and e-mail verification (rules: api.md auth service). Field contents are
 * checked by the rules in `packages/domain` (users.ts), so every problem answers with its catalogue
 * code; the schemas here only fix the shape. Unknown body fields (`role`, `verified`, …) are
 * dropped: zod objects strip keys they do not declare.
 */

export const RegisterRequest = z
  .object({
    email: checkedByDomain({
      type: 'string',
      format: 'email',
      maxLength: EMAIL_MAX_LENGTH,
      description: 'Trimmed and lower-cased; must be unused',
    }),
    password: checkedByDomain({
      type: 'string',
      minLength: PASSWORD_MIN_LENGTH,
      maxLength: PASSWORD_MAX_LENGTH,
      description: 'At least 8 characters with a lower-case and an upper-case letter and a number or symbol',
    }),
    firstName: checkedByDomain({ ...NAME_META, description: '1 to 100 characters, trimmed' }),
    lastName: checkedByDomain({ ...NAME_META, description: '1 to 100 characters, trimmed' }),
    phoneNumber: checkedByDomain({
      ...PHONE_META,
      description: 'International form (+ and country calling code; spaces and hyphens allowed), valid for `country`; stored as E.164',
    }),
    country: checkedByDomain({ ...COUNTRY_CODE_META, description: 'ISO 3166-1 alpha-2 code, e.g. SG' }),
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
    role: z.enum(USER_ROLES).describe('`shopper`, or the back office role `staff` or `owner` (rules: access.md)'),
    createdAt: UnixSeconds,
  })
  .meta({ id: 'PublicUser' });
export type PublicUser = z.infer<typeof PublicUser>;

export const UserResponse = z.object({ user: PublicUser });
export type UserResponse = z.infer<typeof UserResponse>;

export const VerifyEmailResponse = z
  .object({
    user: PublicUser,
    signedIn: z
      .boolean()
      .describe('Whether verifying also signed this browser in: it proved the password when registering or signing in (decision 0011)'),
  })
  .meta({ id: 'VerifyEmailResponse' });
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponse>;

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

export const ResendVerifyCodeRequest = z.object({ email: z.string().max(320) }).meta({ id: 'ResendVerifyCodeRequest' });
export type ResendVerifyCodeRequest = z.infer<typeof ResendVerifyCodeRequest>;

/** The same answer whether or not the address has an account. */
export const ResendVerifyCodeResponse = z.object({ ok: z.literal(true) });

/** `?to=` of the development outbox: an e-mail address, compared in its normalised form. */
export const OutboxQuery = z.object({
  to: z.string().max(320).transform(normaliseEmail).refine(isEmail, 'must be an e-mail address').describe('Recipient address'),
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

// ——— Sessions (login, refresh, logout, me) ———

export const LoginRequest = z
  .object({
    email: z.string().max(320),
    password: z.string().max(1024),
    rememberme: z.boolean().optional().describe('Keep the session after the browser closes (default false)'),
  })
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.infer<typeof LoginRequest>;

/**
 * Who the caller is: `GET /auth/me` and the answer of login and two-factor verification. A visitor
 * without a session gets `signedIn: false` and `profile: null`. `tfaPassed` is true when the session
 * needs no second factor (two-factor off) or has passed it; until then calls other than
 * `/auth/me`, logout and `/tfa/*` answer 403 `auth/tfa_not_verified`.
 */
export const SessionState = z
  .object({
    profile: PublicUser.nullable(),
    signedIn: z.boolean(),
    tfaPassed: z.boolean(),
    tfaEnabled: z.boolean().describe('Two-factor authentication is on for this user'),
    tfaSetupSkipped: z.boolean().describe('The user declined to set up two-factor authentication when offered'),
  })
  .meta({ id: 'SessionState' });
export type SessionState = z.infer<typeof SessionState>;

export const OkResponse = z.object({ ok: z.literal(true) }).meta({ id: 'OkResponse' });
export type OkResponse = z.infer<typeof OkResponse>;

// ——— Passwords ———

export const ForgotPasswordRequest = z.object({ email: z.string().max(320) }).meta({ id: 'ForgotPasswordRequest' });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;

export const ResetPasswordRequest = z
  .object({
    uid: z.string().max(64).describe('User id from the reset link'),
    resetPasswordToken: z.string().max(256).describe('Token from the reset link'),
    password: z.string().max(1024),
  })
  .meta({ id: 'ResetPasswordRequest' });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

export const ChangePasswordRequest = z
  .object({ currentPassword: z.string().max(1024), newPassword: z.string().max(1024) })
  .meta({ id: 'ChangePasswordRequest' });
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

// ——— Profile and names ———

/** `POST /user/profile`: the profile fields to change (others are ignored; e-mail and password have their own flows). */
export const ProfileUpdateRequest = z
  .object({
    firstName: checkedByDomain(NAME_META),
    lastName: checkedByDomain(NAME_META),
    phoneNumber: checkedByDomain({ ...PHONE_META, description: 'Valid for `country` (the new one when it changes too)' }),
    country: checkedByDomain(COUNTRY_CODE_META),
    birthDate: checkedByDomain({ type: 'string', format: 'date' }),
    gender: checkedByDomain({ type: 'string', enum: [...GENDERS] }),
  })
  .meta({ id: 'ProfileUpdateRequest' });
export type ProfileUpdateRequest = z.infer<typeof ProfileUpdateRequest>;
/** The body as a client sends it (each field's intended type). */
export type ProfileUpdateInput = z.input<typeof ProfileUpdateRequest>;

export const UserNamesRequest = z.object({ userIds: z.array(z.string().max(64)).max(100) }).meta({ id: 'UserNamesRequest' });
export type UserNamesRequest = z.infer<typeof UserNamesRequest>;

/** Display names only (first name and last initial); unknown ids are left out. */
export const UserNamesResponse = z
  .object({ users: z.array(z.object({ id: Uuid, displayName: z.string() })) })
  .meta({ id: 'UserNamesResponse' });
export type UserNamesResponse = z.infer<typeof UserNamesResponse>;

// ——— Two-factor authentication ———

/**
 * Recovery codes (decision 0021): RECOVERY_CODE_LENGTH characters of RECOVERY_CODE_ALPHABET (80 bits,
 * no 0/o/1/i/l), shown as `xxxx-xxxx-xxxx-xxxx`; input is normalised (case, spaces and dashes
 * ignored). The rules live in packages/domain (two-factor.ts); named here for the contract's readers.
 */
export { RECOVERY_CODE_ALPHABET, RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH } from '@kedai/domain';

/** A six-digit TOTP code (spaces are ignored) or, where a second factor is asked for, a recovery code. */
export const TfaTokenRequest = z
  .object({
    token: z
      .string()
      .max(32)
      .describe('A six-digit authenticator code or a recovery code (xxxx-xxxx-xxxx-xxxx; case, spaces and dashes ignored)'),
  })
  .meta({ id: 'TfaTokenRequest' });
export type TfaTokenRequest = z.infer<typeof TfaTokenRequest>;

/**
 * `POST /tfa/verify`: the session as it now is, plus the recovery codes when this code turned
 * two-factor on (shown once), or how many remain when a recovery code was used.
 */
export const TfaVerifyResponse = SessionState.extend({
  recoveryCodes: z
    .array(z.string())
    .optional()
    .describe('Present only when this code turned two-factor on: ten fresh recovery codes, shown this once'),
  recoveryCodesLeft: z.int().optional().describe('Present only when a recovery code was used: how many unused ones remain'),
}).meta({ id: 'TfaVerifyResponse' });
export type TfaVerifyResponse = z.infer<typeof TfaVerifyResponse>;

/** `POST /tfa/recovery_codes`: the password and a current authenticator code. */
export const TfaRecoveryCodesRequest = z
  .object({ password: z.string().max(1024), token: z.string().max(32).describe('A current six-digit authenticator code') })
  .meta({ id: 'TfaRecoveryCodesRequest' });
export type TfaRecoveryCodesRequest = z.infer<typeof TfaRecoveryCodesRequest>;

/** Ten new recovery codes (every older one is void), shown this once. */
export const TfaRecoveryCodesResponse = z
  .object({ recoveryCodes: z.array(z.string()).describe('Ten new codes, xxxx-xxxx-xxxx-xxxx') })
  .meta({ id: 'TfaRecoveryCodesResponse' });
export type TfaRecoveryCodesResponse = z.infer<typeof TfaRecoveryCodesResponse>;

/** `POST /tfa/disable_tfa`: a current code and the account's password (a stolen unlocked phone or session alone is not enough). */
export const TfaDisableRequest = z.object({ token: z.string().max(32), password: z.string().max(1024) }).meta({ id: 'TfaDisableRequest' });
export type TfaDisableRequest = z.infer<typeof TfaDisableRequest>;

/**
 * `POST /tfa/setup`: a new secret to add to an authenticator app, by QR code or typed key. It only
 * becomes active once `POST /tfa/verify` confirms a code from it. The only answer that holds the key.
 */
export const TfaSetupResponse = z
  .object({
    otpauthUri: z.string().describe('otpauth://totp/… URI (what the QR code holds)'),
    qrCodeDataUrl: z.string().describe('The URI as a QR code, an SVG data: URL'),
    manualKey: z.string().describe('The base32 secret in groups of four, to type in by hand'),
  })
  .meta({ id: 'TfaSetupResponse' });
export type TfaSetupResponse = z.infer<typeof TfaSetupResponse>;

/** A reset by e-mail that is waiting (decision 0021): it turns two-factor off at `effectiveAt` unless cancelled. */
export const TfaPendingReset = z
  .object({ effectiveAt: z.string().describe('ISO 8601 time at which two-factor turns off unless cancelled') })
  .meta({ id: 'TfaPendingReset' });
export type TfaPendingReset = z.infer<typeof TfaPendingReset>;

export const TfaEnabledResponse = z
  .object({
    enabled: z.boolean(),
    recoveryCodesLeft: z.int().describe('Unused recovery codes (0 when two-factor is off)'),
    pendingReset: TfaPendingReset.nullable().describe('A reset by e-mail waiting to take effect, or null'),
  })
  .meta({ id: 'TfaEnabledResponse' });
export type TfaEnabledResponse = z.infer<typeof TfaEnabledResponse>;

export const TfaResetRequest = z.object({ resetTfaToken: z.string().max(256) }).meta({ id: 'TfaResetRequest' });
export type TfaResetRequest = z.infer<typeof TfaResetRequest>;

/** `POST /tfa/reset`: the reset is scheduled, not done; it takes effect at `effectiveAt` unless cancelled. */
export const TfaResetResponse = z
  .object({ ok: z.literal(true), effectiveAt: z.string().describe('ISO 8601 time at which two-factor turns off unless cancelled') })
  .meta({ id: 'TfaResetResponse' });
export type TfaResetResponse = z.infer<typeof TfaResetResponse>;

/** `POST /tfa/cancel_reset`: the token from the "this was not me" link of the notice e-mail. */
export const TfaCancelResetRequest = z.object({ cancelToken: z.string().max(256) }).meta({ id: 'TfaCancelResetRequest' });
export type TfaCancelResetRequest = z.infer<typeof TfaCancelResetRequest>;
