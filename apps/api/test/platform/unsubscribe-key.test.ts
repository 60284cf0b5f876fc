import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/platform/config';
import { accessTokenKey, unsubscribeKey } from '../../src/platform/secrets';
import { readUnsubscribeToken, unsubscribeToken } from '../../src/modules/notifications/unsubscribe';

/**
 * The one-click unsubscribe links (RFC 8058) are signed with their own key, never the access tokens':
 * UNSUBSCRIBE_SECRET, else one derived from the access tokens' key (HKDF, its own label).
 */
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'j'.repeat(40),
  TFA_ENCRYPTION_KEY: `main:${Buffer.alloc(32, 7).toString('base64')}`,
};
const USER = '3b2e1e6a-0c5e-4a8f-9a51-6f3f0c1d2e4b';

function keysOf(env: Record<string, string>) {
  const config = loadConfig(env);
  const access = accessTokenKey(config);
  return { access, unsubscribe: unsubscribeKey(config, access) };
}

describe('the unsubscribe key', () => {
  it('derived by default: not the access key, the same on every process sharing JWT_SECRET, another with another JWT_SECRET', () => {
    const one = keysOf(PRODUCTION);
    expect(Buffer.from(one.unsubscribe).equals(Buffer.from(one.access))).toBe(false);
    expect(Buffer.from(keysOf(PRODUCTION).unsubscribe).equals(Buffer.from(one.unsubscribe))).toBe(true);
    expect(Buffer.from(keysOf({ ...PRODUCTION, JWT_SECRET: 'k'.repeat(40) }).unsubscribe).equals(Buffer.from(one.unsubscribe))).toBe(false);

    const token = unsubscribeToken(one.unsubscribe, USER, 'chat.reply');
    expect(readUnsubscribeToken(one.unsubscribe, token)).toEqual({ userId: USER, kind: 'chat.reply' });
    // A link signed with the access tokens' key (as before this key existed) is refused.
    expect(readUnsubscribeToken(one.unsubscribe, unsubscribeToken(one.access, USER, 'chat.reply'))).toBeNull();
  });

  it('UNSUBSCRIBE_SECRET signs alone: links outlive a new JWT_SECRET; derived-key and access-key links are refused', () => {
    const secret = 'u'.repeat(40);
    const set = keysOf({ ...PRODUCTION, UNSUBSCRIBE_SECRET: secret });
    const rotated = keysOf({ ...PRODUCTION, JWT_SECRET: 'k'.repeat(40), UNSUBSCRIBE_SECRET: secret });
    const token = unsubscribeToken(set.unsubscribe, USER, 'product.back_in_stock');
    expect(readUnsubscribeToken(rotated.unsubscribe, token)).toEqual({ userId: USER, kind: 'product.back_in_stock' });

    const derived = keysOf(PRODUCTION).unsubscribe;
    expect(readUnsubscribeToken(set.unsubscribe, unsubscribeToken(derived, USER, 'product.back_in_stock'))).toBeNull();
    expect(readUnsubscribeToken(set.unsubscribe, unsubscribeToken(set.access, USER, 'product.back_in_stock'))).toBeNull();
  });

  it('a short UNSUBSCRIBE_SECRET stops the start', () => {
    expect(() => loadConfig({ ...PRODUCTION, UNSUBSCRIBE_SECRET: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...PRODUCTION, UNSUBSCRIBE_SECRET: 'short' })).toThrow(/UNSUBSCRIBE_SECRET/);
  });
});
