import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminConversationDone,
  AdminInbox,
  AdminInboxQuery,
  ChatMessagePage,
  ChatMessagesQuery,
  ChatThreadState,
  ErrorEnvelope,
  OrderIdParams,
  PostChatMessageAnswer,
  PostChatMessageRequest,
  UpdateChatStatusRequest,
} from '@kedai/contract';
import { authOf } from '../../platform/auth-guard';
import { announce } from '../../platform/live';
import { adminInbox, listMessages, messageText, postMessage, setDone, threadAccess, updateReadMark, type ChatSide } from './service';
import { AFTER_DESCRIPTION, callerOf, chatPostLimit } from './routes';

/**
 * The back office's side of the order conversations (issue 29): every order's thread, the inbox, and
 * marking a conversation done. Staff messages, read marks and done marks are audited like every
 * back-office write.
 */
export const chatAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const denied = { 401: ErrorEnvelope, 403: ErrorEnvelope };
  const side: ChatSide = 'staff';
  const now = () => app.config.clock?.() ?? new Date();

  app.get(
    '/admin/inbox',
    {
      schema: {
        tags,
        summary: 'Conversations: waiting for an answer (longest wait first), open, done, with an open dispute, or all',
        querystring: AdminInboxQuery,
        response: { 200: AdminInbox, 400: ErrorEnvelope, ...denied },
      },
    },
    async (request) => adminInbox(app.db, request.query),
  );

  app.get(
    '/admin/order/:id/messages',
    {
      schema: {
        tags,
        summary: "A page of an order's conversation, oldest first: after a message id or time, before a message id, or the newest",
        description: `${AFTER_DESCRIPTION} 404 \`order/not_found\`.`,
        params: OrderIdParams,
        querystring: ChatMessagesQuery,
        response: { 200: ChatMessagePage, 400: ErrorEnvelope, 404: ErrorEnvelope, ...denied },
      },
    },
    async (request) => {
      await threadAccess(app.db, request.params.id, callerOf(request, side));
      return listMessages(app.db, request.params.id.toLowerCase(), side, request.query);
    },
  );

  app.post(
    '/admin/order/:id/messages',
    {
      schema: {
        tags,
        summary: 'Answer the shopper about their order (the shopper waits no more)',
        description:
          '400 `chat/empty_message`, `chat/message_too_long` (`params[0]` the limit); 404 `order/not_found`; 429 ' +
          '`general/rate_limited` past RATE_LIMIT_CHAT.',
        params: OrderIdParams,
        body: PostChatMessageRequest,
        response: { 201: PostChatMessageAnswer, 400: ErrorEnvelope, 404: ErrorEnvelope, 429: ErrorEnvelope, ...denied },
      },
      preHandler: chatPostLimit(app),
    },
    async (request, reply) => {
      const { buyerId } = await threadAccess(app.db, request.params.id, callerOf(request, side));
      const body = messageText(request.body.message);
      const orderId = request.params.id.toLowerCase();
      const answer = await postMessage(
        app.db,
        { orderId, authorId: authOf(request).user.id, role: side, now: now() },
        { kind: 'text', body },
      );
      announce(app.db, { kind: 'message', orderId, userId: buyerId });
      return reply.code(201).send(answer);
    },
  );

  app.post(
    '/admin/order/:id/update_chat_status',
    {
      schema: {
        tags,
        summary: 'Staff have read the conversation up to this message (a read mark never moves back)',
        description: 'A mark past the last message stops at the last one. 404 `order/not_found`.',
        params: OrderIdParams,
        body: UpdateChatStatusRequest,
        response: { 200: ChatThreadState, 400: ErrorEnvelope, 404: ErrorEnvelope, ...denied },
      },
    },
    async (request) => {
      const { buyerId } = await threadAccess(app.db, request.params.id, callerOf(request, side));
      const orderId = request.params.id.toLowerCase();
      const { thread, moved } = await updateReadMark(app.db, orderId, side, request.body.lastReadMessageId, authOf(request).user.id);
      if (moved) announce(app.db, { kind: 'read', orderId, userId: buyerId });
      return thread;
    },
  );

  app.post(
    '/admin/order/:id/chat_done',
    {
      schema: {
        tags,
        summary: 'Mark the conversation done (it leaves the waiting list until the shopper writes again), or open it again',
        description: '404 `order/not_found`.',
        params: OrderIdParams,
        body: AdminConversationDone,
        response: { 200: AdminConversationDone, 400: ErrorEnvelope, 404: ErrorEnvelope, ...denied },
      },
    },
    async (request) => {
      const { buyerId } = await threadAccess(app.db, request.params.id, callerOf(request, side));
      const orderId = request.params.id.toLowerCase();
      const answer = await setDone(app.db, orderId, request.body.done, authOf(request).user.id, now());
      announce(app.db, { kind: 'thread', orderId, userId: buyerId });
      return answer;
    },
  );
};
