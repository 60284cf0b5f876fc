import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/platform/config';

describe('loadConfig', () => {
  it('runs on defaults: embedded database, port 4000, images on the storefront origin', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 4000, databaseUrl: undefined, seedDemo: true, assetsUrl: '/assets' });
    expect(config.pgliteDir).toMatch(/\.data\/pglite$/);
  });

  it('serves images from the public API address or an explicit assets host when given', () => {
    expect(loadConfig({ PUBLIC_API_URL: 'https://api.shop.example/' }).assetsUrl).toBe('https://api.shop.example/assets');
    expect(loadConfig({ PUBLIC_API_URL: 'https://api.shop.example', ASSETS_URL: 'https://cdn.shop.example/img/' }).assetsUrl).toBe(
      'https://cdn.shop.example/img',
    );
  });

  it('names every bad variable in one error', () => {
    let error: unknown;
    try {
      loadConfig({ API_PORT: '99999', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', ASSETS_URL: 'ftp://cdn' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['API_PORT', 'DATABASE_URL', 'LOG_LEVEL', 'ASSETS_URL']) expect(problems).toContain(name);
  });

  it('treats empty variables as unset and reads lists', () => {
    const config = loadConfig({ DATABASE_URL: '', WEB_ORIGINS: 'https://shop.example, https://www.shop.example' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.webOrigins).toEqual(['https://shop.example', 'https://www.shop.example']);
  });

  it('reads the mail settings: outbox only by default, SMTP URLs only', () => {
    const defaults = loadConfig({});
    expect(defaults).toMatchObject({
      mailUrl: undefined,
      mailFrom: 'Kedai <no-reply@kedai.example>',
      verifyCodeTtlMinutes: 15,
      verifyCodeResendSeconds: 60,
    });
    const smtp = loadConfig({
      MAIL_URL: 'smtps://user:secret@mail.example:465',
      MAIL_FROM: 'Shop <shop@example.com>',
      VERIFY_CODE_TTL_MINUTES: '30',
    });
    expect(smtp).toMatchObject({
      mailUrl: 'smtps://user:secret@mail.example:465',
      mailFrom: 'Shop <shop@example.com>',
      verifyCodeTtlMinutes: 30,
    });
    let error: unknown;
    try {
      loadConfig({ MAIL_URL: 'http://user:secret@mail.example', VERIFY_CODE_TTL_MINUTES: '0' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toContain('MAIL_URL');
    expect(message).toContain('VERIFY_CODE_TTL_MINUTES');
    expect(message).not.toContain('secret');
  });

  it('reads the auth rate limits as HITS/SECONDS', () => {
    expect(loadConfig({}).rateLimits).toEqual({
      register: { limit: 10, windowSeconds: 3600 },
      verifyEmail: { limit: 20, windowSeconds: 900 },
      resendVerifyCode: { limit: 10, windowSeconds: 900 },
      login: { limit: 30, windowSeconds: 900 },
      loginAccount: { limit: 10, windowSeconds: 900 },
      forgotPassword: { limit: 10, windowSeconds: 3600 },
      forgotPasswordAccount: { limit: 3, windowSeconds: 3600 },
      tfa: { limit: 10, windowSeconds: 300 },
      tfaReset: { limit: 3, windowSeconds: 3600 },
      searchExternal: { limit: 30, windowSeconds: 3600 },
      voucher: { limit: 30, windowSeconds: 900 },
      voucherAccount: { limit: 10, windowSeconds: 900 },
    });
    expect(loadConfig({ RATE_LIMIT_REGISTER: '3/60' }).rateLimits.register).toEqual({ limit: 3, windowSeconds: 60 });
    let error: unknown;
    try {
      loadConfig({ RATE_LIMIT_REGISTER: '10', RATE_LIMIT_VERIFY_EMAIL: '0/60', RATE_LIMIT_RESEND_CODE: '5/100000' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    for (const name of ['RATE_LIMIT_REGISTER', 'RATE_LIMIT_VERIFY_EMAIL', 'RATE_LIMIT_RESEND_CODE']) {
      expect((error as ConfigError).message).toContain(name);
    }
  });

  it('reads SEARCH_ENGINE: the in-memory index by default, PostgreSQL on request, nothing else', () => {
    expect(loadConfig({}).searchEngine).toBe('memory');
    expect(loadConfig({ SEARCH_ENGINE: 'postgres' }).searchEngine).toBe('postgres');
    expect(() => loadConfig({ SEARCH_ENGINE: 'elastic' })).toThrow(/SEARCH_ENGINE/);
  });

  it('reads TRUST_PROXY as a flag or a list of trusted proxy addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,fd00::/8 ,192.0.2.1' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
      'fd00::/8',
      '192.0.2.1',
    ]);
    for (const bad of ['yes', '10.0.0.0/33', 'proxy.example', '::1/129']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('reads SAFE_FETCH_TEST_ORIGINS as host:port entries for test fixtures, and refuses it in production', () => {
    expect(loadConfig({}).safeFetchTestOrigins).toEqual([]);
    expect(loadConfig({ SAFE_FETCH_TEST_ORIGINS: '127.0.0.1:4790, Fixture.Test:8080,[::1]:4791' }).safeFetchTestOrigins).toEqual([
      '127.0.0.1:4790',
      'fixture.test:8080',
      '[::1]:4791',
    ]);
    for (const bad of ['127.0.0.1', 'http://127.0.0.1:4790', '127.0.0.1:4790/p', '*:80']) {
      expect(() => loadConfig({ SAFE_FETCH_TEST_ORIGINS: bad }), bad).toThrow(/SAFE_FETCH_TEST_ORIGINS/);
    }
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      TFA_ENCRYPTION_KEY: `main:${Buffer.alloc(32, 7).toString('base64')}`,
    };
    expect(loadConfig(production).safeFetchTestOrigins).toEqual([]);
    let error: unknown;
    try {
      loadConfig({ ...production, SAFE_FETCH_TEST_ORIGINS: '127.0.0.1:4790' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([expect.stringMatching(/^SAFE_FETCH_TEST_ORIGINS: cannot be set in production/)]);
  });
});
