import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODULES } from '../../src/module-list';

/** Every feature folder reaches the app through its module.ts and module-list.ts (decision 0023). */
describe('the module list', () => {
  const folder = resolve(__dirname, '../../src/modules');
  const features = readdirSync(folder).filter((name) => existsSync(resolve(folder, name, 'module.ts')));

  it('names each module once', () => {
    const names = MODULES.map((module) => module.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("lists every folder's module.ts", async () => {
    for (const feature of features) {
      const declared = Object.values((await import(resolve(folder, feature, 'module.ts'))) as object);
      expect(
        MODULES.some((module) => declared.includes(module)),
        `modules/${feature}/module.ts is in module-list.ts`,
      ).toBe(true);
    }
  });

  it("declares every folder's routes and back-office routes", async () => {
    const listed = new Set<unknown>(MODULES.flatMap((module) => [...(module.routes ?? []), ...(module.adminRoutes ?? [])]));
    // The development outbox is registered through its module's switch (DEV_OUTBOX), not as itself.
    for (const feature of readdirSync(folder).filter((name) => name !== 'dev')) {
      for (const file of ['routes.ts', 'admin-routes.ts']) {
        if (!existsSync(resolve(folder, feature, file))) continue;
        const plugins = Object.entries((await import(resolve(folder, feature, file))) as Record<string, unknown>)
          .filter(([name, value]) => typeof value === 'function' && name.endsWith('Routes'))
          .map(([, value]) => value as { name: string });
        for (const plugin of plugins) expect(listed.has(plugin), `modules/${feature}/${file}: ${String(plugin.name)}`).toBe(true);
      }
    }
  });
});
