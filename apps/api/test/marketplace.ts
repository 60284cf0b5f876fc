/**
 * The fixture marketplace (e2e/fixture-marketplace.mjs, also run by the browser journeys): pretend shop
 * pages on loopback, reached by the API only through SAFE_FETCH_TEST_ORIGINS.
 */
interface FixtureMarketplace {
  FIXTURE_PAGES: Record<
    | 'jsonLd'
    | 'jsonLdGraph'
    | 'openGraph'
    | 'microdata'
    | 'noData'
    | 'redirect'
    | 'redirectPrivate'
    | 'redirectMetadata'
    | 'redirectLoop'
    | 'slow'
    | 'huge'
    | 'hugeDeclared'
    | 'image'
    | 'gone',
    string
  >;
  startFixtureMarketplace(options?: { port?: number; host?: string }): Promise<{ origin: string; close(): Promise<void> }>;
}
const fixtureModule: string = new URL('../../../e2e/fixture-marketplace.mjs', import.meta.url).href;
export const { FIXTURE_PAGES, startFixtureMarketplace } = (await import(fixtureModule)) as FixtureMarketplace;
