import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminIdParam,
  AuditList,
  AuditQuery,
  ErrorEnvelope,
  StaffAnswer,
  StaffInvite,
  StaffList,
  StaffRoleInput,
  StaffTfaResetAnswer,
} from '@kedai/contract';
import { listAudit } from '../../platform/audit';
import { authOf } from '../../platform/auth-guard';
import { changeStaffRole, inviteStaff, listStaff, resetMemberTfa } from './service';

/** What only the shop's owners see and do (rules: access.md "Staff"): the staff, their roles, and the audit log of every back-office write. */
export const staffAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'The audit log, newest first: who changed what, when, with the values before and after',
        querystring: AuditQuery,
        response: { 200: AuditList, 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope },
      },
    },
    async (request) => listAudit(app.db, request.query),
  );

  const tags = ['admin'];
  const denied = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope };

  app.get('/admin/staff', { schema: { tags, summary: "The shop's staff and owners", response: { 200: StaffList, ...denied } } }, async () =>
    listStaff(app.db),
  );

  app.post(
    '/admin/staff',
    {
      schema: {
        tags,
        summary: 'Add a member of staff by e-mail (an account is made for a new address) and mail them a link to choose a password',
        body: StaffInvite,
        response: { 201: StaffAnswer, ...denied },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await inviteStaff(
            { db: app.db, config: app.config, mailer: app.mailer, log: request.log },
            authOf(request).user.id,
            request.body,
          ),
        ),
  );

  app.put(
    '/admin/staff/:id',
    {
      schema: {
        tags,
        summary: "Change a member's role, or take the back office away (`shopper`)",
        description: '409 `staff/last_owner`: the shop keeps at least one owner. 404 `user/not_found`.',
        params: AdminIdParam,
        body: StaffRoleInput,
        response: { 200: StaffAnswer, 404: ErrorEnvelope, 409: ErrorEnvelope, ...denied },
      },
    },
    async (request) => changeStaffRole(app.db, authOf(request).user.id, request.params.id, request.body.role),
  );

  app.post(
    '/admin/staff/:id/reset_tfa',
    {
      schema: {
        tags,
        summary: "Turn a member's two-factor authentication off (a lost authenticator): they set it up again at their next sign-in",
        description:
          'Staff and owners are never reset by e-mail (decision 0021). Their recovery codes void and every session ' +
          'ends; the member is e-mailed. Not on oneself: 409 `staff/cannot_reset_own_tfa`. 404 `user/not_found` for ' +
          'an account that is not staff.',
        params: AdminIdParam,
        response: { 200: StaffTfaResetAnswer, 404: ErrorEnvelope, 409: ErrorEnvelope, ...denied },
      },
    },
    async (request) =>
      resetMemberTfa({ db: app.db, config: app.config, mailer: app.mailer, log: request.log }, authOf(request).user.id, request.params.id),
  );
};
