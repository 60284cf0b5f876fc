import 'server-only';
import { headers } from 'next/headers';

/**
 * Origin of the storefront for absolute URLs (canonical, Open Graph, JSON-LD): `SITE_URL` when
 * set, else the request's forwarded or own host.
 */
export async function siteOrigin(env: Record<string, string | undefined> = process.env): Promise<string> {
  const configured = env.SITE_URL?.trim();
  if (configured) return configured.replace(/\/+$/, '');
  const list = await headers();
  return originFromHeaders({
    host: list.get('x-forwarded-host') ?? list.get('host'),
    proto: list.get('x-forwarded-proto'),
  });
}

/** `https://shop.example` from a host and a forwarded protocol (first value of each list). */
export function originFromHeaders({ host, proto }: { host: string | null; proto: string | null }): string {
  const name = host?.split(',')[0]?.trim() || 'localhost';
  const scheme = proto?.split(',')[0]?.trim().toLowerCase();
  const local = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(name);
  return `${scheme === 'http' || scheme === 'https' ? scheme : local ? 'http' : 'https'}://${name}`;
}
