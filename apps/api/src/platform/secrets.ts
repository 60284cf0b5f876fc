import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from './config';

/**
 * The key that signs access tokens. Production sets JWT_SECRET (config refuses to start without it,
 * since every API process must share it). Elsewhere a random key is made once and kept in DATA_DIR,
 * so `npm start` works on a new machine and sessions survive a restart.
 */
export function accessTokenKey(config: AppConfig): Uint8Array {
  if (config.jwtSecret) return new TextEncoder().encode(config.jwtSecret);
  const file = join(config.dataDir, 'jwt-secret');
  try {
    return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
  } catch {
    mkdirSync(config.dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    // `wx`: if another process made it first, read theirs.
    try {
      writeFileSync(file, secret, { flag: 'wx', mode: 0o600 });
    } catch {
      return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
    }
    return new TextEncoder().encode(secret);
  }
}
