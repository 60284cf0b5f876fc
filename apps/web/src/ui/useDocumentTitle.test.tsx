// @vitest-environment happy-dom
/** The tab's title follows a client-loaded page, with the shop's name kept (issue 30: every order page names its order). */
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDocumentTitle } from './useDocumentTitle';

afterEach(() => {
  document.title = '';
});

describe('useDocumentTitle', () => {
  it('replaces the page part of the title, keeps the shop name, and gives the old title back', () => {
    document.title = 'Your order · Kedai Demo';
    const { rerender, unmount } = renderHook(({ title }) => useDocumentTitle(title), { initialProps: { title: null as string | null } });
    expect(document.title).toBe('Your order · Kedai Demo');
    rerender({ title: 'Order KD-2611-ABCD' });
    expect(document.title).toBe('Order KD-2611-ABCD · Kedai Demo');
    unmount();
    expect(document.title).toBe('Your order · Kedai Demo');
  });

  it('sets the whole title when the page has no shop name in it', () => {
    document.title = 'Kedai';
    renderHook(() => useDocumentTitle('Receipt KD-1'));
    expect(document.title).toBe('Receipt KD-1');
  });
});
