import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_CODES, isAuditAction } from '@kedai/domain';

/**
 * Every action the API writes to the audit log has a sentence in the catalogue (packages/domain
 * audit.ts): the codes are read from the source of every `recordAudit` call, so a new action
 * without its sentence fails here (as well as the type check).
 */
const SRC = join(__dirname, '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

/** The `action:` values of each `recordAudit({ … })` call: quoted codes and template prefixes (`order.${to}` -> `order.`). */
function writtenActions(): { codes: string[]; prefixes: string[] } {
  const codes: string[] = [];
  const prefixes: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const call of text.split('recordAudit(').slice(1)) {
      const action = /action:\s*([^\n]*)/.exec(call.slice(0, 400))?.[1] ?? '';
      for (const [, code] of action.matchAll(/'([a-z_]+\.[a-z_]+)'/g)) codes.push(code!);
      for (const [, prefix] of action.matchAll(/`([a-z_]+\.)\$\{/g)) prefixes.push(prefix!);
    }
  }
  return { codes, prefixes };
}

describe('the audit catalogue', () => {
  it('has a sentence for every action the API writes', () => {
    const { codes, prefixes } = writtenActions();
    expect(codes.length).toBeGreaterThan(40);
    expect(codes.filter((code) => !isAuditAction(code))).toEqual([]);
    for (const prefix of prefixes)
      expect(
        AUDIT_ACTION_CODES.some((code) => code.startsWith(prefix)),
        prefix,
      ).toBe(true);
  });
});
