import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, schema } from '@kedai/db';
import { LIFTED_LIMITS, clientOwingSecondFactor, createVerifiedUser, signedInClient } from '../accounts';
import { TestClient } from '../client';
import { createTestApp, expectEnvelope, expectError, race, type TestApp } from '../helpers';

// The shop ships to these (FR deliberately not): set here instead of seeding the whole catalogue.
const SHIPPING = ['SG', 'MY', 'JP', 'US', 'GB'];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, env: LIFTED_LIMITS });
  await t.app.db.insert(schema.shippingLocations).values(SHIPPING.map((countryCode) => ({ countryCode, enabled: true })));
});
afterAll(() => t?.close());

const SG = {
  fullName: 'Tan Ah Kow',
  address: '1 Raffles Place',
  unitNumber: '#10-01',
  city: '',
  country: 'SG',
  phoneNumber: '+65 6123 4567',
  postalCode: '048616',
  state: '',
};
const JP = {
  fullName: 'Yamada Taro',
  address: '1-2-3 Shibuya',
  unitNumber: 'Room 401',
  city: 'Shibuya-ku',
  country: 'JP',
  phoneNumber: '+81 3-1234-5678',
  postalCode: '150-0002',
  state: 'Tokyo',
};
const US = {
  fullName: 'Jane Doe',
  address: '1600 Amphitheatre Pkwy',
  unitNumber: '',
  city: 'Mountain View',
  country: 'US',
  phoneNumber: '+1 650-253-0000',
  postalCode: '94043',
  state: 'ca',
};

async function newClient() {
  return signedInClient(t.app, await createVerifiedUser(t.app));
}

async function create(client: TestClient, body: Record<string, unknown>) {
  const answer = await client.post('/address', body);
  expect(answer.status, answer.response.payload).toBe(201);
  return answer.body.address as { id: string; main: boolean; [key: string]: unknown };
}

async function list(client: TestClient) {
  const answer = await client.get('/address');
  expect(answer.status).toBe(200);
  return answer.body.addresses as Array<{ id: string; main: boolean; fullName: string }>;
}

async function mainRows(userId: string) {
  return t.app.db
    .select({ id: schema.addresses.id })
    .from(schema.addresses)
    .where(and(eq(schema.addresses.userId, userId), eq(schema.addresses.isMain, true)));
}

async function userIdOf(client: TestClient): Promise<string> {
  return (await client.get('/auth/me')).body.profile.id;
}

describe('signed out and owed second factor', () => {
  it('every route answers 401 auth/not_authorized when signed out', async () => {
    const visitor = new TestClient(t.app);
    const id = '00000000-0000-4000-8000-000000000000';
    for (const answer of [
      await visitor.get('/address'),
      await visitor.post('/address', SG),
      await visitor.put(`/address/${id}`, SG),
      await visitor.delete(`/address/${id}`),
      await visitor.post(`/address/${id}/main`),
    ]) {
      expectError(answer, 401, 'auth/not_authorized');
    }
  });

  it('a session that owes its second factor is 403 auth/tfa_not_verified', async () => {
    const owing = await clientOwingSecondFactor(t.app);
    for (const answer of [await owing.get('/address'), await owing.post('/address', SG)]) {
      expectError(answer, 403, 'auth/tfa_not_verified');
    }
  });
});

describe('POST /address and GET /address', () => {
  it('creates JP, US and SG addresses normalised; the first is main; the list is main first, then newest', async () => {
    const client = await newClient();
    expect(await list(client)).toEqual([]);

    const jp = await create(client, JP);
    expect(jp).toEqual({
      id: expect.any(String),
      fullName: 'Yamada Taro',
      address: '1-2-3 Shibuya',
      unitNumber: 'Room 401',
      city: 'Shibuya-ku',
      country: 'JP',
      phoneNumber: '+81312345678',
      postalCode: '150-0002',
      state: '13', // Tokyo's code in the country's list
      main: true,
      createdAt: expect.any(Number),
    });
    const us = await create(client, US);
    expect(us).toMatchObject({ state: 'CA', phoneNumber: '+16502530000', postalCode: '94043', main: false });
    const sg = await create(client, { ...SG, country: 'sg', fullName: '  Tan Ah Kow ' });
    expect(sg).toMatchObject({ country: 'SG', fullName: 'Tan Ah Kow', phoneNumber: '+6561234567', main: false });

    expect((await list(client)).map((a) => a.id)).toEqual([jp.id, sg.id, us.id]);
  });

  it('JP, US and SG with one mistake each answer 400 with that field', async () => {
    const client = await newClient();
    const cases = [
      [{ ...JP, postalCode: '15-0002' }, 'address/invalid_postal_code', 'postalCode'],
      [{ ...JP, state: '' }, 'address/invalid_state', 'state'],
      [{ ...US, city: '' }, 'address/invalid_city', 'city'],
      [{ ...US, state: 'ZZ' }, 'address/invalid_state', 'state'],
      [{ ...SG, postalCode: '04861' }, 'address/invalid_postal_code', 'postalCode'],
      [{ ...SG, phoneNumber: US.phoneNumber }, 'address/invalid_phone_number', 'phoneNumber'],
    ] as const;
    for (const [body, code, field] of cases) {
      const answer = await client.post('/address', body);
      expect(answer.status, `${body.country} ${field}`).toBe(400);
      expectEnvelope(answer.body, code);
      expect(answer.body.params).toEqual([{ field, errorCode: code, error: expect.any(String) }]);
    }
    expect(await list(client)).toEqual([]);
  });

  it('answers every address/invalid_… code of the catalogue, all problems in params in field order', async () => {
    const client = await newClient();
    const single = [
      [{ fullName: '' }, 'address/invalid_full_name'],
      [{ address: 'x'.repeat(201) }, 'address/invalid_address'],
      [{ unitNumber: 'x'.repeat(31) }, 'address/invalid_unit_number'],
      [{ country: 'US', phoneNumber: US.phoneNumber, state: 'CA', postalCode: '94043', city: '' }, 'address/invalid_city'],
      [{ country: 'FR' }, 'address/invalid_country'], // a real country the shop does not ship to
      [{ country: 'ZZ' }, 'address/invalid_country'],
      [{ phoneNumber: '+65 123' }, 'address/invalid_phone_number'],
      [{ postalCode: 'x'.repeat(17) }, 'address/invalid_postal_code'],
      [{ country: 'JP', phoneNumber: JP.phoneNumber, postalCode: JP.postalCode, state: 'Atlantis' }, 'address/invalid_state'],
      [{ main: 'yes' }, 'address/invalid_main'],
    ] as const;
    for (const [change, code] of single) {
      const answer = await client.post('/address', { ...SG, ...change });
      expect(answer.status, code).toBe(400);
      expectEnvelope(answer.body, code);
    }

    const many = await client.post('/address', { fullName: 42, country: 'US', postalCode: '1', main: null });
    expectError(many, 400, 'address/invalid_full_name');
    expect(many.body.params.map((p: { field: string }) => p.field)).toEqual([
      'fullName',
      'address',
      'city',
      'phoneNumber',
      'postalCode',
      'state',
      'main',
    ]);
    // A body that is not an object is a shape error, not a field's.
    const notObject = await client.post('/address', [SG]);
    expectError(notObject, 400, 'general/argument_error');
  });

  it('ignores unknown fields such as userId and isMain', async () => {
    const client = await newClient();
    const other = await userIdOf(await newClient());
    const address = await create(client, { ...SG, userId: other, id: '00000000-0000-4000-8000-000000000000' });
    expect(address.id).not.toBe('00000000-0000-4000-8000-000000000000');
    expect((await list(client)).map((a) => a.id)).toEqual([address.id]);
  });
});

describe('the main address', () => {
  it('main:false on the first address still makes it main; main:true on a later one moves main', async () => {
    const client = await newClient();
    const first = await create(client, { ...SG, main: false });
    expect(first.main).toBe(true);
    const second = await create(client, { ...US, main: true });
    expect(second.main).toBe(true);
    const after = await list(client);
    expect(after.map((a) => [a.id, a.main])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
  });

  it('POST /address/{id}/main moves main and is a no-op on the main address', async () => {
    const client = await newClient();
    const a = await create(client, SG);
    const b = await create(client, JP);
    const made = await client.post(`/address/${b.id}/main`);
    expect(made.status).toBe(200);
    expect(made.body.address).toMatchObject({ id: b.id, main: true });
    expect((await list(client)).map((x) => [x.id, x.main])).toEqual([
      [b.id, true],
      [a.id, false],
    ]);
    const again = await client.post(`/address/${b.id}/main`);
    expect(again.body.address).toMatchObject({ id: b.id, main: true });
  });

  it('PUT with main:true moves main; main:false (or absent) never demotes the main address', async () => {
    const client = await newClient();
    const a = await create(client, SG);
    const b = await create(client, JP);
    const demote = await client.put(`/address/${a.id}`, { ...SG, main: false });
    expect(demote.body.address.main).toBe(true);
    const keep = await client.put(`/address/${b.id}`, { ...JP });
    expect(keep.body.address.main).toBe(false);
    const promote = await client.put(`/address/${b.id}`, { ...JP, main: true });
    expect(promote.body.address.main).toBe(true);
    expect((await list(client)).map((x) => [x.id, x.main])).toEqual([
      [b.id, true],
      [a.id, false],
    ]);
  });

  race('concurrent make-main calls leave exactly one main address', async () => {
    const client = await newClient();
    const userId = await userIdOf(client);
    const ids: string[] = [];
    for (const body of [SG, JP, US, SG, JP]) ids.push((await create(client, body)).id);
    const answers = await Promise.all([...ids, ...ids].map((id) => client.post(`/address/${id}/main`)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(await mainRows(userId)).toHaveLength(1);
    expect((await list(client)).filter((a) => a.main)).toHaveLength(1);
  });

  race('concurrent creates with main:true leave exactly one main address', async () => {
    const client = await newClient();
    const userId = await userIdOf(client);
    const answers = await Promise.all(Array.from({ length: 6 }, () => client.post('/address', { ...SG, main: true })));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
    expect(await mainRows(userId)).toHaveLength(1);
    expect((await list(client)).map((a) => a.id).sort()).toEqual(answers.map((a) => a.body.address.id as string).sort());
  });

  it('the database refuses a second main address of one user', async () => {
    const client = await newClient();
    const userId = await userIdOf(client);
    await create(client, SG);
    const row = { userId, ...SG, phoneNumber: '+6561234567', isMain: true };
    await expect(t.app.db.insert(schema.addresses).values(row)).rejects.toThrow();
  });
});

describe('PUT /address/{id}', () => {
  it('replaces the whole address and validates it as a whole', async () => {
    const client = await newClient();
    const a = await create(client, SG);
    const answer = await client.put(`/address/${a.id}`, US);
    expect(answer.status).toBe(200);
    expect(answer.body.address).toMatchObject({ id: a.id, country: 'US', state: 'CA', main: true, createdAt: a.createdAt });

    // No partial updates: a field left out counts as empty.
    const partial = await client.put(`/address/${a.id}`, { fullName: 'New Name' });
    expectError(partial, 400, 'address/invalid_address');
    expect(partial.body.params.map((p: { field: string }) => p.field)).toEqual(['address', 'country', 'phoneNumber']);
    const bad = await client.put(`/address/${a.id}`, { ...US, postalCode: '9404' });
    expectEnvelope(bad.body, 'address/invalid_postal_code');
    expect((await list(client))[0]).toMatchObject({ fullName: 'Jane Doe', postalCode: '94043' });
  });
});

describe('DELETE /address/{id}', () => {
  it('answers the remaining list; deleting the main one promotes the newest', async () => {
    const client = await newClient();
    const a = await create(client, SG);
    const b = await create(client, JP);
    const c = await create(client, US);
    await client.post(`/address/${b.id}/main`);

    const notMain = await client.delete(`/address/${a.id}`);
    expect(notMain.status).toBe(200);
    expect(notMain.body.addresses.map((x: { id: string; main: boolean }) => [x.id, x.main])).toEqual([
      [b.id, true],
      [c.id, false],
    ]);
    const main = await client.delete(`/address/${b.id}`);
    expect(main.body.addresses.map((x: { id: string; main: boolean }) => [x.id, x.main])).toEqual([[c.id, true]]);
    const last = await client.delete(`/address/${c.id}`);
    expect(last.body).toEqual({ addresses: [] });

    // The next address is main again.
    expect((await create(client, SG)).main).toBe(true);
  });

  it('deleting the main one promotes the newest of several', async () => {
    const client = await newClient();
    const a = await create(client, SG);
    const b = await create(client, JP);
    const c = await create(client, US);
    const answer = await client.delete(`/address/${a.id}`);
    expect(answer.body.addresses.map((x: { id: string; main: boolean }) => [x.id, x.main])).toEqual([
      [c.id, true],
      [b.id, false],
    ]);
  });

  it('a deleted address is gone: 404 for every route', async () => {
    const client = await newClient();
    const a = await create(client, SG);
    expect((await client.delete(`/address/${a.id}`)).status).toBe(200);
    for (const answer of [
      await client.delete(`/address/${a.id}`),
      await client.put(`/address/${a.id}`, SG),
      await client.post(`/address/${a.id}/main`),
    ]) {
      expectError(answer, 404, 'address/not_found');
    }
  });
});

describe('ownership', () => {
  it("another user's address, or a malformed id, is 404 address/not_found and stays untouched", async () => {
    const owner = await newClient();
    const theirs = await create(owner, JP);
    const mine = await create(owner, SG);
    const intruder = await newClient();
    await create(intruder, US);

    for (const id of [theirs.id, mine.id, 'not-a-uuid', '123', theirs.id.toUpperCase().replace(/.$/, 'Z')]) {
      for (const answer of [
        await intruder.put(`/address/${id}`, { ...US, main: true }),
        await intruder.put(`/address/${id}`, { fullName: '' }), // 404 comes before the body's 400
        await intruder.delete(`/address/${id}`),
        await intruder.post(`/address/${id}/main`),
      ]) {
        expect(answer.status, `${id}`).toBe(404);
        expectEnvelope(answer.body, 'address/not_found');
      }
    }
    const intruderList = await list(intruder);
    expect(intruderList).toHaveLength(1);
    expect(intruderList[0]!.main).toBe(true);
    expect((await list(owner)).map((a) => [a.id, a.main, a.fullName])).toEqual([
      [theirs.id, true, 'Yamada Taro'],
      [mine.id, false, 'Tan Ah Kow'],
    ]);
  });
});

describe('maximum addresses', () => {
  it('the 11th is 409 user/max_addresses_reached with the limit as params[0]; deleting frees a place', async () => {
    const client = await newClient();
    let last = '';
    for (let i = 0; i < 10; i++) last = (await create(client, { ...SG, fullName: `Person ${i}` })).id;
    const over = await client.post('/address', SG);
    expectError(over, 409, 'user/max_addresses_reached');
    expect(over.body.params).toEqual([10]);
    expect(over.body.error).toBe('maximum number of addresses of 10 per user');

    // Invalid input is still a 400 when the book is full.
    expectEnvelope((await client.post('/address', { ...SG, fullName: '' })).body, 'address/invalid_full_name');
    // Editing is not creating.
    expect((await client.put(`/address/${last}`, JP)).status).toBe(200);

    await client.delete(`/address/${last}`);
    await create(client, SG);
    expect(await list(client)).toHaveLength(10);
  });

  race('12 concurrent creates end with exactly 10 addresses and one main', async () => {
    const client = await newClient();
    const userId = await userIdOf(client);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => client.post('/address', { ...SG, fullName: `Concurrent ${i}` })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array(10).fill(201), 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409)) expectEnvelope(answer.body, 'user/max_addresses_reached');
    const rows = await t.app.db.select().from(schema.addresses).where(eq(schema.addresses.userId, userId));
    expect(rows.map((r) => r.id).sort()).toEqual(
      answers
        .filter((a) => a.status === 201)
        .map((a) => a.body.address.id as string)
        .sort(),
    );
    expect(rows.filter((r) => r.isMain)).toHaveLength(1);
  });

  it('the limit is MAX_ADDRESSES_PER_USER and only counts the own addresses', async () => {
    const small = await createTestApp({ seed: false, env: { ...LIFTED_LIMITS, MAX_ADDRESSES_PER_USER: '2' } });
    try {
      await small.app.db.insert(schema.shippingLocations).values([{ countryCode: 'SG', enabled: true }]);
      const a = await signedInClient(small.app, await createVerifiedUser(small.app));
      const b = await signedInClient(small.app, await createVerifiedUser(small.app));
      expect((await a.post('/address', SG)).status).toBe(201);
      expect((await b.post('/address', SG)).status).toBe(201);
      expect((await a.post('/address', SG)).status).toBe(201);
      const over = await a.post('/address', SG);
      expect(over.status).toBe(409);
      expect(over.body.params).toEqual([2]);
      expect(over.body.error).toBe('maximum number of addresses of 2 per user');
      expect((await b.post('/address', SG)).status).toBe(201);
    } finally {
      await small.close();
    }
  });
});
