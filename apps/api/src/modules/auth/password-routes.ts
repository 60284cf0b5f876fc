import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { normaliseEmail } from '@kedai/domain';
import { ChangePasswordRequest, ErrorEnvelope, ForgotPasswordRequest, OkResponse, ResetPasswordRequest } from '@kedai/contract';
import { authOf, requireUser } from '../../platform/auth-guard';
import { clientAddress, rateLimit } from '../../platform/rate-limit';
import { changePassword, forgotPassword, resetMailsSettled, resetPassword, startResetMail } from './password';
import type { AuthDeps } from './service';

/** Forgot, reset and change password (rules: api.md auth service). */
export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['auth'];
  const deps = (log: AuthDeps['log']): AuthDeps => ({ db: app.db, config: app.config, mailer: app.mailer, log });
  const byAddress = (request: { ip: string }) => `ip:${clientAddress(request)}`;
  const limits = app.config.rateLimits;
  const ok = { ok: true as const };

  // Reset links still being issued are finished before the mailer closes.
  app.addHook('onClose', () => resetMailsSettled());

  app.post(
    '/auth/forgotPassword',
    {
      schema: {
        tags,
        summary: 'E-mail a single-use password reset link (the same answer whether or not the address has an account)',
        description:
          'A malformed address answers 400 `user/invalid_email`. Rate limited per client address and per e-mail address ' +
          '(429 `general/rate_limited`, seconds to wait in `params[0]`). A new link ends the older ones.',
        body: ForgotPasswordRequest,
        response: { 200: OkResponse, 400: ErrorEnvelope, 429: ErrorEnvelope },
      },
      preHandler: [
        rateLimit({ name: 'forgotPassword', ...limits.forgotPassword, key: byAddress }),
        // Keyed by the address as typed (normalised), account or not, so a 429 tells nothing either.
        rateLimit({
          name: 'forgotPassword',
          ...limits.forgotPasswordAccount,
          key: (request) => `acct:${normaliseEmail(String((request.body as { email?: unknown }).email ?? ''))}`,
        }),
      ],
    },
    async (request) => {
      const userId = await forgotPassword(deps(request.log), request.body);
      // Made and mailed after this answer is out: see startResetMail.
      if (userId) startResetMail(deps(request.log), userId);
      return ok;
    },
  );

  app.post(
    '/auth/resetPassword',
    {
      schema: {
        tags,
        summary: 'Set a new password with the uid and token of a reset link; signs out every session',
        description:
          "Expired link: `auth/password_reset_token_expired`; unknown, used or another user's: " +
          '`auth/invalid_password_reset_token`; weak password: `auth/invalid_new_password`, or one of the most common: ' +
          '`auth/common_password` (the link stays usable). ' +
          'Also marks the e-mail address verified.',
        body: ResetPasswordRequest,
        response: { 200: OkResponse, 400: ErrorEnvelope },
      },
    },
    async (request) => {
      await resetPassword(deps(request.log), request.body);
      return ok;
    },
  );

  app.post(
    '/auth/changePassword',
    {
      schema: {
        tags,
        summary: 'Change the password of the signed-in user; signs out every other session',
        description:
          'Wrong current password: `auth/wrong_password`; weak new one: `auth/invalid_new_password`, or one of the most ' +
          'common: `auth/common_password`. The current session ' +
          'keeps working. Attempts are rate limited per user (429 `general/rate_limited`).',
        body: ChangePasswordRequest,
        response: { 200: OkResponse, 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 429: ErrorEnvelope },
      },
      preHandler: [
        requireUser(),
        // Every attempt counts (not only wrong ones): the same bound on guessing as login's per-account limit.
        rateLimit({ name: 'changePassword', ...limits.loginAccount, key: (request) => `user:${authOf(request).user.id}` }),
      ],
    },
    async (request) => {
      const auth = authOf(request);
      await changePassword(deps(request.log), { user: auth.user, sessionId: auth.session.id }, request.body);
      return ok;
    },
  );
};
