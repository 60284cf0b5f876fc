import type { Metadata, Viewport } from 'next';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import type { PublicConfig } from '@kedai/contract';
import { SiteFooter } from '../features/shell/SiteFooter';
import { SiteHeader } from '../features/shell/SiteHeader';
import { getPublicConfig } from '../lib/catalogue';
import './globals.css';

/** Shown when the configuration cannot be read (the page itself then shows its error state). */
const FALLBACK_SHOP_NAME = 'Kedai';

/**
 * The configuration for the shell, or null when the API is down: the header and footer must still
 * render so the error boundary of the page has a frame around it. `connection()` comes first so the
 * shell is rendered per request and never at build time.
 */
async function shellConfig(): Promise<PublicConfig | null> {
  await connection();
  try {
    return await getPublicConfig();
  } catch {
    return null;
  }
}

export async function generateMetadata(): Promise<Metadata> {
  const config = await shellConfig();
  const shopName = config?.shop_name || FALLBACK_SHOP_NAME;
  return {
    title: { default: shopName, template: `%s · ${shopName}` },
    description: `Shop at ${shopName}: products from local merchants and marketplaces around the world, with prices in your currency and delivery to many countries.`,
    applicationName: shopName,
    formatDetection: { telephone: false },
  };
}

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#0b5d4b',
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const config = await shellConfig();
  const shopName = config?.shop_name || FALLBACK_SHOP_NAME;
  return (
    <html lang="en-GB">
      <body>
        <SiteHeader shopName={shopName} />
        <main id="main" className="container site-main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter shopName={shopName} contactEmail={config?.contact_email || null} />
      </body>
    </html>
  );
}
