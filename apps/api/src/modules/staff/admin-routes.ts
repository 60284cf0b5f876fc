import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditList, AuditQuery, ErrorEnvelope } from '@kedai/contract';
import { listAudit } from '../../platform/audit';
import { requireStaff } from '../../platform/auth-guard';

/** What only the shop's owners see (rules: access.md "Staff"): the audit log of every back-office write. */
export const staffAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/audit',
    {
      schema: {
        tags: ['admin', 'owner only'],
        summary: 'The audit log, newest first: who changed what, when, with the values before and after',
        querystring: AuditQuery,
        response: { 200: AuditList, 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope },
      },
      onRequest: requireStaff('owner'),
    },
    async (request) => listAudit(app.db, request.query),
  );
};
