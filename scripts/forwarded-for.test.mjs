import { describe, expect, it } from 'vitest';
import { setForwardedFor } from './forwarded-for.mjs';

describe('setForwardedFor', () => {
  it("replaces a browser's own forwarding headers with the address the storefront saw", () => {
    const headers = {
      host: 'shop.example',
      'x-forwarded-for': '1.2.3.4',
      'x-real-ip': '5.6.7.8',
      forwarded: 'for=9.9.9.9',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
      'x-forwarded-port': '443',
    };
    setForwardedFor(headers, '203.0.113.9', false);
    expect(headers).toEqual({ host: 'shop.example', 'x-forwarded-for': '203.0.113.9' });
  });

  it('sets it when the browser sent none', () => {
    const headers = {};
    setForwardedFor(headers, '::1', false);
    expect(headers).toEqual({ 'x-forwarded-for': '::1' });
  });

  it("behind a trusted front proxy, keeps the proxy's chain and appends the peer", () => {
    const headers = { 'x-forwarded-for': '198.51.100.7, 10.0.0.3', 'x-forwarded-proto': 'https' };
    setForwardedFor(headers, '10.0.0.2', true);
    expect(headers).toEqual({ 'x-forwarded-for': '198.51.100.7, 10.0.0.3, 10.0.0.2', 'x-forwarded-proto': 'https' });
  });
});
