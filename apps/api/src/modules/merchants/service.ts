import { AppError, isUuid } from '@kedai/domain';
import { sql, queryRows, type Database } from '@kedai/db';
import type { Merchant } from '@kedai/contract';
import { cached } from '../../platform/cache';

interface MerchantRow {
  id: string;
  slug: string;
  name: string;
  description: string;
  logo: string | null;
  country_code: string;
  product_count: number;
}

/** Every merchant with its count of enabled products, by name. */
export function listMerchants(db: Database): Promise<Merchant[]> {
  return cached(db, 'merchants', async (reader) => {
    const rows = await queryRows<MerchantRow>(
      reader,
      sql`SELECT m.id, m.slug, m.name, m.description, m.logo, m.country_code,
                 (SELECT count(*)::int FROM products p WHERE p.merchant_id = m.id AND NOT p.disabled) AS product_count
          FROM merchants m ORDER BY m.name, m.id`,
    );
    return rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      description: row.description,
      logo: row.logo,
      countryCode: row.country_code,
      productCount: row.product_count,
    }));
  });
}

/** A merchant by id or slug; unknown ones are a 404. */
export async function findMerchant(db: Database, idOrSlug: string): Promise<Merchant> {
  const merchants = await listMerchants(db);
  const key = idOrSlug.toLowerCase();
  const merchant = merchants.find((m) => (isUuid(idOrSlug) ? m.id === key : m.slug === key));
  if (!merchant) throw new AppError('merchant/not_found', [idOrSlug]);
  return merchant;
}
