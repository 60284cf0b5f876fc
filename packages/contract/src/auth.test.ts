import { describe, expect, it } from 'vitest';
import { OutboxQuery, PublicUser, RegisterRequest } from './auth';

describe('RegisterRequest', () => {
  it('keeps the registration fields as sent and drops every other key', () => {
    const parsed = RegisterRequest.parse({
      email: 'a@b.co',
      password: 'x',
      firstName: 1,
      acceptTerms: 'yes',
      role: 'admin',
      verified: true,
      emailVerified: true,
      id: 'u',
      __proto__: { polluted: true },
    });
    expect(parsed).toEqual({ email: 'a@b.co', password: 'x', firstName: 1, acceptTerms: 'yes' });
    expect(Object.keys(parsed).sort()).toEqual(['acceptTerms', 'email', 'firstName', 'password']);
  });
});

describe('PublicUser', () => {
  it('drops anything secret a server might add by mistake', () => {
    const user = PublicUser.parse({
      id: '3f1c7a52-8f0e-4c1b-9d55-0d6c1b2f9a10',
      email: 'a@b.co',
      firstName: 'A',
      lastName: 'B',
      phoneNumber: '+6591234567',
      country: 'SG',
      birthDate: '1990-01-01',
      gender: 'other',
      emailVerified: false,
      role: 'shopper',
      createdAt: 1,
      passwordHash: '$argon2id$…',
    });
    expect(user).not.toHaveProperty('passwordHash');
  });
});

describe('OutboxQuery', () => {
  it('normalises the address and refuses what is not one', () => {
    expect(OutboxQuery.parse({ to: ' A@B.co ' })).toEqual({ to: 'a@b.co' });
    expect(OutboxQuery.safeParse({ to: 'nope' }).success).toBe(false);
    expect(OutboxQuery.safeParse({}).success).toBe(false);
  });
});
