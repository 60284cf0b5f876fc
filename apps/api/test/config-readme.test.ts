import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvSchema } from '../src/platform/config';

/**
 * README.md's configuration table is the operator's view of the settings; EnvSchema (platform/config.ts)
 * is the one declaration the API reads. This test keeps them equal: every API setting has a row, every
 * row is a setting, and a fixed default in the schema is the default the row states.
 */
const root = resolve(__dirname, '../../..');
const readme = readFileSync(resolve(root, 'README.md'), 'utf8');

/**
 * Settings of the other processes the README lists in the same table: the storefront's and the back
 * office's servers and `npm start`. Each names a file that reads it, so a row for a setting nothing
 * reads any more fails too.
 */
const OTHER_PROCESSES: Record<string, string[]> = {
  WEB_PORT: ['scripts/web-server.mjs', 'scripts/start.mjs'],
  WEB_HOST: ['scripts/web-server.mjs', 'scripts/admin-server.mjs'],
  ADMIN_PORT: ['scripts/admin-server.mjs', 'scripts/start.mjs'],
  ADMIN_HOST: ['scripts/admin-server.mjs'],
  WEB_TRUST_PROXY: ['scripts/web-server.mjs', 'scripts/admin-server.mjs'],
  API_URL: ['scripts/web-server.mjs', 'scripts/admin-server.mjs', 'apps/web/src/lib/api.ts'],
  API_TIMEOUT_MS: ['apps/web/src/lib/api.ts', 'scripts/admin-server.mjs'],
  SITE_URL: ['apps/web/src/lib/site.ts'],
};

interface Row {
  names: string[];
  defaults: string[];
}

/** The rows of the table under "## Configuration": `NAME` (or `A` / `B`) | default | meaning. */
function configurationRows(): Row[] {
  const section = readme.split(/^## Configuration$/m)[1]?.split(/^## /m)[0] ?? '';
  const rows: Row[] = [];
  for (const line of section.split('\n')) {
    const cells = line.split(' | ');
    if (!line.startsWith('| `') || cells.length < 3) continue;
    const names = cells[0]!.split(' / ').map((n) => n.replace(/^\| /, '').replaceAll('`', '').trim());
    // `A` / `B` rows state one default per name, in the same order.
    const defaultCell = cells[1]!;
    const defaults = names.length > 1 ? defaultCell.split(' / ') : [defaultCell];
    rows.push({ names, defaults: defaults.map((d) => d.trim()) });
  }
  return rows;
}

/** A schema default as the README writes it: `10/3600` for a rate limit, the plain value otherwise. */
function shown(value: unknown): string {
  if (value && typeof value === 'object' && 'limit' in value && 'windowSeconds' in value) {
    return `${String(value.limit)}/${String(value.windowSeconds)}`;
  }
  return String(value);
}

const settings = Object.keys(EnvSchema.shape) as (keyof typeof EnvSchema.shape)[];
const defaults = EnvSchema.parse({}) as Record<string, unknown>;
const rows = configurationRows();
const documented = new Map(rows.flatMap((row) => row.names.map((name, i) => [name, row.defaults[i] ?? ''] as const)));

describe("README's configuration table", () => {
  it('is found and lists the settings', () => {
    expect(rows.length).toBeGreaterThan(40);
  });

  it('has a row for every setting of the API', () => {
    expect(settings.filter((name) => !documented.has(name))).toEqual([]);
  });

  it('names no setting that neither the API nor another process reads', () => {
    const unknown = [...documented.keys()].filter((name) => !(name in EnvSchema.shape) && !(name in OTHER_PROCESSES));
    expect(unknown).toEqual([]);
    for (const [name, files] of Object.entries(OTHER_PROCESSES)) {
      expect(documented.has(name), `${name} is in the README`).toBe(true);
      for (const file of files) expect(readFileSync(resolve(root, file), 'utf8'), `${file} reads ${name}`).toContain(name);
    }
  });

  it('states the default the schema has, for every setting with a fixed default', () => {
    const wrong = settings
      .filter((name) => defaults[name] !== undefined)
      .map((name) => ({ name, schema: shown(defaults[name]), readme: /^`([^`]*)`/.exec(documented.get(name) ?? '')?.[1] }))
      .filter(({ schema, readme }) => schema !== readme);
    expect(wrong).toEqual([]);
  });

  it('states no fixed default for a setting the schema leaves unset', () => {
    // A bare `value` claims a default the API does not have; words ("true in production", "—") are fine.
    const claimed = settings.filter((name) => defaults[name] === undefined && /^`[^`]*`$/.test(documented.get(name) ?? ''));
    expect(claimed).toEqual([]);
  });

  it('is backed by a description of every setting in the schema', () => {
    expect(settings.filter((name) => !EnvSchema.shape[name].description)).toEqual([]);
  });
});
