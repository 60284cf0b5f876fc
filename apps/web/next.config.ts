import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // The workspace packages export TypeScript source; Next compiles them with the app.
  transpilePackages: ['@kedai/domain', '@kedai/contract'],
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
