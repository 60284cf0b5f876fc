import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AddressIdParams, AddressListResponse, AddressRequest, AddressResponse, ErrorEnvelope } from '@kedai/contract';
import { authOf, requireUser } from '../../platform/auth-guard';
import { createAddress, deleteAddress, listAddresses, makeMainAddress, updateAddress } from './service';

/** The signed-in user's address book (rules: api.md "Addresses"). */
export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['address'];
  const errors = { 401: ErrorEnvelope, 403: ErrorEnvelope };
  const invalid =
    'Checked as a whole by the country rules of packages/domain against the countries the shop ships to. A 400 ' +
    'answer carries the first problem as `errorCode` and every problem (`AddressFieldProblem`: `{field, errorCode, ' +
    'error}`) as `params`.';

  app.get(
    '/address',
    {
      schema: {
        tags,
        summary: "The signed-in user's addresses: the main one first, then the newest first",
        response: { 200: AddressListResponse, ...errors },
      },
      preHandler: requireUser(),
    },
    async (request) => ({ addresses: await listAddresses(app.db, authOf(request).user.id) }),
  );

  app.post(
    '/address',
    {
      schema: {
        tags,
        summary: 'Add an address',
        description:
          `${invalid} The user's first address is always main; \`main: true\` makes the new one main instead of the ` +
          'current one. 409 `user/max_addresses_reached` (the limit as `params[0]`) when the book is full.',
        body: AddressRequest,
        response: { 201: AddressResponse, 400: ErrorEnvelope, 409: ErrorEnvelope, ...errors },
      },
      preHandler: requireUser(),
    },
    async (request, reply) => {
      const address = await createAddress(app.db, authOf(request).user.id, app.config.maxAddressesPerUser, request.body);
      return reply.status(201).send({ address });
    },
  );

  app.put(
    '/address/:id',
    {
      schema: {
        tags,
        summary: 'Replace an address',
        description:
          `The whole address: a field left out counts as empty (no partial updates). ${invalid} \`main: true\` makes ` +
          'it main; `main: false` or absent leaves the flag as it is (the main address changes only by making another ' +
          "one main or deleting it). 404 `address/not_found` for an id that is not one of the caller's addresses.",
        params: AddressIdParams,
        body: AddressRequest,
        response: { 200: AddressResponse, 400: ErrorEnvelope, 404: ErrorEnvelope, ...errors },
      },
      preHandler: requireUser(),
    },
    async (request) => ({
      address: await updateAddress(app.db, authOf(request).user.id, request.params.id, request.body),
    }),
  );

  app.delete(
    '/address/:id',
    {
      schema: {
        tags,
        summary: 'Delete an address; answers the remaining list',
        description:
          'Deleting the main address makes the newest remaining one main. The answer is the remaining list, as ' +
          '`GET /address` gives it, so the new main address is known at once.',
        params: AddressIdParams,
        response: { 200: AddressListResponse, 404: ErrorEnvelope, ...errors },
      },
      preHandler: requireUser(),
    },
    async (request) => ({ addresses: await deleteAddress(app.db, authOf(request).user.id, request.params.id) }),
  );

  app.post(
    '/address/:id/main',
    {
      schema: {
        tags,
        summary: 'Make an address the main one',
        description: 'The previous main address stops being main in the same transaction. No body.',
        params: AddressIdParams,
        response: { 200: AddressResponse, 404: ErrorEnvelope, ...errors },
      },
      preHandler: requireUser(),
    },
    async (request) => ({ address: await makeMainAddress(app.db, authOf(request).user.id, request.params.id) }),
  );
};
