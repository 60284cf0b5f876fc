import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/platform/config';

describe('loadConfig', () => {
  it('runs on defaults: embedded database, ports 4000, assets under the API', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 4000, databaseUrl: undefined, seedDemo: true, assetsUrl: 'http://localhost:4000/assets' });
    expect(config.pgliteDir).toMatch(/\.data\/pglite$/);
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
});
