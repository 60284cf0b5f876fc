import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { QUOTATION_INSTRUCTIONS_MAX, QUOTATION_QUANTITY_MAX } from '@kedai/domain';
import {
  CheckPendingQuery,
  CheckPendingResponse,
  ErrorEnvelope,
  NoContent,
  QuotationFromCartRequest,
  QuotationFromExternalRequest,
  QuotationFromProductRequest,
  QuotationItemIdParams,
  QuotationItemResponse,
  QuotationItemsResponse,
  QuotationListQuery,
  QuotationRequest,
  SearchExternalRequest,
  SearchExternalResponse,
  UpdateQuotationItemRequest,
} from '@kedai/contract';
import { authOf, requireUser } from '../../platform/auth-guard';
import { rateLimit } from '../../platform/rate-limit';
import { isReadingPending, searchExternal } from './external';
import {
  deleteQuotationItem,
  listQuotationItems,
  quoteCartItem,
  quoteExternalProduct,
  quoteProduct,
  requestQuotation,
  updateQuotationItem,
} from './service';

/** The signed-in shopper's quotations and "buy it for me" links (rules: api.md, issue 15). */
export const quotationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['quotations'];
  const errors = { 401: ErrorEnvelope, 403: ErrorEnvelope };
  const created = { 201: QuotationItemResponse, 400: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, ...errors };
  const limit = app.config.maxQuotationItems;
  const fields =
    `400 \`quotation/invalid_quantity\` (1 to ${QUOTATION_QUANTITY_MAX}; \`params[0]\` the maximum), 400 ` +
    `\`quotation/invalid_instructions\` (at most ${QUOTATION_INSTRUCTIONS_MAX} characters), 409 \`quotation/max_items_reached\` ` +
    '(beyond MAX_QUOTATION_ITEMS; `params[0]` the limit).';
  const userId = (request: FastifyRequest) => authOf(request).user.id;
  const fetchOptions = { allowedTestOrigins: app.config.safeFetchTestOrigins };

  app.post(
    '/product/searchExternal',
    {
      schema: {
        tags,
        summary: 'Read a product from a link to another marketplace ("buy it for me")',
        description:
          'The page is fetched through the safe fetcher (public http(s) addresses on standard ports only, redirects checked ' +
          'again, at most 2 MB and 8 s, HTML only) and the product read from its JSON-LD, microdata or OpenGraph data. A ' +
          'second request for a link being read joins that reading. 400 `link/invalid`, `link/not_allowed`, ' +
          '`link/unreachable`, `link/too_large`, `link/not_html`, `link/no_product`; 429 past RATE_LIMIT_SEARCH_EXTERNAL per user.',
        body: SearchExternalRequest,
        response: { 200: SearchExternalResponse, 400: ErrorEnvelope, 429: ErrorEnvelope, ...errors },
      },
      preHandler: [
        requireUser(),
        rateLimit({ name: 'searchExternal', ...app.config.rateLimits.searchExternal, key: (request) => `user:${userId(request)}` }),
      ],
    },
    async (request) => ({ externalProduct: await searchExternal(app.db, userId(request), request.body.link, fetchOptions) }),
  );

  app.get(
    '/product/checkPending',
    {
      schema: {
        tags,
        summary: 'Whether a reading of this link runs now (a second request for it would join it)',
        querystring: CheckPendingQuery,
        response: { 200: CheckPendingResponse, 400: ErrorEnvelope, ...errors },
      },
      preHandler: requireUser(),
    },
    async (request) => ({ link: request.query.link, pending: isReadingPending(request.query.link) }),
  );

  app.get(
    '/quotation_item',
    {
      schema: {
        tags,
        summary: "The shopper's quotation items, newest first, and the shop's products they name",
        response: { 200: QuotationItemsResponse, ...errors },
      },
      preHandler: requireUser(),
    },
    async (request) => listQuotationItems(app.db, userId(request)),
  );

  app.get(
    '/quotation_item/external',
    {
      schema: {
        tags,
        summary: "The shopper's quotation items for products on other marketplaces",
        response: { 200: QuotationItemsResponse, ...errors },
      },
      preHandler: requireUser(),
    },
    async (request) => listQuotationItems(app.db, userId(request), { source: 'e' }),
  );

  app.get(
    '/quotation',
    {
      schema: {
        tags,
        summary: "The shopper's quotation items, filtered by status and source",
        querystring: QuotationListQuery,
        response: { 200: QuotationItemsResponse, 400: ErrorEnvelope, ...errors },
      },
      preHandler: requireUser(),
    },
    async (request) => listQuotationItems(app.db, userId(request), request.query),
  );

  app.post(
    '/quotation/request',
    {
      schema: {
        tags,
        summary: "Ask for a quotation: from 'r' a product described by hand, from 'l' one of the shop's products",
        description:
          `'r': 400 \`link/invalid\` (productUrl), \`quotation/invalid_name\`, \`quotation/invalid_image_url\`. 'l': 404 ` +
          `\`product/not_found\` (productRef: id or URL name), 409 \`product/disabled\`, 400 \`cart/invalid_variant_path\`. ` +
          `Both: ${fields}`,
        body: QuotationRequest,
        response: created,
      },
      preHandler: requireUser(),
    },
    async (request, reply) => reply.code(201).send(await requestQuotation(app.db, userId(request), limit, request.body)),
  );

  app.post(
    '/quotation_item/internal',
    {
      schema: {
        tags,
        summary: 'Move a cart line into the quotation list (the line leaves the cart in the same step)',
        description: `404 \`cart/not_found\`, 409 \`product/disabled\`, 409 \`quotation/max_items_reached\`. The line's quantity and note become the item's quantity and instructions.`,
        body: QuotationFromCartRequest,
        response: created,
      },
      preHandler: requireUser(),
    },
    async (request, reply) => reply.code(201).send(await quoteCartItem(app.db, userId(request), limit, request.body)),
  );

  app.post(
    '/quotation_item/internal_product',
    {
      schema: {
        tags,
        summary: "Ask for a quotation on a variant and quantity of one of the shop's products",
        description: `404 \`product/not_found\`, 409 \`product/disabled\`, 400 \`cart/invalid_variant_path\`. ${fields}`,
        body: QuotationFromProductRequest,
        response: created,
      },
      preHandler: requireUser(),
    },
    async (request, reply) => reply.code(201).send(await quoteProduct(app.db, userId(request), limit, request.body)),
  );

  app.post(
    '/quotation_item/external',
    {
      schema: {
        tags,
        summary: 'Ask for a quotation on a marketplace product read with `POST /product/searchExternal`',
        description: `404 \`product/not_found\` for an external product this shopper did not read. ${fields}`,
        body: QuotationFromExternalRequest,
        response: created,
      },
      preHandler: requireUser(),
    },
    async (request, reply) => reply.code(201).send(await quoteExternalProduct(app.db, userId(request), limit, request.body)),
  );

  app.put(
    '/quotation_item/:id',
    {
      schema: {
        tags,
        summary: 'Change the quantity or the instructions; a change to an answered item asks the shop again',
        description: `404 \`quotation/not_found\`. ${fields}`,
        params: QuotationItemIdParams,
        body: UpdateQuotationItemRequest,
        response: { 200: QuotationItemResponse, 400: ErrorEnvelope, 404: ErrorEnvelope, ...errors },
      },
      preHandler: requireUser(),
    },
    async (request) => updateQuotationItem(app.db, userId(request), request.params.id, request.body ?? {}),
  );

  app.delete(
    '/quotation_item/:id',
    {
      schema: {
        tags,
        summary: 'Remove an item from the quotation list',
        description: '404 `quotation/not_found`.',
        params: QuotationItemIdParams,
        response: { 204: NoContent, 404: ErrorEnvelope, ...errors },
      },
      preHandler: requireUser(),
    },
    async (request, reply) => {
      await deleteQuotationItem(app.db, userId(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
