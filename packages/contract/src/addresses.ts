import { z } from 'zod';
import { ADDRESS_FIELDS } from '@kedai/domain';
import { UnixSeconds, Uuid, checkedByDomain } from './common';

/**
 * The address book (rules: api.md `/address`). Bodies are the spec's "address as displayed"; field
 * contents are checked by `validateAddress` in packages/domain, so every problem answers with its
 * `address/invalid_…` catalogue code. The schemas here only fix the shape; unknown fields are dropped.
 */

/**
 * `POST /address` and `PUT /address/{id}`: the whole address every time (a PUT replaces it; a field
 * left out counts as empty, so partial updates are not possible).
 */
export const AddressRequest = z
  .object({
    fullName: checkedByDomain({ type: 'string', description: '1 to 200 characters, trimmed' }),
    address: checkedByDomain({ type: 'string', description: 'The street line, 1 to 200 characters' }),
    unitNumber: checkedByDomain({ type: 'string', description: 'Unit, floor or building: up to 30 characters; optional' }),
    city: checkedByDomain({ type: 'string', description: "Required where the country's rule says so" }),
    country: checkedByDomain({ type: 'string', description: 'ISO 3166-1 alpha-2 code of a country the shop ships to' }),
    phoneNumber: checkedByDomain({
      type: 'string',
      description: "International form (+ and calling code), valid for the address's country; stored as E.164",
    }),
    postalCode: checkedByDomain({
      type: 'string',
      description: "3 to 16 characters matching the country's pattern; required where the country's rule says so",
    }),
    state: checkedByDomain({
      type: 'string',
      description: "A state code of the country's list (its name is accepted too) when it has one; required where the rule says so",
    }),
    main: checkedByDomain({
      type: 'boolean',
      description:
        'true makes this the main address (the previous main one stops being main). false or absent never demotes: ' +
        "a user's first address is always main, and the main address changes only by making another one main or deleting it",
    }),
  })
  .meta({ id: 'AddressRequest', required: ['fullName', 'address', 'country', 'phoneNumber'] });
export type AddressRequest = z.infer<typeof AddressRequest>;

/** An address as the API answers it (rules: entities.md "Address as displayed", plus its id and creation time). */
export const Address = z
  .object({
    id: Uuid,
    fullName: z.string(),
    address: z.string(),
    unitNumber: z.string().describe("'' when none"),
    city: z.string().describe("'' when none"),
    country: z.string().describe('ISO 3166-1 alpha-2'),
    phoneNumber: z.string().describe('E.164'),
    postalCode: z.string().describe("Upper case; '' when none"),
    state: z.string().describe("A code of the country's states when it has a list, else free text; '' when none"),
    main: z.boolean(),
    createdAt: UnixSeconds,
  })
  .meta({ id: 'Address' });
export type Address = z.infer<typeof Address>;

export const AddressResponse = z.object({ address: Address }).meta({ id: 'AddressResponse' });
export type AddressResponse = z.infer<typeof AddressResponse>;

/** `GET /address` (and `DELETE /address/{id}`): the main address first, then the newest first. */
export const AddressListResponse = z.object({ addresses: z.array(Address) }).meta({ id: 'AddressListResponse' });
export type AddressListResponse = z.infer<typeof AddressListResponse>;

/**
 * One field's problem in a 400 answer of `POST /address` or `PUT /address/{id}`: the envelope's
 * `errorCode` is the first problem's code and `params` lists every problem, in field order.
 */
export const AddressFieldProblem = z
  .object({
    field: z.enum(ADDRESS_FIELDS),
    errorCode: z.string(),
    error: z.string(),
  })
  .meta({ id: 'AddressFieldProblem' });
export type AddressFieldProblem = z.infer<typeof AddressFieldProblem>;

/** The `{id}` of `/address/{id}` routes: any string; one that names no address of the caller is a 404. */
export const AddressIdParams = z.object({ id: z.string() });
