import { hkdfSync, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from './config';
import { parseBoxKeys, type BoxKey } from './secret-box';

/**
 * The key that signs access tokens. Production sets JWT_SECRET (config refuses to start without it,
 * since every API process must share it). Elsewhere a random key is made once and kept in DATA_DIR,
 * so `npm start` works on a new machine and sessions survive a restart.
 */
export function accessTokenKey(config: AppConfig): Uint8Array {
  return new TextEncoder().encode(config.jwtSecret ?? keptSecret(config, 'jwt-secret', () => randomBytes(48).toString('base64url')));
}

/**
 * The key that signs one-click unsubscribe links (modules/notifications/unsubscribe.ts): UNSUBSCRIBE_SECRET,
 * else one derived from the access tokens' key with HKDF under its own label, never that key itself,
 * so a leak or a token of one is nothing to the other. Links never expire, so setting or changing
 * UNSUBSCRIBE_SECRET (or, while derived, JWT_SECRET) ends the links of every e-mail sent before.
 */
export function unsubscribeKey(config: AppConfig, accessKey: Uint8Array): Uint8Array {
  if (config.unsubscribeSecret) return new TextEncoder().encode(config.unsubscribeSecret);
  return new Uint8Array(hkdfSync('sha256', accessKey, new Uint8Array(0), 'kedai/unsubscribe-link', 32));
}

/**
 * The keys that encrypt two-factor secrets at rest (platform/secret-box.ts). Production sets
 * TFA_ENCRYPTION_KEY; elsewhere one key is made once and kept in DATA_DIR, like the JWT key.
 */
export function tfaEncryptionKeys(config: AppConfig): BoxKey[] {
  return config.tfaEncryptionKeys ?? parseBoxKeys(keptSecret(config, 'tfa-key', () => `local:${randomBytes(32).toString('base64')}`));
}

/** A secret kept in `DATA_DIR/<name>`, made by `make` on first use. */
function keptSecret(config: AppConfig, name: string, make: () => string): string {
  const file = join(config.dataDir, name);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(config.dataDir, { recursive: true });
    const secret = make();
    // `wx`: if another process made it first, read theirs.
    try {
      writeFileSync(file, secret, { flag: 'wx', mode: 0o600 });
    } catch {
      return readFileSync(file, 'utf8').trim();
    }
    return secret;
  }
}
