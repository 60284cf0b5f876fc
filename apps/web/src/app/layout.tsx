import type { Metadata, Viewport } from 'next';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import type { PublicConfig, Region } from '@kedai/contract';
import { PageViewTracker } from '../features/analytics/PageViewTracker';
import { currentCountry } from '../features/region/server';
import { SiteFooter } from '../features/shell/SiteFooter';
import { SiteHeader } from '../features/shell/SiteHeader';
import { TestModeBanner } from '../features/shell/TestModeBanner';
import type { InitialData } from '../store/actions';
import { StoreProvider } from '../store/StoreProvider';
import { getDefaultRegion, getPublicConfig } from '../lib/catalogue';
import './globals.css';

/** Shown when the configuration cannot be read (the page itself then shows its error state). */
const FALLBACK_SHOP_NAME = 'Kedai';

/** The value of a shell read, or null when the API is down: the shell must render regardless. */
async function orNull<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch {
    return null;
  }
}

/**
 * The configuration for the shell, or null when the API is down: the header and footer must still
 * render so the error boundary of the page has a frame around it. `connection()` comes first so the
 * shell is rendered per request and never at build time.
 */
async function shellConfig(): Promise<PublicConfig | null> {
  await connection();
  return orNull(getPublicConfig);
}

interface ShellData {
  config: PublicConfig | null;
  defaultRegion: Region | null;
  country: string | null;
}

/** Everything the shell reads, in parallel; each read is memoised per request and may be missing. */
async function shellData(): Promise<ShellData> {
  await connection(); // per request, never at build time
  const [config, defaultRegion, country] = await Promise.all([shellConfig(), orNull(getDefaultRegion), orNull(currentCountry)]);
  return { config, defaultRegion, country };
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
  const { config, defaultRegion, country } = await shellData();
  const shopName = config?.shop_name || FALLBACK_SHOP_NAME;
  const initial: InitialData = { defaultRegion };
  return (
    <html lang="en-GB" data-scroll-behavior="smooth">
      {/* data-country: the country of the address prefix or its cookie (rules: screens.md), for styles and tests. */}
      <body data-country={country ?? undefined}>
        <StoreProvider
          initial={initial}
          analyticsEndpoint={typeof config?.analytics_endpoint === 'string' ? config.analytics_endpoint : null}
        >
          {config?.payments.testMode ? <TestModeBanner /> : null}
          <SiteHeader shopName={shopName} />
          <main id="main" className="container site-main" tabIndex={-1}>
            {children}
          </main>
          <SiteFooter shopName={shopName} contactEmail={config?.contact_email || null} />
          <PageViewTracker />
        </StoreProvider>
      </body>
    </html>
  );
}
