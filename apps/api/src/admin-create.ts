/**
 * `npm run admin:create -- --email owner@shop.example [--role owner|staff] [--first-name …] [--last-name …]`
 *
 * Makes an account a member of the shop's staff (by default an owner), creating it when the address
 * has none, and prints a one-time link to choose its password (also e-mailed: through SMTP when
 * MAIL_URL is set, else kept in the outbox). Uses the same configuration as the API (DATABASE_URL,
 * or the embedded database in DATA_DIR).
 */
import { parseArgs } from 'node:util';
import { migrateDatabase, openDatabase } from '@kedai/db';
import { STAFF_ROLES, type StaffRole } from '@kedai/domain';
import { pino } from 'pino';
import { ConfigError, loadConfig } from './platform/config';
import { loggerOptions } from './platform/logging';
import { createMailer } from './platform/mailer';
import { makeStaff } from './modules/staff/service';

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      role: { type: 'string', default: 'owner' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
    },
  });
  const role = values.role as StaffRole;
  if (!values.email || !(STAFF_ROLES as readonly string[]).includes(role)) {
    console.error('Usage: npm run admin:create -- --email someone@shop.example [--role owner|staff] [--first-name Ana] [--last-name Lim]');
    process.exit(64); // EX_USAGE
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  const log = pino(loggerOptions(config.logLevel === 'info' ? 'warn' : config.logLevel));
  const handle = await openDatabase({ url: config.databaseUrl, dataDir: config.pgliteDir, poolSize: 2 });
  try {
    await migrateDatabase(handle);
    const mailer = createMailer({ db: handle.db, config, log });
    const result = await makeStaff(
      { db: handle.db, config, mailer, log },
      { email: values.email, role, firstName: values['first-name'], lastName: values['last-name'] },
    );
    await mailer.close();
    console.log(`${result.created ? 'Created' : 'Updated'} ${values.email} as ${role}.`);
    console.log(`Choose a password (the link works once): ${result.link}`);
    console.log('Then sign in to the back office and set up two-factor authentication.');
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
