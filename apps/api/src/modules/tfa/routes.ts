import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ErrorEnvelope,
  OkResponse,
  TfaCancelResetRequest,
  TfaDisableRequest,
  TfaEnabledResponse,
  TfaRecoveryCodesRequest,
  TfaRecoveryCodesResponse,
  TfaResetRequest,
  TfaResetResponse,
  TfaSetupResponse,
  TfaTokenRequest,
  TfaVerifyResponse,
} from '@kedai/contract';
import { authOf, requireUser } from '../../platform/auth-guard';
import { clientAddress, rateLimit, setRetryAfter } from '../../platform/rate-limit';
import { disableTfa, renewRecoveryCodes, setupTfa, skipTfaSetup, tfaStatus, verifyTfa, type TfaDeps } from './service';
import { cancelTfaReset, requestTfaReset, resetTfa } from './resets';

/** Runs a code-taking call; its 429 (the wrong-code wait) carries `Retry-After`. */
async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    setRetryAfter(reply, error);
    throw error;
  }
}

/** Two-factor authentication (rules: api.md /tfa/*). */
export const tfaRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['tfa'];
  const deps = (request: FastifyRequest): TfaDeps => ({
    db: app.db,
    config: app.config,
    mailer: app.mailer,
    log: request.log,
    keys: app.tfaKeys,
  });
  // What a session that still owes its second factor may call (decisions 0008, 0021): the code
  // itself (verify, a recovery code too), whether it is on, and the reset e-mail for a lost
  // authenticator. Set-up answers 409 (two-factor is on), skipping too; turning it off and new
  // recovery codes need a session that has passed it. /tfa/reset and /tfa/cancel_reset need none.
  const guard = requireUser({ allowTfaPending: true });
  const passed = requireUser();
  const perUser = (request: FastifyRequest) => `user:${authOf(request).user.id}`;
  const limits = app.config.rateLimits;
  // Wrong codes count per account in the users row (the wait of decision 0021, in the service);
  // this fixed window per client address only bounds one address trying many accounts.
  const codeLimit = rateLimit({ name: 'tfa', ...limits.tfa, key: (request) => `ip:${clientAddress(request)}` });
  const signedIn = { 401: ErrorEnvelope, 403: ErrorEnvelope };

  app.post(
    '/tfa/setup',
    {
      schema: {
        tags,
        summary: 'Start setting up two-factor authentication: a new secret as otpauth URI, QR code and typed key',
        description:
          'The secret stays pending (replacing any earlier pending one) until `POST /tfa/verify` confirms a code from ' +
          'it. The only answer that ever holds the secret. 409 `auth/tfa_already_setup` when two-factor is on.',
        response: { 200: TfaSetupResponse, ...signedIn, 409: ErrorEnvelope },
      },
      preHandler: guard,
    },
    async (request) => setupTfa(deps(request), authOf(request)),
  );

  app.post(
    '/tfa/verify',
    {
      schema: {
        tags,
        summary: 'Check a code (authenticator or recovery code): passes this session, and turns two-factor on when a set-up is pending',
        description:
          'A six-digit code is accepted once: a code of a time step at or before the last accepted one is ' +
          '`auth/tfa_wrong_code`, as is a wrong one; one step (30 s) of clock drift either way is accepted. A recovery ' +
          'code (`xxxx-xxxx-xxxx-xxxx`, case, spaces and dashes ignored) passes once and answers `recoveryCodesLeft`; ' +
          'the account is e-mailed. The code that turns two-factor on answers ten `recoveryCodes`, shown this once. A ' +
          'right code cancels a pending reset by e-mail. 409 `auth/tfa_not_setup` without two-factor or a pending ' +
          'set-up. After 5 wrong codes in a row (here, `/tfa/disable_tfa` and `/tfa/recovery_codes` together) each ' +
          'try waits: 429 `auth/tfa_too_many_attempts` with the seconds in `params[0]` and `Retry-After` (300 s, ' +
          'doubling to 1 h; a right code clears it, a password reset does not).',
        body: TfaTokenRequest,
        response: { 200: TfaVerifyResponse, 400: ErrorEnvelope, ...signedIn, 409: ErrorEnvelope, 429: ErrorEnvelope },
      },
      preHandler: [guard, codeLimit],
    },
    async (request, reply) => withRetryAfter(reply, () => verifyTfa(deps(request), authOf(request), request.body.token)),
  );

  app.post(
    '/tfa/skip_setup',
    {
      schema: {
        tags,
        summary: 'Decline setting up two-factor authentication (shown as `tfaSetupSkipped`)',
        description: '409 `auth/tfa_already_setup` when two-factor is on: there is nothing to skip.',
        response: { 200: OkResponse, ...signedIn, 409: ErrorEnvelope },
      },
      preHandler: guard,
    },
    async (request) => {
      await skipTfaSetup(deps(request), authOf(request));
      return { ok: true as const };
    },
  );

  app.get(
    '/tfa/is_enabled',
    {
      schema: {
        tags,
        summary: 'Whether two-factor authentication is on for the caller, the recovery codes left, and a pending reset by e-mail',
        response: { 200: TfaEnabledResponse, ...signedIn },
      },
      preHandler: guard,
    },
    async (request) => tfaStatus(deps(request), authOf(request)),
  );

  app.post(
    '/tfa/disable_tfa',
    {
      schema: {
        tags,
        summary: "Turn two-factor authentication off with the account's password and a current code",
        description:
          'A wrong password is 400 `auth/wrong_password`. The code (authenticator or recovery code) follows the rules ' +
          'of `/tfa/verify` (once only, ±1 step, the wrong-code wait). 409 `auth/tfa_not_enabled` when it is off. The ' +
          'recovery codes void, every other session of the user ends, and the account is e-mailed. A session that has ' +
          'not passed its second factor gets 403 `auth/tfa_not_verified`.',
        body: TfaDisableRequest,
        response: { 200: OkResponse, 400: ErrorEnvelope, ...signedIn, 409: ErrorEnvelope, 429: ErrorEnvelope },
      },
      preHandler: [passed, codeLimit],
    },
    async (request, reply) => {
      await withRetryAfter(reply, () => disableTfa(deps(request), authOf(request), request.body));
      return { ok: true as const };
    },
  );

  app.post(
    '/tfa/recovery_codes',
    {
      schema: {
        tags,
        summary: "Ten new recovery codes (every older one void), with the account's password and a current authenticator code",
        description:
          'Shown this once; the account is e-mailed. A wrong password is 400 `auth/wrong_password`; the code follows ' +
          'the rules of `/tfa/verify` (once only, ±1 step, the wrong-code wait). 409 `auth/tfa_not_enabled` when ' +
          'two-factor is off. A session that has not passed its second factor gets 403 `auth/tfa_not_verified`.',
        body: TfaRecoveryCodesRequest,
        response: { 200: TfaRecoveryCodesResponse, 400: ErrorEnvelope, ...signedIn, 409: ErrorEnvelope, 429: ErrorEnvelope },
      },
      preHandler: [passed, codeLimit],
    },
    async (request, reply) => withRetryAfter(reply, () => renewRecoveryCodes(deps(request), authOf(request), request.body)),
  );

  app.post(
    '/tfa/requestReset',
    {
      schema: {
        tags,
        summary: 'E-mail the caller a single-use link that schedules turning two-factor off (lost authenticator)',
        description:
          'The link (`/two_factor/reset?token=…` on the storefront) expires and ends any earlier one. Shoppers only: ' +
          'staff and owners get 403 `auth/tfa_reset_staff` (an owner resets them in the back office). 409 ' +
          '`auth/tfa_not_enabled` when two-factor is off. Rate limited per user (429 `general/rate_limited`).',
        response: { 200: OkResponse, ...signedIn, 409: ErrorEnvelope, 429: ErrorEnvelope },
      },
      preHandler: [guard, rateLimit({ name: 'tfaReset', ...limits.tfaReset, key: perUser })],
    },
    async (request) => {
      await requestTfaReset(deps(request), authOf(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/tfa/reset',
    {
      schema: {
        tags,
        summary: 'Schedule turning two-factor off with the token of a reset e-mail (no session needed)',
        description:
          'Two-factor stays on until `effectiveAt` (TFA_RESET_WAIT_HOURS, 72 by default), then a job turns it off, ' +
          'voids the recovery codes and ends every session. Meanwhile the account is e-mailed a "this was not me" ' +
          'link (`/two_factor/cancel_reset?token=…`), and a right code at sign-in cancels it. A reset already pending ' +
          'answers its own time. A token works once, until it expires; otherwise 400 `auth/tfa_reset_token_invalid`. ' +
          "A staff or owner account's token: 403 `auth/tfa_reset_staff`. 409 `auth/tfa_not_enabled` when it is off.",
        body: TfaResetRequest,
        response: { 200: TfaResetResponse, 400: ErrorEnvelope, 403: ErrorEnvelope, 409: ErrorEnvelope },
      },
    },
    async (request) => resetTfa(deps(request), request.body.resetTfaToken),
  );

  app.post(
    '/tfa/cancel_reset',
    {
      schema: {
        tags,
        summary: 'Cancel a pending two-factor reset with the "this was not me" link of its notice (no session needed)',
        description:
          'Two-factor stays on; the account is e-mailed. An unknown token, or one whose reset was already cancelled ' +
          'or done: 400 `auth/tfa_reset_cancel_invalid`.',
        body: TfaCancelResetRequest,
        response: { 200: OkResponse, 400: ErrorEnvelope },
      },
    },
    async (request) => {
      await cancelTfaReset(deps(request), request.body.cancelToken);
      return { ok: true as const };
    },
  );
};
