// One lint for the whole tree (`npm run lint`): typescript-eslint with the type-aware rules that
// catch real bugs, React hooks and accessibility for the storefront and the back office, the import rules of
// ARCHITECTURE.md §1 (eslint-plugin-boundaries), no import circle (eslint-plugin-import-x) and the
// table owners of the API's modules.
// Formatting is Prettier's (`npm run format`); eslint-config-prettier turns off what it decides.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Each per-user table is written by one folder of the API (a module, or `platform` for sessions);
 * every other folder calls that folder's service; the catalogue's product tables are written by modules/catalogue.
 */
const TABLE_OWNERS = {
  products: 'modules/catalogue',
  productVariantPaths: 'modules/catalogue',
  productRegionPrices: 'modules/catalogue',
  categories: 'modules/catalogue',
  merchants: 'modules/merchants',
  regions: 'modules/regions',
  shippingLocations: 'modules/regions',
  textPages: 'modules/content',
  banners: 'modules/content',
  popups: 'modules/content',
  homeProductGroups: 'modules/content',
  imagePages: 'modules/content',
  config: 'platform',
  users: 'modules/users',
  emailVerificationCodes: 'modules/auth',
  // One-time e-mailed links: password resets (auth) and two-factor resets (tfa), each its own `purpose`.
  userTokens: ['modules/auth', 'modules/tfa'],
  authSessions: 'platform',
  refreshTokens: 'platform',
  rateLimits: 'platform',
  mailOutbox: 'platform',
  auditLog: 'platform',
  domainEvents: 'platform',
  jobs: 'platform',
  addresses: 'modules/addresses',
  cartItems: 'modules/cart',
  wishlistItems: 'modules/wishlist',
  backInStockRequests: 'modules/back-in-stock',
  recentlyViewed: 'modules/recently-viewed',
  externalProducts: 'modules/quotations',
  quotationItems: 'modules/quotations',
  checkoutSessions: 'modules/checkout',
  vouchers: 'modules/vouchers',
  voucherRedemptions: 'modules/vouchers',
  orders: 'modules/orders',
  orderLines: 'modules/orders',
  orderEvents: 'modules/orders',
  payments: 'modules/payments',
  paymentCustomers: 'modules/payments',
  savedCards: 'modules/payments',
  paymentEvents: 'modules/payments',
  taxRates: 'modules/regions',
  orderThreads: 'modules/chat',
  orderMessages: 'modules/chat',
  orderDisputes: 'modules/disputes',
  notifications: 'modules/notifications',
  notificationPreferences: 'modules/notifications',
  linkPreviews: 'modules/opengraph',
};

/** `db.insert(users)`, `tx.update(schema.users)`, `db.delete(users)` on a table this module does not own. */
function tableWrites(tables) {
  const names = tables.join('|');
  const message = `Only the table's owning module writes it (eslint.config.mjs TABLE_OWNERS): call its service.`;
  return [
    { selector: `CallExpression[callee.property.name=/^(insert|update|delete)$/][arguments.0.name=/^(${names})$/]`, message },
    {
      selector: `CallExpression[callee.property.name=/^(insert|update|delete)$/][arguments.0.object.name='schema'][arguments.0.property.name=/^(${names})$/]`,
      message,
    },
  ];
}

const apiFolders = ['platform', ...readdirSync(new URL('apps/api/src/modules', import.meta.url)).map((name) => `modules/${name}`)];
const tableOwnerRules = apiFolders.map((folder) => ({
  files: [`apps/api/src/${folder}/**/*.ts`],
  rules: {
    'no-restricted-syntax': [
      'error',
      ...tableWrites(Object.keys(TABLE_OWNERS).filter((table) => ![TABLE_OWNERS[table]].flat().includes(folder))),
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.next/**',
      'apps/web/next-env.d.ts',
      'e2e/test-results/**',
      'e2e/screenshots/**',
      '.data/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Test helpers answer parsed JSON bodies as `any` on purpose (test/helpers.ts).
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  // Type-aware rules where a tsconfig covers the file: promises that are dropped or misused are bugs.
  {
    files: [
      'packages/*/src/**/*.ts',
      'apps/api/src/**/*.ts',
      'apps/api/test/**/*.ts',
      'apps/web/src/**/*.{ts,tsx}',
      'apps/admin/src/**/*.{ts,tsx}',
    ],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-for-in-array': 'error',
      '@typescript-eslint/only-throw-error': 'error',
      '@typescript-eslint/prefer-promise-reject-errors': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/no-implied-eval': 'error',
      '@typescript-eslint/return-await': ['error', 'in-try-catch'],
    },
  },
  // The storefront: hooks and accessibility.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      // The React Compiler's rules (hooks plugin v7): the storefront is not compiled by it, and they
      // flag its deliberate load-in-effect and ref-sync patterns; issue 12 reshapes that state.
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/refs': 'off',
      'react-hooks/use-memo': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // `role="list"` on a styled list is not redundant: Safari drops list semantics with list-style none.
      'jsx-a11y/no-redundant-roles': ['error', { ul: ['list'], ol: ['list'] }],
      // Focus moves only to a step the shopper just opened (a code field after "Turn off"), never on page load.
      'jsx-a11y/no-autofocus': 'off',
    },
  },
  // The back office (apps/admin, a Vite single-page app): hooks, including the React Compiler's rules, and accessibility.
  {
    files: ['apps/admin/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/admin/src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      'jsx-a11y/no-redundant-roles': ['error', { ul: ['list'], ol: ['list'] }],
      // A wide table scrolls inside a named region, which must take focus so keyboards can scroll it.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
    },
  },
  // No import circle anywhere in the apps and packages, type-only imports included.
  {
    files: ['packages/*/src/**/*.{ts,tsx}', 'apps/*/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ alwaysTryTypes: true, project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'] }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // Import rules of ARCHITECTURE.md §1.
  {
    files: ['packages/*/src/**/*.ts', 'apps/*/src/**/*.{ts,tsx}', 'apps/api/test/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { alwaysTryTypes: true, project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'] } },
      'boundaries/include': ['packages/*/src/**/*', 'apps/*/src/**/*', 'apps/api/test/**/*'],
      // Matched in order against the whole path: the first folder that fits names the element.
      'boundaries/elements': [
        { type: 'domain', pattern: 'packages/domain', partialMatch: false },
        { type: 'contract', pattern: 'packages/contract', partialMatch: false },
        { type: 'db', pattern: 'packages/db', partialMatch: false },
        { type: 'api-module', pattern: 'apps/api/src/modules/*', capture: ['feature'], partialMatch: false },
        { type: 'api-platform', pattern: 'apps/api/src/platform', partialMatch: false },
        { type: 'api-app', pattern: 'apps/api/src', partialMatch: false },
        { type: 'api-test', pattern: 'apps/api/test', partialMatch: false },
        { type: 'web', pattern: 'apps/web', partialMatch: false },
        { type: 'admin', pattern: 'apps/admin', partialMatch: false },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            { from: { element: { type: 'domain' } }, allow: { to: { element: { type: 'domain' } } } },
            { from: { element: { type: 'contract' } }, allow: { to: { element: { types: { anyOf: ['contract', 'domain'] } } } } },
            { from: { element: { type: 'db' } }, allow: { to: { element: { types: { anyOf: ['db', 'domain'] } } } } },
            { from: { element: { type: 'web' } }, allow: { to: { element: { types: { anyOf: ['web', 'domain', 'contract'] } } } } },
            { from: { element: { type: 'admin' } }, allow: { to: { element: { types: { anyOf: ['admin', 'domain', 'contract'] } } } } },
            {
              // Cross-cutting parts serve the modules and never depend on one.
              from: { element: { type: 'api-platform' } },
              allow: { to: { element: { types: { anyOf: ['api-platform', 'domain', 'contract', 'db'] } } } },
            },
            {
              from: { element: { type: 'api-module' } },
              allow: { to: { element: { types: { anyOf: ['api-module', 'api-platform', 'domain', 'contract', 'db'] } } } },
            },
            {
              from: { element: { type: 'api-app' } },
              allow: { to: { element: { types: { anyOf: ['api-app', 'api-module', 'api-platform', 'domain', 'contract', 'db'] } } } },
            },
            {
              from: { element: { type: 'api-test' } },
              allow: {
                to: { element: { types: { anyOf: ['api-test', 'api-app', 'api-module', 'api-platform', 'domain', 'contract', 'db'] } } },
              },
            },
          ],
        },
      ],
    },
  },
  // A module's routes are composed in app.ts only; other modules call its service.
  {
    files: ['apps/api/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // `../<module>/<file>` other than `service` (platform is `../../platform/…`, not matched).
              regex: '^\\.\\./(?!\\.\\.?/)[^/]+/(?!service$)',
              message:
                'Another module is reached through its service.ts only (its routes are composed in app.ts, its other files are its own).',
            },
          ],
        },
      ],
    },
  },
  ...tableOwnerRules,
  // Plain Node scripts, benches and the browser journeys: no type information, browser globals for page code.
  { files: ['**/*.mjs', 'e2e/**/*.ts', '*.config.ts', 'packages/db/drizzle.config.ts'], ...tseslint.configs.disableTypeChecked },
  { files: ['e2e/**/*.ts', 'bench/**/*.mjs'], languageOptions: { globals: { ...globals.node, ...globals.browser } } },
  prettier,
);
