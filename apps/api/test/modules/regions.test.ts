import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Reader, type CountryResponse } from 'mmdb-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, schema } from '@kedai/db';
import { LIFTED_LIMITS, clientOwingSecondFactor, createVerifiedUser, signedInClient } from '../accounts';
import { TestClient } from '../client';
import { createTestApp, expectEnvelope, expectError, type TestApp } from '../helpers';
import { invalidate } from '../../src/platform/cache';
import { ConfigError, loadConfig } from '../../src/platform/config';
import { countryOfAddress, isPublicAddress } from '../../src/platform/geoip';

/**
 * Addresses are found in the shipped table itself (never guessed): the first `a.b.0.1` (IPv4) or
 * `2001:x::1` / `2400:x::1` (IPv6) the table places in each wanted country.
 */
function addressesIn(countries: string[]): Record<string, { v4?: string; v6?: string }> {
  const path = createRequire(import.meta.url).resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb');
  const reader = new Reader<CountryResponse & { country_code?: string }>(readFileSync(path));
  const found: Record<string, { v4?: string; v6?: string }> = Object.fromEntries(countries.map((c) => [c, {}]));
  const want = (address: string, family: 'v4' | 'v6') => {
    const code = reader.get(address)?.country_code;
    if (code && found[code] && !found[code][family] && isPublicAddress(address)) found[code][family] = address;
  };
  for (let a = 1; a < 224; a++) for (let b = 0; b < 256; b++) want(`${a}.${b}.0.1`, 'v4');
  for (const prefix of ['2001', '2400', '2403', '2404', '2a00', '2a01']) {
    for (let x = 0; x < 0x10000; x += 7) want(`${prefix}:${x.toString(16)}::1`, 'v6');
  }
  return found;
}

// Seeded regions: SG (the shop default), MY, JP, ID, US, GB, each with its own country.
const found = addressesIn(['SG', 'MY', 'JP', 'FR']);
const address = (country: string, family: 'v4' | 'v6' = 'v4') => {
  const value = found[country]?.[family];
  if (!value) throw new Error(`the GeoIP table has no ${family} address for ${country} in the scanned ranges`);
  return value;
};

let plain: TestApp; // no COUNTRY_HEADER, no TRUST_PROXY (the defaults)
let cdn: TestApp; // COUNTRY_HEADER=cf-ipcountry, TRUST_PROXY=loopback
beforeAll(async () => {
  [plain, cdn] = await Promise.all([
    createTestApp({ env: LIFTED_LIMITS }),
    createTestApp({ env: { COUNTRY_HEADER: 'CF-IPCountry', TRUST_PROXY: 'loopback' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([plain?.close(), cdn?.close()]);
});

async function defaultRegion(t: TestApp, options: { remoteAddress?: string; headers?: Record<string, string> } = {}) {
  const response = await t.app.inject({ method: 'GET', url: '/region/default', ...options });
  expect(response.statusCode).toBe(200);
  return { key: response.json<{ region: { key: string } }>().region.key, headers: response.headers };
}

describe('COUNTRY_HEADER', () => {
  it('is unset by default (no header trusted), read in lower case, and must be a header name', () => {
    expect(loadConfig({}).countryHeader).toBeUndefined();
    expect(loadConfig({ COUNTRY_HEADER: '' }).countryHeader).toBeUndefined();
    expect(loadConfig({ COUNTRY_HEADER: 'CF-IPCountry' }).countryHeader).toBe('cf-ipcountry');
    expect(() => loadConfig({ COUNTRY_HEADER: 'cf ipcountry' })).toThrow(ConfigError);
  });
});

describe('GeoIP table', () => {
  it('knows public addresses and gives none to private, loopback and reserved ones', async () => {
    expect(await countryOfAddress(address('SG'))).toBe('SG');
    expect(await countryOfAddress(address('JP', 'v6'))).toBe('JP');
    expect(await countryOfAddress(`::ffff:${address('MY')}`)).toBe('MY');
    for (const local of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.5.4',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.1.1',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
    ]) {
      expect(isPublicAddress(local)).toBe(false);
      expect(await countryOfAddress(local)).toBeNull();
    }
    expect(await countryOfAddress('not an address')).toBeNull();
    expect(await countryOfAddress(undefined)).toBeNull();
  });
});

describe('GET /region/default', () => {
  it('keeps its shape {region} and is never cacheable by shared caches', async () => {
    const response = await plain.app.inject({ method: 'GET', url: '/region/default' });
    expect(response.json()).toEqual({
      region: { key: 'SG', name: 'Singapore', currency: 'SGD', countries: ['SG'], priceBands: expect.any(Array) },
    });
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it("uses the GeoIP table on the client address: the region of the visitor's country", async () => {
    expect((await defaultRegion(plain, { remoteAddress: address('MY') })).key).toBe('MY');
    expect((await defaultRegion(plain, { remoteAddress: address('SG') })).key).toBe('SG');
    expect((await defaultRegion(plain, { remoteAddress: address('JP', 'v6') })).key).toBe('JP');
    expect((await defaultRegion(plain, { remoteAddress: `::ffff:${address('JP')}` })).key).toBe('JP');
  });

  it("falls back to the shop's default for a country no region has and for private addresses", async () => {
    expect((await defaultRegion(plain, { remoteAddress: address('FR') })).key).toBe('SG');
    for (const local of ['127.0.0.1', '10.0.0.7', '192.168.0.2', '::1']) {
      expect((await defaultRegion(plain, { remoteAddress: local })).key).toBe('SG');
    }
  });

  it('follows the config default_region when it falls back', async () => {
    await plain.app.db.update(schema.config).set({ value: 'GB' }).where(eq(schema.config.key, 'default_region'));
    invalidate(plain.app.db);
    try {
      expect((await defaultRegion(plain, { remoteAddress: '10.0.0.7' })).key).toBe('GB');
      expect((await defaultRegion(plain, { remoteAddress: address('MY') })).key).toBe('MY');
    } finally {
      await plain.app.db.update(schema.config).set({ value: 'SG' }).where(eq(schema.config.key, 'default_region'));
      invalidate(plain.app.db);
    }
  });

  it('never trusts a country header that is not configured, nor X-Forwarded-For without TRUST_PROXY', async () => {
    const headers = { 'cf-ipcountry': 'JP', 'x-forwarded-for': address('MY') };
    expect((await defaultRegion(plain, { remoteAddress: '127.0.0.1', headers })).key).toBe('SG');
    const geo = await defaultRegion(plain, { remoteAddress: address('SG'), headers });
    expect(geo.key).toBe('SG');
    expect(geo.headers.vary ?? '').not.toContain('cf-ipcountry');
  });

  it('takes the configured CDN header first (any case), and varies on it', async () => {
    const answer = await defaultRegion(cdn, { remoteAddress: '127.0.0.1', headers: { 'cf-ipcountry': 'jp' } });
    expect(answer.key).toBe('JP');
    expect(answer.headers.vary).toContain('cf-ipcountry');
    expect(answer.headers['cache-control']).toBe('private, no-store');
    // The header wins over the address.
    expect((await defaultRegion(cdn, { remoteAddress: address('MY'), headers: { 'cf-ipcountry': 'US' } })).key).toBe('US');
    // A country no region has: the shop default, not GeoIP.
    expect((await defaultRegion(cdn, { remoteAddress: address('MY'), headers: { 'cf-ipcountry': 'FR' } })).key).toBe('SG');
  });

  it('falls back to GeoIP when the header carries no country (absent, XX unknown, T1 Tor, junk)', async () => {
    for (const value of [undefined, 'XX', 'T1', 'Singapore', '']) {
      const headers: Record<string, string> = value === undefined ? {} : { 'cf-ipcountry': value };
      expect((await defaultRegion(cdn, { remoteAddress: address('MY'), headers })).key).toBe('MY');
    }
  });

  it('reads the client address through a trusted proxy (TRUST_PROXY), the right-most untrusted hop', async () => {
    const viaProxy = { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': `${address('SG')}, ${address('MY')}` } };
    expect((await defaultRegion(cdn, viaProxy)).key).toBe('MY');
    // From an untrusted peer the header is ignored: the peer's own address counts.
    expect((await defaultRegion(cdn, { ...viaProxy, remoteAddress: address('JP') })).key).toBe('JP');
  });
});

describe('GET /region/preferred and POST /region/prefer', () => {
  it('signed out: 401 auth/not_authorized', async () => {
    const visitor = new TestClient(plain.app);
    for (const answer of [await visitor.get('/region/preferred'), await visitor.post('/region/prefer', { countryCode: 'MY' })]) {
      expectError(answer, 401, 'auth/not_authorized');
    }
  });

  it('round trip: null until chosen, then the stored country (upper-case), per user', async () => {
    const [alice, bob] = await Promise.all([createVerifiedUser(plain.app), createVerifiedUser(plain.app)]);
    const a = await signedInClient(plain.app, alice);
    const b = await signedInClient(plain.app, bob);
    const first = await a.get('/region/preferred');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ countryCode: null });
    expect(first.headers['cache-control']).toBe('private, no-store');

    const set = await a.post('/region/prefer', { countryCode: ' my ' });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ countryCode: 'MY' });
    expect((await a.get('/region/preferred')).body).toEqual({ countryCode: 'MY' });
    expect((await b.get('/region/preferred')).body).toEqual({ countryCode: null });

    expect((await a.post('/region/prefer', { countryCode: 'JP' })).body).toEqual({ countryCode: 'JP' });
    expect((await a.get('/region/preferred')).body).toEqual({ countryCode: 'JP' });
    const [row] = await plain.app.db.select().from(schema.users).where(eq(schema.users.id, alice.id));
    expect(row?.preferredCountry).toBe('JP');
  });

  it('refuses countries no enabled region has (400 user/invalid_country) and bad bodies (400 general/argument_error)', async () => {
    const user = await createVerifiedUser(plain.app);
    const client = await signedInClient(plain.app, user);
    for (const countryCode of ['FR', 'XX', 'Malaysia', 'M']) {
      const answer = await client.post('/region/prefer', { countryCode });
      expectError(answer, 400, 'user/invalid_country');
    }
    for (const body of [{}, { countryCode: 12 }, { countryCode: '' }, { countryCode: 'x'.repeat(17) }]) {
      const answer = await client.post('/region/prefer', body);
      expectError(answer, 400, 'general/argument_error');
    }
    expect((await client.get('/region/preferred')).body).toEqual({ countryCode: null });
  });

  it('a disabled region is refused, and a stored preference for it reads as null', async () => {
    const user = await createVerifiedUser(plain.app);
    const client = await signedInClient(plain.app, user);
    expect((await client.post('/region/prefer', { countryCode: 'GB' })).status).toBe(200);
    await plain.app.db.update(schema.regions).set({ enabled: false }).where(eq(schema.regions.key, 'GB'));
    invalidate(plain.app.db);
    try {
      expect((await client.get('/region/preferred')).body).toEqual({ countryCode: null });
      expectEnvelope((await client.post('/region/prefer', { countryCode: 'GB' })).body, 'user/invalid_country');
    } finally {
      await plain.app.db.update(schema.regions).set({ enabled: true }).where(eq(schema.regions.key, 'GB'));
      invalidate(plain.app.db);
    }
    expect((await client.get('/region/preferred')).body).toEqual({ countryCode: 'GB' });
  });

  it('an owed second factor is 403 auth/tfa_not_verified; no anti-forgery header is 403 too', async () => {
    const owing = await clientOwingSecondFactor(plain.app);
    for (const answer of [await owing.get('/region/preferred'), await owing.post('/region/prefer', { countryCode: 'MY' })]) {
      expectError(answer, 403, 'auth/tfa_not_verified');
    }

    const other = await signedInClient(plain.app, await createVerifiedUser(plain.app));
    other.xsrf = false;
    const forged = await other.post('/region/prefer', { countryCode: 'MY' });
    expectError(forged, 403, 'auth/invalid_xsrf_token');
  });
});
