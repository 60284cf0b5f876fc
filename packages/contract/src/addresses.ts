import { z } from 'zod';
import { ADDRESS_FIELDS, ADDRESS_LIMITS } from '@kedai/domain';
import { COUNTRY_CODE_META, PHONE_META, UnixSeconds, Uuid, checkedByDomain } from './common';

/** An address field's length limits (`ADDRESS_LIMITS`, in characters of the trimmed value). */
const lengthOf = (field: keyof typeof ADDRESS_LIMITS) =>
  ({ type: 'string', minLength: ADDRESS_LIMITS[field].min, maxLength: ADDRESS_LIMITS[field].max }) as const;

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
    fullName: checkedByDomain({ ...lengthOf('fullName'), description: '1 to 200 characters, trimmed' }),
    address: checkedByDomain({ ...lengthOf('address'), description: 'The street line, 1 to 200 characters' }),
    unitNumber: checkedByDomain({ ...lengthOf('unitNumber'), description: 'Unit, floor or building: up to 30 characters; optional' }),
    city: checkedByDomain({ ...lengthOf('city'), description: "Required where the country's rule says so" }),
    country: checkedByDomain({ ...COUNTRY_CODE_META, description: 'ISO 3166-1 alpha-2 code of a country the shop ships to' }),
    phoneNumber: checkedByDomain({
      ...PHONE_META,
      description: "International form (+ and calling code), valid for the address's country; stored as E.164",
    }),
    postalCode: checkedByDomain({
      ...lengthOf('postalCode'),
      description: "3 to 16 characters matching the country's pattern; required where the country's rule says so",
    }),
    state: checkedByDomain({
      ...lengthOf('state'),
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
