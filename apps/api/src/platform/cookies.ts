import { SECURE_COOKIE_PREFIX } from '@kedai/contract/client';
import type { AppConfig } from './config';

/**
 * A cookie's name as the API sets and reads it. With `COOKIE_SECURE` (production) it carries the
 * `__Host-` prefix: browsers keep such a cookie only when it is Secure, has Path=/ and no Domain,
 * so neither a sibling subdomain nor a page on plain http can plant or overwrite it, and the API
 * reads no other name then (decision 0008). Plain names otherwise: local development on
 * http://localhost cannot have Secure cookies everywhere.
 */
export function cookieName(config: Pick<AppConfig, 'cookieSecure'>, name: string): string {
  return config.cookieSecure ? `${SECURE_COOKIE_PREFIX}${name}` : name;
}
