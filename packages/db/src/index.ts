export * from './client';
export * as schema from './schema';
export type { RegionPrices, ImagePageBlock } from './schema';
export { sql, eq, and, or, not, inArray, asc, desc, isNull, gt, gte, lt, lte, ne, count } from 'drizzle-orm';
export type { SQL } from 'drizzle-orm';
