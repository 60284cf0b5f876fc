import { type Address as DomainAddress, type AddressInput, AppError, isUuid, toUnixSeconds, validateAddress } from '@kedai/domain';
import { and, desc, eq, ne, schema, sql, lockKey, type Database, type Transaction } from '@kedai/db';
import type { Address } from '@kedai/contract';
import { enabledShippingLocations } from '../regions/service';

/**
 * The address book (rules: api.md `/address`). Rules:
 * - every query names the caller (`user_id = $me`): another user's address, or an id that is not a
 *   uuid, is 404 `address/not_found`;
 * - at most `MAX_ADDRESSES_PER_USER` (409 `user/max_addresses_reached`, the limit as `{0}`);
 * - exactly one main address while the user has any: the first is main; `main: true` moves it;
 *   `main: false` never demotes (the main address changes only by making another one main or by
 *   deleting it, which promotes the newest remaining one).
 * Every change runs in one transaction under a per-user lock, so concurrent creates cannot pass
 * the limit together and concurrent make-main calls cannot leave two (or no) main addresses.
 */

type AddressRow = typeof schema.addresses.$inferSelect;
const { addresses } = schema;

function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    fullName: row.fullName,
    address: row.address,
    unitNumber: row.unitNumber,
    city: row.city,
    country: row.country,
    phoneNumber: row.phoneNumber,
    postalCode: row.postalCode,
    state: row.state,
    main: row.isMain,
    createdAt: toUnixSeconds(row.createdAt),
  };
}

/**
 * Serialises the changes to one user's address book. A transaction-scoped advisory lock rather
 * than a lock on the users row: this module does not touch another module's tables.
 */
function lockAddressBook(tx: Transaction, userId: string): Promise<void> {
  return lockKey(tx, `addresses:${userId}`);
}

/** The whole address through the domain rules, against the countries the shop ships to. */
async function validate(db: Database, input: AddressInput): Promise<DomainAddress> {
  const countries = (await enabledShippingLocations(db)).map((l) => l.countryCode);
  const result = validateAddress(input, { countries });
  if (!result.ok) throw new AppError(result.problems[0]!.errorCode, result.problems);
  return result.value;
}

function columns(a: DomainAddress) {
  return {
    fullName: a.fullName,
    address: a.address,
    unitNumber: a.unitNumber,
    city: a.city,
    state: a.state,
    postalCode: a.postalCode,
    country: a.country,
    phoneNumber: a.phoneNumber,
  };
}

const notFound = () => new AppError('address/not_found');

/** The caller's address with this id (locked when `forUpdate`, inside a transaction); 404 otherwise. */
async function ownAddress(db: Database, userId: string, id: string, forUpdate = true): Promise<AddressRow> {
  if (!isUuid(id)) throw notFound();
  const query = db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** Clears the main flag of the user's other addresses (before setting it, for the unique index). */
async function clearMain(tx: Transaction, userId: string, exceptId?: string): Promise<void> {
  const others = exceptId ? ne(addresses.id, exceptId) : undefined;
  await tx
    .update(addresses)
    .set({ isMain: false, updatedAt: sql`now()` })
    .where(and(eq(addresses.userId, userId), eq(addresses.isMain, true), others));
}

/** `GET /address`: the main address first, then the newest first. */
export async function listAddresses(db: Database, userId: string): Promise<Address[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isMain), desc(addresses.createdAt), desc(addresses.id));
  return rows.map(toAddress);
}

/** `POST /address`: the first address is main whatever `main` says. */
export async function createAddress(db: Database, userId: string, limit: number, input: AddressInput): Promise<Address> {
  const value = await validate(db, input);
  return db.transaction(async (tx) => {
    await lockAddressBook(tx, userId);
    const [counted] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(addresses)
      .where(eq(addresses.userId, userId));
    const count = counted?.count ?? 0;
    if (count >= limit) throw new AppError('user/max_addresses_reached', [limit]);
    const main = count === 0 || value.main;
    if (main) await clearMain(tx, userId);
    const [row] = await tx
      .insert(addresses)
      .values({ userId, ...columns(value), isMain: main })
      .returning();
    return toAddress(row!);
  });
}

/**
 * `PUT /address/{id}`: replaces the whole address (absent fields count as empty, so partial
 * updates are refused by the rules of the fields they leave out). `main: true` makes it main;
 * `main: false` leaves the flag as it is.
 */
export async function updateAddress(db: Database, userId: string, id: string, input: AddressInput): Promise<Address> {
  // The 404 comes before the 400: another user's address is not found whatever the body holds.
  await ownAddress(db, userId, id, false);
  const value = await validate(db, input);
  return db.transaction(async (tx) => {
    await lockAddressBook(tx, userId);
    const current = await ownAddress(tx, userId, id);
    const main = current.isMain || value.main;
    if (main && !current.isMain) await clearMain(tx, userId, id);
    const [row] = await tx
      .update(addresses)
      .set({ ...columns(value), isMain: main, updatedAt: sql`now()` })
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning();
    return toAddress(row!);
  });
}

/** `POST /address/{id}/main`: this address becomes the main one (a no-op when it already is). */
export async function makeMainAddress(db: Database, userId: string, id: string): Promise<Address> {
  return db.transaction(async (tx) => {
    await lockAddressBook(tx, userId);
    const current = await ownAddress(tx, userId, id);
    if (current.isMain) return toAddress(current);
    await clearMain(tx, userId, id);
    const [row] = await tx
      .update(addresses)
      .set({ isMain: true, updatedAt: sql`now()` })
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning();
    return toAddress(row!);
  });
}

/**
 * `DELETE /address/{id}`: deleting the main address promotes the newest remaining one. Answers
 * the remaining list (as `GET /address`), so the client learns the new main address in one call.
 */
export async function deleteAddress(db: Database, userId: string, id: string): Promise<Address[]> {
  return db.transaction(async (tx) => {
    await lockAddressBook(tx, userId);
    const current = await ownAddress(tx, userId, id);
    await tx.delete(addresses).where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
    if (current.isMain) {
      const [newest] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(desc(addresses.createdAt), desc(addresses.id))
        .limit(1);
      if (newest) {
        await tx
          .update(addresses)
          .set({ isMain: true, updatedAt: sql`now()` })
          .where(and(eq(addresses.id, newest.id), eq(addresses.userId, userId)));
      }
    }
    return listAddresses(tx, userId);
  });
}
