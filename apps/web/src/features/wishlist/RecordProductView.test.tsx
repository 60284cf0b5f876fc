// @vitest-environment happy-dom
/**
 * "Recently viewed" counts a product page only once the shopper can see it (issue 30): the page
 * tells the API once per showing, when it is visible, and never for a tab closed unseen.
 */
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RecordProductView } from './RecordProductView';

const api = vi.hoisted(() => ({ post: vi.fn(async () => null) }));
vi.mock('../../lib/browser-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/browser-api')>()),
  browserApi: api,
}));

const KOPI = '00000000-0000-4000-8000-000000000001';
const TEH = '00000000-0000-4000-8000-000000000002';

/** A page whose visibility the test sets, as a browser does when a tab goes to the back or the front. */
class FakePage {
  visibilityState: DocumentVisibilityState;
  private readonly listeners = new Set<() => void>();
  constructor(state: DocumentVisibilityState) {
    this.visibilityState = state;
  }
  addEventListener(_type: 'visibilitychange', listener: () => void) {
    this.listeners.add(listener);
  }
  removeEventListener(_type: 'visibilitychange', listener: () => void) {
    this.listeners.delete(listener);
  }
  set(state: DocumentVisibilityState) {
    this.visibilityState = state;
    for (const listener of [...this.listeners]) listener();
  }
  get waiting() {
    return this.listeners.size;
  }
}

const recorded = () => api.post.mock.calls.map((call) => (call as unknown[])[1]);

beforeEach(() => api.post.mockClear());

describe('recording a product view', () => {
  it('a page shown at once is recorded once, through POST /product/{id}/view, even in Strict Mode', () => {
    const page = new FakePage('visible');
    const view = render(
      <StrictMode>
        <RecordProductView productId={KOPI} page={page} />
      </StrictMode>,
    );
    expect(api.post).toHaveBeenCalledTimes(1);
    expect(api.post).toHaveBeenCalledWith('/product/:id/view', { params: { id: KOPI } });
    // Going to the back and coming forward again, or a re-render, is the same showing.
    page.set('hidden');
    page.set('visible');
    view.rerender(
      <StrictMode>
        <RecordProductView productId={KOPI} page={page} />
      </StrictMode>,
    );
    expect(api.post).toHaveBeenCalledTimes(1);
  });

  it('a page opened in a background tab counts only when the tab comes to the front', () => {
    const page = new FakePage('hidden');
    render(<RecordProductView productId={KOPI} page={page} />);
    expect(api.post).not.toHaveBeenCalled();
    page.set('hidden');
    expect(api.post).not.toHaveBeenCalled();
    page.set('visible');
    page.set('hidden');
    page.set('visible');
    expect(recorded()).toEqual([{ params: { id: KOPI } }]);
    expect(page.waiting).toBe(0);
  });

  it('a tab closed (or a page left) before it was ever seen records nothing', () => {
    const page = new FakePage('hidden');
    const view = render(<RecordProductView productId={KOPI} page={page} />);
    view.unmount();
    expect(page.waiting).toBe(0);
    page.set('visible');
    expect(api.post).not.toHaveBeenCalled();
  });

  it('the next product shown on the same page (a client-side navigation) is a view of its own', () => {
    const page = new FakePage('visible');
    const view = render(<RecordProductView productId={KOPI} page={page} />);
    view.rerender(<RecordProductView productId={TEH} page={page} />);
    expect(recorded()).toEqual([{ params: { id: KOPI } }, { params: { id: TEH } }]);
  });
});
