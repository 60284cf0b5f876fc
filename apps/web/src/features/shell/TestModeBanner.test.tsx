// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TestModeBanner } from './TestModeBanner';

describe('the test-mode banner', () => {
  it('is a named region that says no real money is taken, in words a screen reader reads', () => {
    render(<TestModeBanner />);
    const banner = screen.getByRole('region', { name: 'Test mode' });
    expect(banner.textContent).toContain('Test mode: no real money is taken.');
    // Never the page's header landmark, which the shell's own header is.
    expect(screen.queryByRole('banner')).toBeNull();
  });
});
