/**
 * `npm run admin:create -- --email owner@shop.example [--role owner|staff] [--first-name …] [--last-name …]`
 *
 * Makes an account a member of the shop's staff (by default an owner), creating it when the address
 * has none, and prints a one-time link to choose its password (also e-mailed: when MAIL_URL is set
 * the mail is queued as a `mail.deliver` job, which the running API's job runner delivers; else it is
 * kept in the outbox). Uses the same configuration as the API (DATABASE_URL, or the embedded
 * database in DATA_DIR).
 *
 * `npm run admin:create -- --email owner@shop.example --reset-two-factor` turns an existing account's
 * two-factor authentication off instead (audited, the account e-mailed, every session ended): the
 * way out for the last owner who lost both the authenticator and the recovery codes (decision 0021).
 */
import { parseArgs } from 'node:util';
import { migrateDatabase, openDatabase } from '@kedai/db';
import { STAFF_ROLES, type StaffRole } from '@kedai/domain';
import { pino } from 'pino';
import { ConfigError, loadConfig } from './platform/config';
import { loggerOptions } from './platform/logging';
import { createMailer } from './platform/mailer';
import { makeStaff, resetTfaFromServer } from './modules/staff/service';

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      role: { type: 'string', default: 'owner' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      'reset-two-factor': { type: 'boolean', default: false },
    },
  });
  const role = values.role as StaffRole;
  if (!values.email || !(STAFF_ROLES as readonly string[]).includes(role)) {
    console.error('Usage: npm run admin:create -- --email someone@shop.example [--role owner|staff] [--first-name Ana] [--last-name Lim]');
    console.error('       npm run admin:create -- --email someone@shop.example --reset-two-factor');
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
    if (values['reset-two-factor']) {
      await resetTfaFromServer({ db: handle.db, config, mailer, log }, { email: values.email });
      await mailer.close();
      console.log(`Two-factor authentication is off for ${values.email}; every session of it ended, and it was e-mailed.`);
      console.log('Sign in with the password and set up two-factor authentication again.');
      return;
    }
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
