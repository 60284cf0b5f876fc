import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toUnixSeconds } from '@kedai/domain';
import { ErrorEnvelope, OkResponse, SavedCardList, SavedCardParams } from '@kedai/contract';
import { authOf, requireUser } from '../../platform/auth-guard';
import { listSavedCards, removeSavedCard } from './service';

/** The shopper's saved cards (issue 17): listed at checkout for one-click payment and on the account pages. */
export const savedCardRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['payments'];
  const errors = { 401: ErrorEnvelope, 403: ErrorEnvelope };

  app.get(
    '/payment/stripe/card/payment_methods',
    {
      schema: {
        tags,
        summary: "The shopper's saved cards on the payment provider in use, newest first (brand, last four digits, expiry)",
        response: { 200: SavedCardList, ...errors },
      },
      preHandler: requireUser(),
    },
    async (request) => {
      const cards = await listSavedCards(app.db, app.paymentProvider, authOf(request).user.id);
      return {
        paymentMethods: cards.map((card) => ({
          id: card.id,
          brand: card.brand,
          last4: card.last4,
          expMonth: card.expMonth,
          expYear: card.expYear,
          createdAt: toUnixSeconds(card.createdAt),
        })),
      };
    },
  );

  app.delete(
    '/payment/stripe/card/payment_methods/:id',
    {
      schema: {
        tags,
        summary: 'Remove one of the shopper’s saved cards, at the provider too',
        description: '404 `payment/card_not_found` for a card that is not the shopper’s; 503 `payment/provider_unavailable`.',
        params: SavedCardParams,
        response: { 200: OkResponse, 404: ErrorEnvelope, 503: ErrorEnvelope, ...errors },
      },
      preHandler: requireUser(),
    },
    async (request) => {
      await removeSavedCard(app.db, app.paymentProvider, authOf(request).user.id, request.params.id);
      return { ok: true as const };
    },
  );
};
