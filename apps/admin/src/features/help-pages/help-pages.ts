/** The shop's text pages staff edit (`PUT /admin/text_page/{slug}`), shown by the storefront at `/help/<slug>`. */
export const HELP_PAGES = [
  { slug: 'shipping', label: 'Shipping' },
  { slug: 'returns', label: 'Returns and refunds' },
  { slug: 'privacy', label: 'Privacy policy' },
  { slug: 'terms', label: 'Terms and conditions' },
] as const;

export type HelpSlug = (typeof HELP_PAGES)[number]['slug'];

export const helpPageOf = (slug: string | undefined) => HELP_PAGES.find((page) => page.slug === slug) ?? null;

/** The page's path on the storefront. */
export const storefrontHelpPath = (slug: HelpSlug): string => `/help/${slug}`;
