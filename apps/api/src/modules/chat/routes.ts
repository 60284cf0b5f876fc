import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ChatMessagePage,
  ChatMessagesQuery,
  ChatThreadState,
  ChatUnread,
  ErrorEnvelope,
  OrderIdParams,
  PostChatMessageAnswer,
  PostChatMessageRequest,
  UpdateChatStatusRequest,
} from '@kedai/contract';
import { CHAT_AFTER_SECONDS_FROM } from '@kedai/domain';
import { authOf, requireUser } from '../../platform/auth-guard';
import { announce } from '../../platform/live';
import { rateLimit } from '../../platform/rate-limit';
import { markChatRepliesRead } from '../notifications/service';
import { listMessages, messageText, postMessage, shopperUnread, threadAccess, updateReadMark, type ChatSide } from './service';

/**
 * The conversation about an order (issue 29). A shopper reaches their own orders' threads here; staff
 * reach every thread under /admin (admin-routes.ts). Another shopper's order, or an id that is not
 * one, is 404 `order/not_found`. Sockets hear of each change after its commit (platform/live.ts).
 */

/** The per-user limit of posting (messages and photos alike), RATE_LIMIT_CHAT. */
export function chatPostLimit(app: FastifyInstance) {
  return rateLimit({ name: 'chat', ...app.config.rateLimits.chat, key: (request) => `user:${authOf(request).user.id}` });
}

const now = (app: FastifyInstance) => app.config.clock?.() ?? new Date();

/** Who asks, for `threadAccess`: the shopper routes never act as staff. */
export function callerOf(request: FastifyRequest, side: ChatSide) {
  return { userId: authOf(request).user.id, staff: side === 'staff' };
}

/** How `after` of a page is read (both sides' routes): the rule of `chatAfterPoint` (packages/domain). */
export const AFTER_DESCRIPTION =
  `\`after\`: a whole number below ${CHAT_AFTER_SECONDS_FROM} is a message id; from ${CHAT_AFTER_SECONDS_FROM} on (2001-09-09), or ` +
  'with a fraction, unix seconds; or an ISO 8601 date and time from 1970 on (a time reads the messages written after it). 400 ' +
  '`general/argument_error` for anything else, or for `after` with `before`.';

export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['chat'];
  const denied = { 401: ErrorEnvelope, 403: ErrorEnvelope };
  const side: ChatSide = 'shopper';

  app.get(
    '/order/:id/messages',
    {
      schema: {
        tags,
        summary: "A page of the order's conversation, oldest first: after a message id or time, before a message id, or the newest",
        description: `${AFTER_DESCRIPTION} 404 \`order/not_found\` for another shopper’s order.`,
        params: OrderIdParams,
        querystring: ChatMessagesQuery,
        response: { 200: ChatMessagePage, 400: ErrorEnvelope, 404: ErrorEnvelope, ...denied },
      },
      preHandler: requireUser(),
    },
    async (request) => {
      await threadAccess(app.db, request.params.id, callerOf(request, side));
      return listMessages(app.db, request.params.id.toLowerCase(), side, request.query);
    },
  );

  app.post(
    '/order/:id/messages',
    {
      schema: {
        tags,
        summary: 'Write to the shop about the order',
        description:
          '400 `chat/empty_message` when nothing is left once trimmed, `chat/message_too_long` (`params[0]` the limit) past it; ' +
          '404 `order/not_found`; 429 `general/rate_limited` past RATE_LIMIT_CHAT.',
        params: OrderIdParams,
        body: PostChatMessageRequest,
        response: { 201: PostChatMessageAnswer, 400: ErrorEnvelope, 404: ErrorEnvelope, 429: ErrorEnvelope, ...denied },
      },
      preHandler: [requireUser(), chatPostLimit(app)],
    },
    async (request, reply) => {
      const { buyerId } = await threadAccess(app.db, request.params.id, callerOf(request, side));
      const body = messageText(request.body.message);
      const orderId = request.params.id.toLowerCase();
      const answer = await postMessage(
        app.db,
        { orderId, authorId: authOf(request).user.id, role: side, now: now(app) },
        { kind: 'text', body },
      );
      announce(app.db, { kind: 'message', orderId, userId: buyerId, author: side });
      return reply.code(201).send(answer);
    },
  );

  app.post(
    '/order/:id/update_chat_status',
    {
      schema: {
        tags,
        summary: 'The conversation is read up to this message (a read mark never moves back)',
        description: 'A mark past the last message stops at the last one. 404 `order/not_found`.',
        params: OrderIdParams,
        body: UpdateChatStatusRequest,
        response: { 200: ChatThreadState, 400: ErrorEnvelope, 404: ErrorEnvelope, ...denied },
      },
      preHandler: requireUser(),
    },
    async (request) => {
      const { buyerId } = await threadAccess(app.db, request.params.id, callerOf(request, side));
      const orderId = request.params.id.toLowerCase();
      const { thread, moved } = await updateReadMark(app.db, orderId, side, request.body.lastReadMessageId, null);
      if (moved) announce(app.db, { kind: 'read', orderId, userId: buyerId });
      // The bell's replies of this order up to the mark are read too. After the mark's own commit, on
      // every call (not only when it moved), so a call that failed here is made good by the next.
      if (await markChatRepliesRead(app.db, buyerId, orderId, thread.readUpTo, now(app))) {
        announce(app.db, { kind: 'counts', userId: buyerId });
      }
      return thread;
    },
  );

  app.get(
    '/chat/unread',
    {
      schema: {
        tags,
        summary: 'The shop’s messages not read yet: per order, and in all',
        response: { 200: ChatUnread, ...denied },
      },
      preHandler: requireUser(),
    },
    async (request) => shopperUnread(app.db, authOf(request).user.id),
  );
};
