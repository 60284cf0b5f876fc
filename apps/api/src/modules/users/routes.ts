import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelope, ProfileUpdateRequest, UserNamesRequest, UserNamesResponse, UserResponse } from '@kedai/contract';
import { authOf, requireUser } from '../../platform/auth-guard';
import { updateProfile, userNames } from './service';

/** User profile and display names (rules: api.md /user/*). */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['user'];
  const errors = { 401: ErrorEnvelope, 403: ErrorEnvelope };

  app.post(
    '/user/profile',
    {
      schema: {
        tags,
        summary: 'Change profile fields of the signed-in user',
        description:
          'Only firstName, lastName, phoneNumber, country, birthDate and gender change; absent fields keep their value and ' +
          'any other field (email, password, …) is ignored. The phone number must suit the resulting country. A 400 ' +
          'answer carries the first problem as `errorCode` and every problem (`{field, errorCode, error}`) as `params`.',
        body: ProfileUpdateRequest,
        response: { 200: UserResponse, 400: ErrorEnvelope, ...errors },
      },
      preHandler: requireUser(),
    },
    async (request) => ({ user: await updateProfile(app.db, authOf(request).user, request.body) }),
  );

  app.post(
    '/user/names',
    {
      schema: {
        tags,
        summary: 'Display names (first name and last initial) of up to 100 users',
        description: 'For naming the people in an order chat. Unknown or malformed ids are left out.',
        body: UserNamesRequest,
        response: { 200: UserNamesResponse, 400: ErrorEnvelope, ...errors },
      },
      preHandler: requireUser(),
    },
    async (request) => ({ users: await userNames(app.db, request.body.userIds) }),
  );
};
