import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, ERROR_STATUS } from './errors';

/** docs/rules/errors.md lists the catalogue for readers; this keeps its table equal to the code. */
describe('the error table of docs/rules/errors.md', () => {
  it('has every code of the catalogue, with its status and message, and nothing else', () => {
    const doc = readFileSync(new URL('../../../docs/rules/errors.md', import.meta.url), 'utf8');
    const rows = [...doc.matchAll(/^\| `([^`]+)` \| (\d+) \| (.*) \|$/gm)].map(([, code, status, message]) => [
      code,
      Number(status),
      message,
    ]);
    const catalogue = Object.entries(ERROR_MESSAGES).map(([code, message]) => [
      code,
      ERROR_STATUS[code as keyof typeof ERROR_STATUS],
      message,
    ]);
    expect(rows).toEqual(catalogue);
  });
});
