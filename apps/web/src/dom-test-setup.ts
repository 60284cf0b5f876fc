/**
 * Set up before every web test file (vitest.config.ts): in a file run in happy-dom (`// @vitest-environment
 * happy-dom`), what Testing Library rendered is unmounted after each test, so tests do not see each
 * other's components. Files run in Node load nothing of it.
 */
import { afterEach, vi } from 'vitest';

if (typeof document !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  afterEach(cleanup);
  // Typing and clicking take longer than rendering to a string, the more so on a loaded machine:
  // waits (`findBy…`, `waitFor`) and tests get room, so only a wrong answer fails them.
  configure({ asyncUtilTimeout: 5_000 });
  vi.setConfig({ testTimeout: 30_000 });
}
