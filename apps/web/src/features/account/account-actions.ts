/**
 * The calls and rules of the password, profile and two-factor pages, kept out of the components
 * so they can be tested without a browser. Every call goes through `lib/browser-api` (the same
 * client as the rest of the web app); failures come back as outcomes holding the catalogue
 * message (rules: errors.md, `apiErrorMessage`), never as thrown errors.
 */
import type { ProfileUpdateInput, PublicUser } from '@kedai/contract';
import {
  PROFILE_FIELDS,
  shopperMessage,
  userFieldMessage,
  parseEmail,
  normaliseRecoveryCode,
  parsePassword,
  validateProfileUpdate,
  type ProfileField,
} from '@kedai/domain';
import { apiErrorMessage, browserApi } from '../../lib/browser-api';
import { fieldErrorsOf, tfaErrorMessage } from './errors';

/** rules: validation.md password policy as shown beside new-password fields. */
export const PASSWORD_POLICY = 'At least 8 characters, with an upper-case and a lower-case letter and a number or symbol.';
const PASSWORDS_DIFFER = 'The two passwords are not the same';
export const TFA_CODE_LENGTH = 6;

export type Outcome = { ok: true } | { ok: false; message: string; errorCode: string; status?: number };

function errorFields(error: unknown): { errorCode: string; status?: number } {
  const source = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  const result: { errorCode: string; status?: number } = {
    errorCode: typeof source.errorCode === 'string' ? source.errorCode : '',
  };
  if (typeof source.status === 'number') result.status = source.status;
  return result;
}

function failed(error: unknown): Outcome {
  return { ok: false, message: apiErrorMessage(error), ...errorFields(error) };
}

async function call(run: () => Promise<unknown>): Promise<Outcome> {
  try {
    await run();
    return { ok: true };
  } catch (error) {
    return failed(error);
  }
}

/** What a call answered, or its failure's catalogue message. */
export type Loaded<T> = { ok: true; value: T } | { ok: false; message: string };

/** Runs a call for its answer; a failure comes back as its catalogue message instead of a thrown error. */
export async function loaded<T>(run: () => Promise<T>): Promise<Loaded<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    return { ok: false, message: apiErrorMessage(error) };
  }
}

// ——— Forgot and reset password ———

/** The browser's check of an e-mail address (the API's rule): the catalogue message, or undefined. */
export function emailProblem(email: string): string | undefined {
  const parsed = parseEmail(email);
  return parsed.ok ? undefined : shopperMessage(parsed.errorCode);
}

/**
 * `POST /auth/forgotPassword`. The API answers the same for any address, so the page does too:
 * only a refused address (400), a rate limit (429) or no answer at all (nothing was sent) is
 * shown as a problem; any other answer counts as sent.
 */
export async function requestPasswordReset(email: string): Promise<Outcome> {
  const outcome = await call(() => browserApi.post('/auth/forgotPassword', { body: { email: email.trim() } }));
  if (outcome.ok || outcome.status === 400 || outcome.status === 429 || outcome.status === 0) return outcome;
  return { ok: true };
}

/** Problems of a new password and its confirmation, by field (empty when both are fine). */
export function newPasswordProblems(password: string, confirm: string): { password?: string; confirm?: string } {
  const parsed = parsePassword(password);
  if (!parsed.ok) return { password: shopperMessage(parsed.errorCode) };
  return password === confirm ? {} : { confirm: PASSWORDS_DIFFER };
}

/** The API's refusals of a new password (too weak, or one of the most common): shown beside the password field. */
function isRefusedNewPassword(errorCode: string | undefined): boolean {
  return errorCode === 'auth/invalid_new_password' || errorCode === 'auth/common_password';
}

export type ResetResult =
  | { kind: 'done' }
  /** The link is expired or not valid: the page offers a new one. */
  | { kind: 'link'; message: string }
  /** The new password was refused: the link still works. */
  | { kind: 'password'; message: string }
  | { kind: 'other'; message: string };

/** `POST /auth/resetPassword {uid, resetPasswordToken, password}`. */
export async function resetPassword(uid: string, token: string, password: string): Promise<ResetResult> {
  if (!uid || !token) return { kind: 'link', message: shopperMessage('auth/invalid_password_reset_token') };
  const outcome = await call(() => browserApi.post('/auth/resetPassword', { body: { uid, resetPasswordToken: token, password } }));
  if (outcome.ok) return { kind: 'done' };
  if (outcome.errorCode === 'auth/password_reset_token_expired' || outcome.errorCode === 'auth/invalid_password_reset_token') {
    return { kind: 'link', message: outcome.message };
  }
  if (isRefusedNewPassword(outcome.errorCode)) return { kind: 'password', message: outcome.message };
  return { kind: 'other', message: outcome.message };
}

export type ChangeResult =
  { kind: 'done' } | { kind: 'field'; field: 'currentPassword' | 'newPassword'; message: string } | { kind: 'other'; message: string };

/** `POST /auth/changePassword {currentPassword, newPassword}`; the two refusals belong beside their fields. */
export async function changePassword(currentPassword: string, newPassword: string): Promise<ChangeResult> {
  const outcome = await call(() => browserApi.post('/auth/changePassword', { body: { currentPassword, newPassword } }));
  if (outcome.ok) return { kind: 'done' };
  if (outcome.errorCode === 'auth/wrong_password') return { kind: 'field', field: 'currentPassword', message: outcome.message };
  if (isRefusedNewPassword(outcome.errorCode)) return { kind: 'field', field: 'newPassword', message: outcome.message };
  return { kind: 'other', message: outcome.message };
}

// ——— Profile ———

export { type ProfileField };
export type ProfileValues = Record<ProfileField, string>;
export type ProfileErrors = Partial<Record<ProfileField, string>>;

export function profileValues(user: PublicUser): ProfileValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    country: user.country,
    birthDate: user.birthDate,
    gender: user.gender,
  };
}

/** The API's rules for the profile fields (`validateProfileUpdate`), run in the browser: field -> the shopper's message. */
export function profileProblems(values: ProfileValues, now: Date = new Date()): ProfileErrors {
  const result = validateProfileUpdate(values, values, now);
  return result.ok
    ? {}
    : Object.fromEntries(
        result.problems.map((problem) => [problem.field, userFieldMessage(problem.field, problem.errorCode, values.country)]),
      );
}

export function toProfileUpdate(values: ProfileValues): ProfileUpdateInput {
  return { ...values, gender: values.gender };
}

/** The per-field problems of a 400 of `POST /user/profile` (`params` lists `{field, errorCode, error}`). */
export function profileServerErrors(error: unknown): ProfileErrors {
  return fieldErrorsOf(error, PROFILE_FIELDS);
}

// ——— Two-factor ———

/** Digits of a typed code; spaces (as apps show "123 456") and hyphens are dropped. */
export function tfaDigits(code: string): string {
  return code.replace(/[\s-]/g, '');
}

/** The browser's check of a code: the message, or undefined when it is six digits. */
export function tfaCodeProblem(code: string): string | undefined {
  return new RegExp(`^\\d{${TFA_CODE_LENGTH}}$`).test(tfaDigits(code))
    ? undefined
    : `Enter the ${TFA_CODE_LENGTH}-digit code from your app`;
}

/** A two-factor call's answer, or its failure in words (a wait after wrong codes says how long: `tfaErrorMessage`). */
export type TfaResult<T> = { ok: true; value: T } | { ok: false; message: string; errorCode: string; status?: number };

async function tfaCall<T>(run: () => Promise<T>): Promise<TfaResult<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    return { ok: false, message: tfaErrorMessage(error), ...errorFields(error) };
  }
}

/** `GET /tfa/is_enabled`: whether it is on, how many recovery codes remain, and a reset by e-mail waiting to take effect. */
export const tfaStatus = () => tfaCall(() => browserApi.get('/tfa/is_enabled'));

/** `POST /tfa/setup`: a new pending secret (QR code, manual key). */
export const tfaSetup = () => loaded(() => browserApi.post('/tfa/setup'));

/**
 * `POST /tfa/verify {token}`: a six-digit code (with a pending set-up this turns two-factor on, and
 * the answer holds the ten recovery codes) or, with `recovery`, a recovery code.
 */
export const tfaVerify = (code: string, { recovery = false }: { recovery?: boolean } = {}) =>
  tfaCall(() => browserApi.post('/tfa/verify', { body: { token: recovery ? normaliseRecoveryCode(code) : tfaDigits(code) } }));
export const tfaSkipSetup = () => call(() => browserApi.post('/tfa/skip_setup'));

/** `POST /tfa/disable_tfa {password, token}`: the account's password and a current code. */
export async function tfaDisable(password: string, code: string): Promise<Outcome> {
  const result = await tfaCall(() => browserApi.post('/tfa/disable_tfa', { body: { password, token: tfaDigits(code) } }));
  return result.ok ? { ok: true } : result;
}

/** `POST /tfa/recovery_codes {password, token}`: ten new recovery codes; every older one stops working. */
export const tfaRenewRecoveryCodes = (password: string, code: string) =>
  tfaCall(async () => (await browserApi.post('/tfa/recovery_codes', { body: { password, token: tfaDigits(code) } })).recoveryCodes);

/** The browser's check of a password-and-code form (turning off, new recovery codes): a message per field not ready to send. */
export function tfaDisableProblems(password: string, code: string): { password?: string; code?: string } {
  const problems: { password?: string; code?: string } = {};
  if (!password) problems.password = 'Enter your password';
  const codeProblem = tfaCodeProblem(code);
  if (codeProblem) problems.code = codeProblem;
  return problems;
}

/** `POST /tfa/requestReset`: e-mails a reset link (refused for staff and owners). */
export async function tfaRequestReset(): Promise<Outcome> {
  const result = await tfaCall(() => browserApi.post('/tfa/requestReset'));
  return result.ok ? { ok: true } : result;
}

/** `POST /tfa/reset {resetTfaToken}`: works without a session; schedules the reset and answers when it takes effect. */
export const tfaReset = (token: string): Promise<TfaResult<{ effectiveAt: string }>> =>
  token
    ? tfaCall(async () => ({ effectiveAt: (await browserApi.post('/tfa/reset', { body: { resetTfaToken: token } })).effectiveAt }))
    : Promise.resolve({ ok: false, message: shopperMessage('auth/tfa_reset_token_invalid'), errorCode: 'auth/tfa_reset_token_invalid' });

/** `POST /tfa/cancel_reset {cancelToken}`: "this was not me"; works without a session. */
export async function tfaCancelReset(token: string): Promise<Outcome> {
  if (!token) return { ok: false, message: CANCEL_LINK_INCOMPLETE, errorCode: 'auth/tfa_reset_cancel_invalid' };
  const result = await tfaCall(() => browserApi.post('/tfa/cancel_reset', { body: { cancelToken: token } }));
  return result.ok ? { ok: true } : result;
}

const CANCEL_LINK_INCOMPLETE = 'This link is not complete. Open the link in the e-mail again, or copy the whole address from it.';

/** The typed key without spaces, for the clipboard (authenticator apps accept either). */
export function compactKey(manualKey: string): string {
  return manualKey.replace(/\s+/g, '');
}

/** The key in groups of four for reading aloud and typing ("ABCD EFGH …"), whatever spacing it came with. */
export function groupKey(manualKey: string): string[] {
  return compactKey(manualKey).match(/.{1,4}/g) ?? [];
}
