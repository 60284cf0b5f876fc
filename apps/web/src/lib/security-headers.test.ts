import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, originOf, pageSecurityHeaders } from './security-headers';

/** The policy's directives by name, each with its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split('; ').map((directive) => {
      const [name, ...sources] = directive.split(' ');
      return [name!, sources];
    }),
  );
}

describe('the storefront’s Content-Security-Policy', () => {
  const policy = directives(contentSecurityPolicy({ nonce: 'abc123', development: false }));

  it('runs only nonced scripts and what they load, never eval', () => {
    expect(policy.get('script-src')?.slice(0, 3)).toEqual(["'self'", "'nonce-abc123'", "'strict-dynamic'"]);
    expect(policy.get('script-src')).not.toContain("'unsafe-eval'");
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
  });

  it('lets Stripe.js load, draw its card form and 3-D Secure frames, and call its API — and no other third party', () => {
    expect(policy.get('script-src')).toEqual([
      "'self'",
      "'nonce-abc123'",
      "'strict-dynamic'",
      'https://js.stripe.com',
      'https://*.js.stripe.com',
    ]);
    expect(policy.get('frame-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
    expect(policy.get('default-src')).toEqual(["'self'"]);
  });

  it('in development: eval for React’s refresh and the hot-reload websocket', () => {
    const dev = directives(contentSecurityPolicy({ nonce: 'n', development: true }));
    expect(dev.get('script-src')).toContain("'unsafe-eval'");
    expect(dev.get('connect-src')).toEqual(["'self'", 'ws:', 'https://api.stripe.com']);
  });

  it('allows images from the assets host when it is another origin', () => {
    const withAssets = directives(contentSecurityPolicy({ nonce: 'n', development: false, assetsOrigin: 'https://cdn.example' }));
    expect(withAssets.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:', 'https://cdn.example']);
    expect(originOf('https://cdn.example/assets/x.webp')).toBe('https://cdn.example');
    expect(originOf('/assets')).toBeUndefined();
  });

  it('lets the Payment Request API run on the page itself only', () => {
    expect(pageSecurityHeaders({ https: false, production: false })['Permissions-Policy']).toContain('payment=(self)');
  });
});
