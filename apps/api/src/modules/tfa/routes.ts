import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  ErrorEnvelope,
  OkResponse,
  SessionState,
  TfaEnabledResponse,
  TfaResetRequest,
  TfaDisableRequest,
  TfaSetupResponse,
  TfaTokenRequest,
} from '@kedai/contract';
import { authOf, requireUser } from '../../platform/auth-guard';
import { rateLimit } from '../../platform/rate-limit';
import { disableTfa, requestTfaReset, resetTfa, setupTfa, skipTfaSetup, verifyTfa, type TfaDeps } from './service';

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
  // What a session that still owes its second factor may call (decision 0008): the code itself
  // (verify), whether it is on, and the reset e-mail for a lost authenticator. Set-up answers 409
  // (two-factor is on), skipping too; turning it off needs a session that has passed it.
  const guard = requireUser({ allowTfaPending: true });
  const passed = requireUser();
  // Counted per user after the guard has named them; one budget for every code-taking route.
  const perUser = (request: FastifyRequest) => `user:${authOf(request).user.id}`;
  const limits = app.config.rateLimits;
  const codeLimit = rateLimit({ name: 'tfa', ...limits.tfa, key: perUser });
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
        summary: 'Check a code: passes this session, and turns two-factor on when a set-up is pending',
        description:
          'A code is accepted once: a code of a time step at or before the last accepted one is `auth/tfa_wrong_code`, ' +
          'as is a wrong one. One step (30 s) of clock drift either way is accepted. 409 `auth/tfa_not_setup` without ' +
          'two-factor or a pending set-up. Rate limited per user together with `/tfa/disable_tfa` (429 `general/rate_limited`).',
        body: TfaTokenRequest,
        response: { 200: SessionState, 400: ErrorEnvelope, ...signedIn, 409: ErrorEnvelope, 429: ErrorEnvelope },
      },
      preHandler: [guard, codeLimit],
    },
    async (request) => verifyTfa(deps(request), authOf(request), request.body.token),
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
        summary: 'Whether two-factor authentication is on for the caller',
        response: { 200: TfaEnabledResponse, ...signedIn },
      },
      preHandler: guard,
    },
    async (request) => ({ enabled: authOf(request).tfaEnabled }),
  );

  app.post(
    '/tfa/disable_tfa',
    {
      schema: {
        tags,
        summary: "Turn two-factor authentication off with the account's password and a current code",
        description:
          'A wrong password is 400 `auth/wrong_password`. The code follows the rules of `/tfa/verify` (once only, ' +
          '±1 step, rate limited). 409 `auth/tfa_not_enabled` when it is off. Every other session of the user ends. ' +
          'A session that has not passed its second factor gets 403 `auth/tfa_not_verified`.',
        body: TfaDisableRequest,
        response: { 200: OkResponse, 400: ErrorEnvelope, ...signedIn, 409: ErrorEnvelope, 429: ErrorEnvelope },
      },
      preHandler: [passed, codeLimit],
    },
    async (request) => {
      await disableTfa(deps(request), authOf(request), request.body);
      return { ok: true as const };
    },
  );

  app.post(
    '/tfa/requestReset',
    {
      schema: {
        tags,
        summary: 'E-mail the caller a single-use link that turns two-factor off (lost authenticator)',
        description:
          'The link (`/two_factor/reset?token=…` on the storefront) expires and ends any earlier one. 409 ' +
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
        summary: 'Turn two-factor off with the token of a reset e-mail (no session needed)',
        description: 'A token works once, until it expires; otherwise 400 `auth/tfa_reset_token_invalid`.',
        body: TfaResetRequest,
        response: { 200: OkResponse, 400: ErrorEnvelope },
      },
    },
    async (request) => {
      await resetTfa(deps(request), request.body.resetTfaToken);
      return { ok: true as const };
    },
  );
};
