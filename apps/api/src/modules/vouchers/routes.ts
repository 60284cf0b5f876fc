import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelope, VoucherSummary, VoucherValidateRequest } from '@kedai/contract';
import { authOf, requireUser } from '../../platform/auth-guard';
import { validateVoucher, voucherLimits } from './service';

/** `POST /voucher/validate` (issue 16). */
export const voucherRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = app.config.rateLimits;
  app.post(
    '/voucher/validate',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Whether a voucher code can be used by this shopper now; what it takes off depends on the order (the estimate)',
        description:
          '404 `voucher/not_found`; 400 `voucher/not_started`, `voucher/expired`; 409 `voucher/used_up`, `voucher/already_used`. ' +
          'Every try counts against limits per client address and per user (429 `general/rate_limited`, `Retry-After`), ' +
          'so codes cannot be guessed in bulk.',
        body: VoucherValidateRequest,
        response: {
          200: VoucherSummary,
          400: ErrorEnvelope,
          401: ErrorEnvelope,
          403: ErrorEnvelope,
          404: ErrorEnvelope,
          409: ErrorEnvelope,
          429: ErrorEnvelope,
        },
      },
      // Counted like sign-in (decision 0007): per address for many accounts, per user for many addresses.
      preHandler: [requireUser(), ...voucherLimits(limits)],
    },
    async (request) => validateVoucher(app.db, authOf(request).user.id, request.body.code, app.config.clock?.() ?? new Date()),
  );
};
