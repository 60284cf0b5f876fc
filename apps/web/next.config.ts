import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // The workspace packages export TypeScript source; Next compiles them with the app.
  transpilePackages: ['@kedai/domain', '@kedai/contract'],
  poweredByHeader: false,
  reactStrictMode: true,
  // Trailing slashes are handled in src/proxy.ts, so `/sg/` (a country's home page) is not
  // redirected to `/sg`; every other `/path/` is still redirected to `/path` there.
  skipTrailingSlashRedirect: true,
};

export default nextConfig;
