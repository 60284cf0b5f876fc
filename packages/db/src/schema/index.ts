/** The database schema, one file per module that owns the tables (eslint.config.mjs TABLE_OWNERS). */
export * from './catalogue';
export * from './regions';
export * from './config';
export * from './content';
export * from './recently-viewed';
export * from './users';
export * from './auth';
export * from './platform';
export * from './addresses';
export * from './cart';
export * from './wishlist';
export * from './back-in-stock';
export * from './quotations';
export * from './orders';
export * from './payments';
export * from './chat';
