import { migrateDatabase, openDatabase } from '@kedai/db';
import { isEmpty, seedDemo, seedTextPages } from '@kedai/db/seed';
import { pino } from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './platform/config';
import { loggerOptions } from './platform/logging';
import { warmSearchEngine } from './modules/catalogue/search';
import { createPubSub } from './platform/pubsub';
import { tfaEncryptionKeys } from './platform/secrets';
import { sealStoredSecrets } from './modules/tfa/service';
import { DEMO_OWNER, ensureDemoOwner } from './modules/staff/service';
import { startDraining } from './modules/health/routes';

/** Starts the API: checks config, migrates, seeds an empty database, listens, shuts down cleanly. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const log = pino(loggerOptions(config.logLevel));
  const handle = await openDatabase({ url: config.databaseUrl, dataDir: config.pgliteDir, poolSize: config.databasePoolSize });
  log.info({ database: handle.kind }, 'database open');
  await migrateDatabase(handle);
  // Two-factor secrets stored before encryption at rest, or under a key that is no longer the first.
  const sealed = await sealStoredSecrets(handle.db, tfaEncryptionKeys(config));
  if (sealed > 0) log.info({ users: sealed }, 'two-factor secrets sealed with the current key');
  if (config.seedDemo && (await isEmpty(handle.db))) {
    log.info('empty database: seeding the demo catalogue');
    const { products } = await seedDemo(handle.db, { assetsDir: config.assetsDir, log: (msg) => log.info(msg) });
    log.info({ products }, 'demo catalogue seeded');
  } else if (config.seedDemo) {
    // A database seeded before the text pages existed gets them too; edited pages are left alone.
    const added = await seedTextPages(handle.db);
    if (added > 0) log.info({ pages: added }, 'default text pages added');
  }

  // The documented demo owner (README "Back office"), for trying the back office on the embedded
  // demo only: never in production, never on a PostgreSQL a real shop may use.
  if (config.seedDemo && config.env !== 'production' && !config.databaseUrl && (await ensureDemoOwner({ db: handle.db }))) {
    log.warn(
      { email: DEMO_OWNER.email },
      'demo owner added (password in the README): change it, or set SEED_DEMO=false, before the shop faces the internet',
    );
  }

  // Pub/sub to the other API processes (Redis when REDIS_URL is set); the app follows it and closes it.
  const pubsub = createPubSub(handle, config, log);
  log.info({ pubsub: pubsub.kind }, 'pub/sub chosen');
  const app = await buildApp({ config, db: handle.db, pubsub });
  // Payments that move no money, or none at all, are said at start (decision 0019).
  if (config.env === 'production' && config.payments.testMode) {
    log.warn(
      'PAYMENTS_TEST_MODE is on: payments move no real money, and every page and order e-mail says so. Not for a shop taking orders.',
    );
  } else if (config.env === 'production' && !config.payments.cards) {
    log.warn(
      'No card provider: cards are not offered. Set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET to take them ' +
        '(PayNow is offered once an owner sets its details in the back office).',
    );
  }
  if (config.devOutbox) {
    log.warn(
      'DEV_OUTBOX is on: GET /dev/outbox shows every mail the shop sends (codes and reset links) to clients on this machine. ' +
        'Set DEV_OUTBOX=false (or NODE_ENV=production) before the shop faces the internet.',
    );
  }

  // Durable jobs (platform/jobs.ts, the lists in jobs.ts): recurring work rows exist (order expiry,
  // two-factor resets, …), then due jobs and mail deliveries run here until shutdown.
  // Only where SERVICES names `jobs`: other processes queue work, and wake the runners through the database.
  if (config.services.has('jobs')) {
    await app.jobs.schedule();
    app.jobs.start();
  }
  // The search index loads now, not on the first shopper's search; only where shoppers search.
  if (config.services.has('store')) warmSearchEngine(app.db);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Not ready first, for the grace (SHUTDOWN_GRACE_SECONDS), so the balancer stops sending requests
    // while this process still answers them; then app.close() finishes those in flight.
    startDraining(app);
    const grace = config.shutdownGraceSeconds * 1000;
    const force = setTimeout(() => process.exit(1), grace + 10_000).unref();
    try {
      // Jobs serve no request: they stop between runs during the grace, not after it.
      await Promise.all([new Promise((done) => setTimeout(done, grace)), app.jobs.stop()]);
      await app.close();
      await handle.close();
      clearTimeout(force);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
