/**
 * The visitor's country from the offline IP-to-country table of ip-location-db
 * (`@ip-location-db/geo-whois-asn-country-mmdb`: the package is CC0-1.0; its WHOIS and ASN sources
 * are © NRO, CC BY 4.0 — credited in the README). No network call: the .mmdb file ships in
 * node_modules and is read once, on first use, so processes that never ask pay nothing.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import { Reader, type CountryResponse } from 'mmdb-lib';

/** The table's records hold only `country_code` (ISO 3166-1 alpha-2). */
type CountryRecord = CountryResponse & { country_code?: string };

/** IPv4 and IPv6 in one file. */
const TABLE = '@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb';

let loading: Promise<Reader<CountryRecord>> | undefined;

/** Reads the table once per process; a failed read is retried on the next call. */
function table(): Promise<Reader<CountryRecord>> {
  loading ??= (async () => {
    const path = createRequire(import.meta.url).resolve(TABLE);
    return new Reader<CountryRecord>(await readFile(path));
  })().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * Addresses that belong to no country: private, loopback, link-local, shared (CGNAT),
 * documentation, unspecified, multicast and reserved ranges. Behind a proxy that is not trusted
 * (TRUST_PROXY), the client address is the proxy's, typically one of these.
 */
const NO_COUNTRY = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  NO_COUNTRY.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 127], // unspecified and loopback
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NO_COUNTRY.addSubnet(net, bits, 'ipv6');
}

/** `::ffff:203.0.113.9` (how a dual-stack socket shows an IPv4 client) -> `203.0.113.9`. */
function unmapped(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/** Whether an address can have a country at all (public unicast). */
export function isPublicAddress(address: string): boolean {
  const ip = unmapped(address.trim());
  const family = isIP(ip);
  if (family === 0) return false;
  return !NO_COUNTRY.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/** Upper-case country code of an IP address, or null (private address, not in the table, bad input). */
export async function countryOfAddress(address: string | undefined): Promise<string | null> {
  if (!address || !isPublicAddress(address)) return null;
  const record = (await table()).get(unmapped(address.trim()));
  const code = record?.country_code?.toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) ? code : null;
}
