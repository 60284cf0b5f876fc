import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, sql } from '@kedai/db';
import { LIFTED_LIMITS, PASSWORD, createVerifiedUser, type TestUser } from '../accounts';
import { TestClient } from '../client';
import { createTestApp, expectEnvelope, expectError, post, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, env: LIFTED_LIMITS });
});
afterAll(() => t?.close());

/** Every answer of this file, to check at the end that none holds a secret. */
const answers: string[] = [];

class RecordingClient extends TestClient {
  override async request<T = any>(...args: Parameters<TestClient['request']>) {
    const result = await super.request<T>(...args);
    answers.push(result.response.payload);
    return result;
  }
}

async function signIn(user: TestUser) {
  const client = new RecordingClient(t.app);
  expect((await client.post('/auth/login', { email: user.email, password: user.password })).status).toBe(200);
  return client;
}

async function profileOf(client: TestClient) {
  const me = await client.get('/auth/me');
  expect(me.status).toBe(200);
  return me.body.profile;
}

describe('signed out', () => {
  it('POST /user/profile and POST /user/names answer 401 auth/not_authorized', async () => {
    const client = new RecordingClient(t.app);
    for (const [url, body] of [
      ['/user/profile', { firstName: 'Ali' }],
      ['/user/names', { userIds: [] }],
    ] as const) {
      const answer = await client.post(url, body);
      expectError(answer, 401, 'auth/not_authorized');
    }
  });
});

describe('POST /user/profile', () => {
  it('changes every profile field, normalised, and answers {user}', async () => {
    const user = await createVerifiedUser(t.app);
    const client = await signIn(user);
    const answer = await client.post('/user/profile', {
      firstName: '  Aminah ',
      lastName: 'Binti Yusof',
      phoneNumber: '+60 12-345 6789',
      country: 'my',
      birthDate: '1985-12-31',
      gender: ' Other ',
    });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body)).toEqual(['user']);
    const expected = {
      id: user.id,
      email: user.email,
      firstName: 'Aminah',
      lastName: 'Binti Yusof',
      phoneNumber: '+60123456789',
      country: 'MY',
      birthDate: '1985-12-31',
      gender: 'other',
      emailVerified: true,
    };
    expect(answer.body.user).toMatchObject(expected);
    expect(await profileOf(client)).toMatchObject(expected);
  });

  it('keeps absent fields, and answers the unchanged user for an empty body', async () => {
    const user = await createVerifiedUser(t.app);
    const client = await signIn(user);
    const before = await profileOf(client);
    const empty = await client.post('/user/profile', {});
    expect(empty.status).toBe(200);
    expect(empty.body.user).toEqual(before);

    const answer = await client.post('/user/profile', { lastName: 'Rahman' });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toEqual({ ...before, lastName: 'Rahman' });
  });

  it('ignores every field that is not a profile field', async () => {
    const user = await createVerifiedUser(t.app);
    const client = await signIn(user);
    const before = await profileOf(client);
    const answer = await client.post('/user/profile', {
      email: 'someone.else@example.com',
      password: 'Lain789!x',
      passwordHash: '$argon2id$fake',
      role: 'admin',
      emailVerified: false,
      blacklisted: true,
      id: '00000000-0000-0000-0000-000000000000',
      createdAt: 0,
      tfaSecret: 'JBSWY3DPEHPK3PXP',
      firstName: 'Nur',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toEqual({ ...before, firstName: 'Nur' });
    const [row] = await queryRows<{ email: string; tfa_secret: string | null; verified: boolean }>(
      t.handle.db,
      sql`SELECT email, tfa_secret, email_verified_at IS NOT NULL AS verified FROM users WHERE id = ${user.id}`,
    );
    expect(row).toEqual({ email: user.email, tfa_secret: null, verified: true });
    // The password did not change.
    expect((await post(t.app, '/auth/login', { email: user.email, password: PASSWORD })).status).toBe(200);
  });

  it.each([
    ['firstName', '', 'user/invalid_first_name'],
    ['firstName', 'x'.repeat(101), 'user/invalid_first_name'],
    ['firstName', null, 'user/invalid_first_name'],
    ['lastName', '   ', 'user/invalid_last_name'],
    ['lastName', 42, 'user/invalid_last_name'],
    ['phoneNumber', '12345', 'user/invalid_phone_number'],
    ['phoneNumber', '+60 12-345 6789', 'user/invalid_phone_number'], // a Malaysian number for the stored SG
    ['country', 'XX', 'user/invalid_country'],
    ['country', '', 'user/invalid_country'],
    ['birthDate', '2999-01-01', 'user/invalid_birthdate'],
    ['birthDate', '1990-02-30', 'user/invalid_birthdate'],
    ['gender', 'robot', 'user/invalid_gender'],
  ])('refuses %s = %j with %s, changing nothing', async (field, value, errorCode) => {
    const user = await createVerifiedUser(t.app);
    const client = await signIn(user);
    const before = await profileOf(client);
    // A valid change alongside is not applied either.
    const alongside = field === 'lastName' ? { firstName: 'Changed' } : { lastName: 'Changed' };
    const answer = await client.post('/user/profile', { ...alongside, [field]: value });
    expectError(answer, 400, errorCode);
    expect(answer.body.params).toContainEqual({ field, errorCode, error: expect.any(String) });
    expect(await profileOf(client)).toEqual(before);
  });

  it('lists every problem in field order, the first as errorCode', async () => {
    const user = await createVerifiedUser(t.app);
    const client = await signIn(user);
    const answer = await client.post('/user/profile', {
      gender: 'robot',
      birthDate: 'yesterday',
      country: 'XX',
      phoneNumber: 'none',
      lastName: '',
      firstName: '',
    });
    expectError(answer, 400, 'user/invalid_first_name');
    expect(answer.body.params.map((p: { field: string; errorCode: string }) => [p.field, p.errorCode])).toEqual([
      ['firstName', 'user/invalid_first_name'],
      ['lastName', 'user/invalid_last_name'],
      ['phoneNumber', 'user/invalid_phone_number'],
      ['country', 'user/invalid_country'],
      ['birthDate', 'user/invalid_birthdate'],
      ['gender', 'user/invalid_gender'],
    ]);
    expect(answer.body.error).toBe(answer.body.params[0].error);
  });

  it('checks the stored phone number against a new country, and a new number against the new country', async () => {
    const user = await createVerifiedUser(t.app); // SG, +6591234567
    const client = await signIn(user);

    const countryOnly = await client.post('/user/profile', { country: 'MY' });
    expectError(countryOnly, 400, 'user/invalid_phone_number');
    expect(countryOnly.body.params).toEqual([{ field: 'phoneNumber', errorCode: 'user/invalid_phone_number', error: expect.any(String) }]);

    const both = await client.post('/user/profile', { country: 'MY', phoneNumber: '+60 12 345 6789' });
    expect(both.status).toBe(200);
    expect(both.body.user).toMatchObject({ country: 'MY', phoneNumber: '+60123456789' });

    // Back to SG with the Malaysian number: refused; the same country again needs no check.
    expectEnvelope((await client.post('/user/profile', { country: 'SG' })).body, 'user/invalid_phone_number');
    expect((await client.post('/user/profile', { country: 'my' })).status).toBe(200);
  });
});

describe('POST /user/names', () => {
  it('answers display names only, in the order asked, without unknown or malformed ids', async () => {
    const siti = await createVerifiedUser(t.app);
    const ahmad = await createVerifiedUser(t.app, { firstName: 'Ahmad', lastName: 'bin Ali' });
    const client = await signIn(siti);
    const answer = await client.post('/user/names', {
      userIds: [ahmad.id, 'not-an-id', '00000000-0000-4000-8000-000000000000', siti.id, ahmad.id.toUpperCase()],
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      users: [
        { id: ahmad.id, displayName: 'Ahmad B.' },
        { id: siti.id, displayName: 'Siti N.' },
      ],
    });
    expect(JSON.stringify(answer.body)).not.toMatch(/@|Nurhaliza|\+65/);
  });

  it('answers an empty list for no ids, and 400 for more than 100', async () => {
    const client = await signIn(await createVerifiedUser(t.app));
    expect((await client.post('/user/names', { userIds: [] })).body).toEqual({ users: [] });
    const tooMany = await client.post('/user/names', {
      userIds: Array.from({ length: 101 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`),
    });
    expectError(tooMany, 400, 'general/argument_error');
  });
});

describe('secrets', () => {
  it('no answer held a password hash or a token hash', async () => {
    const secrets = [
      ...(await queryRows<{ s: string }>(t.handle.db, sql`SELECT password_hash AS s FROM users`)),
      ...(await queryRows<{ s: string }>(t.handle.db, sql`SELECT token_hash AS s FROM refresh_tokens`)),
    ].map((row) => row.s);
    expect(secrets.length).toBeGreaterThan(10);
    for (const answer of answers) {
      expect(answer).not.toMatch(/\$argon2/);
      for (const secret of secrets) expect(answer.includes(secret)).toBe(false);
    }
  });
});
