import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '@kedai/domain';
import {
  ErrorEnvelope,
  MarkNotificationsRead,
  NotificationList,
  NotificationListQuery,
  NotificationPreferences,
  NotificationUnread,
  UnsubscribeAnswer,
  UnsubscribeQuery,
} from '@kedai/contract';
import { authOf, requireUser } from '../../platform/auth-guard';
import { announce } from '../../platform/live';
import {
  listNotifications,
  markNotificationsRead,
  notificationPreferencesOf,
  setEmailPreferences,
  unreadNotificationCount,
} from './service';
import { readUnsubscribeToken } from './unsubscribe';

/**
 * The signed-in shopper's notification feed (issue 29, spec §7 `GET /notification?collasped&limit&beforeTime`),
 * its read marks, the choice of optional e-mails, and the one-click unsubscribe of RFC 8058 (no session:
 * the signed token names the shopper and the e-mail).
 */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['notifications'];
  const errors = { 401: ErrorEnvelope, 403: ErrorEnvelope };
  const now = () => app.config.clock?.() ?? new Date();

  // Mail clients post the one-click unsubscribe as a form (`List-Unsubscribe=One-Click`).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get(
    '/notification',
    {
      schema: {
        tags,
        summary: 'The shopper’s notifications, newest first',
        description:
          '`collasped` 1 or absent: a burst about one order, quotation or product folds into one entry (its newest, with `count`; ' +
          'decision 0024); 0: each. `limit` default 5; `beforeTime` (unix seconds) pages back: pass the last entry’s `createdAt`. ' +
          'A page never ends inside a second, so it may hold a few more than `limit`. `unread`: unread entries (collapsed: groups).',
        querystring: NotificationListQuery,
        response: { 200: NotificationList, 400: ErrorEnvelope, ...errors },
      },
      preHandler: requireUser(),
    },
    async (request) =>
      listNotifications(app.db, authOf(request).user.id, {
        collapsed: request.query.collasped !== '0',
        limit: request.query.limit,
        beforeTime: request.query.beforeTime,
      }),
  );

  app.get(
    '/notification/unread',
    {
      schema: {
        tags,
        summary: 'The bell’s count: groups of notifications with an unread entry',
        response: { 200: NotificationUnread, ...errors },
      },
      preHandler: requireUser(),
    },
    async (request) => ({ unread: await unreadNotificationCount(app.db, authOf(request).user.id) }),
  );

  app.post(
    '/notification/read',
    {
      schema: {
        tags,
        summary: 'Mark notifications read: each id with the older entries of its group (what a collapsed entry folds); no ids: all',
        description: 'Ids that are not the shopper’s are ignored. Answers the unread count after.',
        body: MarkNotificationsRead,
        response: { 200: NotificationUnread, 400: ErrorEnvelope, ...errors },
      },
      preHandler: requireUser(),
    },
    async (request) => {
      const userId = authOf(request).user.id;
      if (await markNotificationsRead(app.db, userId, request.body.ids, now())) announce(app.db, { kind: 'counts', userId });
      return { unread: await unreadNotificationCount(app.db, userId) };
    },
  );

  app.get(
    '/notification/preferences',
    {
      schema: {
        tags,
        summary: 'Which optional e-mails the shopper gets (the others tell of money and orders and are always sent)',
        response: { 200: NotificationPreferences, ...errors },
      },
      preHandler: requireUser(),
    },
    async (request) => notificationPreferencesOf(app.db, authOf(request).user.id),
  );

  app.put(
    '/notification/preferences',
    {
      schema: {
        tags,
        summary: 'Choose the optional e-mails',
        body: NotificationPreferences,
        response: { 200: NotificationPreferences, 400: ErrorEnvelope, ...errors },
      },
      preHandler: requireUser(),
    },
    async (request) => setEmailPreferences(app.db, authOf(request).user.id, request.body.email, now()),
  );

  const unsubscribeSchema = {
    tags,
    querystring: UnsubscribeQuery,
    response: { 200: UnsubscribeAnswer, 400: ErrorEnvelope },
  };
  const tokenOf = (token: string) => {
    const named = readUnsubscribeToken(app.unsubscribeKey, token);
    if (!named) throw new AppError('notification/invalid_unsubscribe_token');
    return named;
  };

  app.get(
    '/notification/unsubscribe',
    {
      schema: {
        ...unsubscribeSchema,
        summary: 'Which e-mail an unsubscribe link names, and whether it is sent now; changes nothing (link scanners GET it)',
        description: '400 `notification/invalid_unsubscribe_token` for a token this shop did not sign.',
      },
    },
    async (request) => {
      const { userId, kind } = tokenOf(request.query.token);
      return { kind, email: (await notificationPreferencesOf(app.db, userId)).email[kind] };
    },
  );

  app.post(
    '/notification/unsubscribe',
    {
      schema: {
        ...unsubscribeSchema,
        summary: 'One-click unsubscribe (RFC 8058): turns off the e-mail the signed token names; no session needed',
        description:
          'Mail clients post `List-Unsubscribe=One-Click` as a form; any body is accepted. 400 ' +
          '`notification/invalid_unsubscribe_token` for a token this shop did not sign. Idempotent.',
      },
      // A mail client has no cookie to echo: the signed token is what proves the link came from us.
      config: { xsrf: false },
    },
    async (request) => {
      const { userId, kind } = tokenOf(request.query.token);
      await setEmailPreferences(app.db, userId, { [kind]: false }, now());
      return { kind, email: false };
    },
  );
};
