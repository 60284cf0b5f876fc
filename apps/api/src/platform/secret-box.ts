import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets kept at rest encrypted (two-factor TOTP secrets): AES-256-GCM with a random 96-bit IV,
 * stored as `v1.<key id>.<iv>.<ciphertext>.<tag>` (base64url), so a database dump alone does not give
 * anyone a second factor. Several keys can be configured: the first encrypts, every one decrypts,
 * which is how a key is rotated (add a new first key, restart; the API re-encrypts at start).
 */

export interface BoxKey {
  id: string;
  key: Buffer;
}

export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}

const VERSION = 'v1';
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/** `id:base64key[,id:base64key…]` → keys; throws with a message naming what is wrong. */
export function parseBoxKeys(value: string): BoxKey[] {
  const keys = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const colon = entry.indexOf(':');
      const id = entry.slice(0, colon);
      const key = Buffer.from(entry.slice(colon + 1), 'base64');
      if (colon < 1 || !KEY_ID.test(id))
        throw new SecretBoxError(`"${entry.slice(0, 12)}…" must be ID:BASE64KEY with an id of letters, digits, - or _`);
      if (key.length !== 32) throw new SecretBoxError(`key "${id}" must be 32 bytes in base64 (e.g. openssl rand -base64 32)`);
      return { id, key };
    });
  if (keys.length === 0) throw new SecretBoxError('needs at least one ID:BASE64KEY');
  if (new Set(keys.map((k) => k.id)).size !== keys.length) throw new SecretBoxError('key ids must differ');
  return keys;
}

export function isSealed(stored: string): boolean {
  return stored.startsWith(`${VERSION}.`);
}

/** The key id a sealed value was encrypted with, or undefined for a value that is not sealed. */
export function sealedKeyId(stored: string): string | undefined {
  return isSealed(stored) ? stored.split('.')[1] : undefined;
}

export function seal(keys: readonly BoxKey[], plain: string): string {
  const current = keys[0];
  if (!current) throw new SecretBoxError('no key');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', current.key, iv);
  // The key id is authenticated too, so a value cannot be moved to another key's slot.
  cipher.setAAD(Buffer.from(current.id));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, current.id, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

/** The plain value; throws SecretBoxError for an unknown key id or a value that was tampered with. */
export function open(keys: readonly BoxKey[], stored: string): string {
  const [version, id, iv, body, tag, extra] = stored.split('.');
  if (version !== VERSION || !id || !iv || !body || !tag || extra !== undefined) throw new SecretBoxError('not a sealed value');
  const box = keys.find((k) => k.id === id);
  if (!box) throw new SecretBoxError(`no key "${id}"`);
  try {
    const decipher = createDecipheriv('aes-256-gcm', box.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(id));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretBoxError('the value does not match its key (tampered with, or another key of the same id)');
  }
}
