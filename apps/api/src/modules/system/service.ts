import { schema, type Database } from '@kedai/db';
import type { PublicConfig } from '@kedai/contract';
import type { AppConfig } from '../../platform/config';
import { cached } from '../../platform/cache';

const DEFAULTS = {
  app_currency: 'SGD',
  default_region: 'SG',
  shop_name: 'Kedai',
  contact_email: 'hello@kedai.example',
  thumbnail_suffix: '_thumb',
  placeholder_image: 'placeholder.svg',
};

/** The shop's configuration entries from the database, over the built-in defaults. */
export function configEntries(db: Database): Promise<Record<string, unknown>> {
  return cached(db, 'config', async () => {
    const rows = await db.select().from(schema.config);
    return { ...DEFAULTS, ...Object.fromEntries(rows.map((row) => [row.key, row.value])) };
  });
}

/** The shop's name, as e-mails and the authenticator app show it. */
export async function shopName(db: Database): Promise<string> {
  return String((await configEntries(db)).shop_name ?? DEFAULTS.shop_name);
}

export async function publicConfig(db: Database, appConfig: AppConfig): Promise<PublicConfig> {
  const entries = await configEntries(db);
  return { ...(entries as typeof DEFAULTS), assets_url: appConfig.assetsUrl };
}
