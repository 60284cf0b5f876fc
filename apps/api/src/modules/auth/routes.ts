import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorEnvelope,
  LoginRequest,
  OkResponse,
  SessionState,
  RegisterRequest,
  ResendVerifyCodeRequest,
  ResendVerifyCodeResponse,
  UserResponse,
  VerifyEmailRequest,
  VerifyEmailResponse,
} from '@kedai/contract';
import { sendError } from '../../platform/errors';
import { clientAddress, rateLimit, setRetryAfter } from '../../platform/rate-limit';
import { sessionDeps, signedInCaller } from '../../platform/auth-guard';
import {
  checkAccess,
  clearSessionCookies,
  refreshSession,
  refreshTokenOf,
  revokeSession,
  sessionIdOfRefreshToken,
  setSessionCookies,
  startSession,
} from '../../platform/session';
import { SIGNED_OUT, UnverifiedSignIn, login, sessionState } from './login';
import { grantVerifySignIn, useVerifySignIn } from './verify-sign-in';
import { register, startResendVerifyCode, verifyEmail, type AuthDeps } from './service';

/** Accounts, first part: registration and e-mail verification (rules: api.md auth service). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['auth'];
  const deps = (log: AuthDeps['log']): AuthDeps => ({ db: app.db, config: app.config, mailer: app.mailer, log });
  // Per client address, counted in the database so the limits hold across API processes (0007).
  const byAddress = (request: { ip: string }) => `ip:${clientAddress(request)}`;
  const limits = app.config.rateLimits;

  app.post(
    '/auth/register',
    {
      schema: {
        tags,
        summary: 'Create an account (unverified) and e-mail a six-digit verification code',
        description:
          'Every field is checked; a 400 answer carries the first problem as `errorCode` and every problem ' +
          '(`{field, errorCode, error}`, in field order) as `params`. Fields other than those listed are ignored.',
        body: RegisterRequest,
        response: { 201: UserResponse, 400: ErrorEnvelope, 409: ErrorEnvelope, 429: ErrorEnvelope },
      },
      preHandler: rateLimit({ name: 'register', ...limits.register, key: byAddress }),
    },
    async (request, reply) => {
      const user = await register(deps(request.log), request.body);
      await grantVerifySignIn(app.db, app.config, reply, user.id);
      return reply.status(201).send({ user });
    },
  );

  app.post(
    '/auth/verifyEmail',
    {
      schema: {
        tags,
        summary: 'Verify an e-mail address with the code that was sent to it',
        description:
          'The browser that registered (or signed in with the right password before verifying) is signed in as well: ' +
          'the session cookies are set and `signedIn` is true (decision 0011). Anyone else only verifies.',
        body: VerifyEmailRequest,
        response: { 200: VerifyEmailResponse, 400: ErrorEnvelope, 409: ErrorEnvelope, 429: ErrorEnvelope },
      },
      // Bounds code guessing (a code alone names its user; decision 0006).
      preHandler: rateLimit({ name: 'verifyEmail', ...limits.verifyEmail, key: byAddress }),
    },
    async (request, reply) => {
      const user = await verifyEmail(deps(request.log), request.body);
      const signedIn = await useVerifySignIn(app.db, app.config, request, reply, user.id);
      if (signedIn) {
        const issued = await startSession(sessionDeps(request), {
          userId: user.id,
          remember: false,
          userAgent: request.headers['user-agent'],
        });
        setSessionCookies(reply, app.config, issued);
      }
      return { user, signedIn };
    },
  );

  app.post(
    '/auth/resendVerifyCode',
    {
      schema: {
        tags,
        summary: 'Send a new verification code (the same answer whether or not the address has an account)',
        description:
          'Answers `{ok: true}` for any well-formed address: unknown, verified or waiting for verification alike, and ' +
          'before anything depends on the account. What is mailed is decided after the answer: a new code to an ' +
          'unverified account (at most one per `VERIFY_CODE_RESEND_SECONDS`; asked sooner, nothing is sent), a short ' +
          '"already verified" note to a verified one (at most one an hour), nothing to an unknown address. A malformed ' +
          'address answers 400 `user/invalid_email`. Rate limited per client address (429 ' +
          '`auth/resend_verify_code_rate_limit`, with `Retry-After` and the seconds to wait in `params[0]`).',
        body: ResendVerifyCodeRequest,
        response: { 200: ResendVerifyCodeResponse, 400: ErrorEnvelope, 429: ErrorEnvelope },
      },
      preHandler: rateLimit({
        name: 'resendVerifyCode',
        ...limits.resendVerifyCode,
        key: byAddress,
        errorCode: 'auth/resend_verify_code_rate_limit',
      }),
    },
    async (request) => {
      // Only the address's form is checked here; the account's part runs after this answer is out.
      startResendVerifyCode(deps(request.log), request.body);
      return { ok: true as const };
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags,
        summary: 'Sign in: sets the session cookies',
        description:
          'Any wrong e-mail and password pair answers `auth/wrong_email_or_password` after the same work. With the right ' +
          'password: `auth/unverified_email` (403) or `auth/account_blacklisted` (403, the contact address in `params[0]`). ' +
          'Rate limited per client address and per e-mail address (429 `general/rate_limited`); past the per-e-mail limit ' +
          'the right password still signs in from an address that has not been failing. When the user has ' +
          'two-factor authentication on, `tfaPassed` is false until `POST /tfa/verify`.',
        body: LoginRequest,
        response: { 200: SessionState, 400: ErrorEnvelope, 403: ErrorEnvelope, 429: ErrorEnvelope },
      },
      // The per-account limit is counted by `login` itself: it depends on the address's failures (0007).
      preHandler: rateLimit({ name: 'login', ...limits.login, key: byAddress }),
    },
    async (request, reply) => {
      try {
        const { issued, state } = await login(sessionDeps(request), {
          ...request.body,
          userAgent: request.headers['user-agent'],
          address: byAddress(request),
        });
        setSessionCookies(reply, app.config, issued);
        return state;
      } catch (error) {
        setRetryAfter(reply, error);
        if (error instanceof UnverifiedSignIn) {
          // Answered here, not thrown: the error handler would drop the grant's cookie.
          await grantVerifySignIn(app.db, app.config, reply, error.userId);
          return sendError(reply, error.status, error.errorCode, [], error.message);
        }
        throw error;
      }
    },
  );

  app.post(
    '/auth/refreshAccessToken',
    {
      schema: {
        tags,
        summary: 'Trade the refresh cookie for a new access and refresh token (rotation)',
        description:
          'A refresh token works once. Presenting one that was already used revokes its whole session ' +
          '(`auth/invalid_refresh_token`, 401), except within a few seconds of its use (two tabs refreshing at once), ' +
          'which is answered with the same new token. A session that still owes its second factor cannot be ' +
          'refreshed (403 `auth/tfa_not_verified`): it signs in again.',
        response: { 200: OkResponse, 401: ErrorEnvelope, 403: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      try {
        const issued = await refreshSession(sessionDeps(request), refreshTokenOf(app.config, request));
        setSessionCookies(reply, app.config, issued);
      } catch (error) {
        clearSessionCookies(reply, app.config);
        throw error;
      }
      return { ok: true as const };
    },
  );

  app.delete(
    '/auth/logout',
    {
      schema: {
        tags,
        summary: 'Sign out: revokes the session on the server and clears its cookies',
        description: 'Always answers ok, also without a session.',
        response: { 200: OkResponse },
      },
    },
    async (request, reply) => {
      const check = await checkAccess(sessionDeps(request), request);
      const sessionId =
        check.kind === 'ok' ? check.auth.session.id : await sessionIdOfRefreshToken(app.db, refreshTokenOf(app.config, request));
      if (sessionId) await revokeSession(app.db, sessionId, 'logout');
      clearSessionCookies(reply, app.config);
      return { ok: true as const };
    },
  );

  app.get(
    '/auth/me',
    {
      schema: {
        tags,
        summary: 'The caller: profile, signedIn and tfaPassed',
        description:
          'Without session cookies: `signedIn: false`. With an expired access token: 401 `auth/invalid_access_token` ' +
          '(refresh, then ask again). Answers while the second factor is still owed.',
        response: { 200: SessionState, 401: ErrorEnvelope, 403: ErrorEnvelope },
      },
    },
    async (request) => {
      const check = await checkAccess(sessionDeps(request), request);
      // No access cookie but a refresh cookie: the access token has expired; 401 makes the client refresh.
      if (check.kind === 'none' && !refreshTokenOf(app.config, request)) return SIGNED_OUT;
      const caller = await signedInCaller(request, check.kind === 'none' ? { kind: 'invalid' } : check, { allowTfaPending: true });
      return sessionState(caller);
    },
  );
};
