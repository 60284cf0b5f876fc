import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '@kedai/domain';
import {
  ErrorEnvelope,
  RegisterRequest,
  ResendVerifyCodeRequest,
  ResendVerifyCodeResponse,
  UserResponse,
  VerifyEmailRequest,
} from '@kedai/contract';
import { clientAddress, rateLimit } from '../../platform/rate-limit';
import { register, resendVerifyCode, verifyEmail, type AuthDeps } from './service';

/** Accounts, first part: registration and e-mail verification (spec §7 auth service). */
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
      return reply.status(201).send({ user });
    },
  );

  app.post(
    '/auth/verifyEmail',
    {
      schema: {
        tags,
        summary: 'Verify an e-mail address with the code that was sent to it',
        body: VerifyEmailRequest,
        response: { 200: UserResponse, 400: ErrorEnvelope, 409: ErrorEnvelope, 429: ErrorEnvelope },
      },
      // Bounds code guessing (a code alone names its user; decision 0006).
      preHandler: rateLimit({ name: 'verifyEmail', ...limits.verifyEmail, key: byAddress }),
    },
    async (request) => ({ user: await verifyEmail(deps(request.log), request.body) }),
  );

  app.post(
    '/auth/resendVerifyCode',
    {
      schema: {
        tags,
        summary: 'Send a new verification code (the same answer whether or not the address has an account)',
        description:
          'Rate limited per e-mail address and per client address; a 429 answer has `Retry-After` and the seconds ' +
          'to wait in `params[0]`.',
        body: ResendVerifyCodeRequest,
        response: { 200: ResendVerifyCodeResponse, 400: ErrorEnvelope, 409: ErrorEnvelope, 429: ErrorEnvelope },
      },
      preHandler: rateLimit({
        name: 'resendVerifyCode',
        ...limits.resendVerifyCode,
        key: byAddress,
        errorCode: 'auth/resend_verify_code_rate_limit',
      }),
    },
    async (request, reply) => {
      try {
        await resendVerifyCode(deps(request.log), request.body);
      } catch (error) {
        if (error instanceof AppError && error.errorCode === 'auth/resend_verify_code_rate_limit' && Array.isArray(error.params)) {
          reply.header('retry-after', String(error.params[0]));
        }
        throw error;
      }
      return { ok: true as const };
    },
  );
};
