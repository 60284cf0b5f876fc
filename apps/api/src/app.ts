import { mkdirSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Database } from '@kedai/db';
import type { AppConfig } from './platform/config';
import { registerErrorHandling } from './platform/errors';
import { clientErrorHandler, frameworkErrors, registerInputGuards } from './platform/input';
import { loggerOptions } from './platform/logging';
import { readinessInputs } from './modules/health/readiness';
import { followCatalogueChanges, useSearchEngine } from './modules/catalogue/search';
import { createMailer, type Mailer } from './platform/mailer';
import { createStripeProvider, createTestGateway, type PaymentProvider } from './modules/payments/service';
import { accessTokenKey, tfaEncryptionKeys, unsubscribeKey } from './platform/secrets';
import type { BoxKey } from './platform/secret-box';
import { registerXsrf } from './platform/xsrf';
import { backOffice, refuseAdminRoutesOutsideBackOffice } from './back-office';
import { JobRunner, wakeJobRunners } from './platform/jobs';
import { useEventClock } from './platform/events';
import { CHANNELS, inProcessPubSub, usePubSub, type PubSub } from './platform/pubsub';
import { followCacheChanges } from './platform/cache';
import { servesRoutes } from './platform/modules';
import { MODULES } from './module-list';
import { movePublicChatPhotos } from './modules/chat/photos';
import { JOB_KINDS, RECURRING_JOBS } from './jobs';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: AppConfig;
    mailer: Mailer;
    /**
     * Takes card payments (modules/payments): Stripe when configured, else the built-in test gateway,
     * which starts new payments only while `config.payments.cards` says so (it still settles a trial's).
     */
    paymentProvider: PaymentProvider;
    /** Encrypt two-factor secrets at rest (platform/secret-box.ts). */
    tfaKeys: BoxKey[];
    /** Signs one-click unsubscribe links (modules/notifications/unsubscribe.ts); not the access tokens' key. */
    unsubscribeKey: Uint8Array;
    /**
     * The durable jobs (platform/jobs.ts): `server.ts` starts it where the process runs jobs; tests call
     * `app.jobs.runDue()` to do what is due at once.
     */
    jobs: JobRunner;
    /** "Wake up, something changed" between API processes (platform/pubsub.ts); the app closes it. */
    pubsub: PubSub;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  db: Database;
  /** Pino logger options (added to the level, redaction and error serializer) or false; tests pass false. */
  logger?: false | object;
  /** Tests: the Stripe simulator (e2e/fixture-stripe.ts). Otherwise Stripe when its keys are configured, else the test gateway. */
  paymentProvider?: PaymentProvider;
  /**
   * The seam to the other API processes (server.ts: `createPubSub`; tests: the test database's). The app
   * subscribes and closes it. Absent: within this process only, for an app alone on its database.
   */
  pubsub?: PubSub;
}

/** Builds the whole API without listening: `server.ts` listens, tests use `app.inject`. */
export async function buildApp({
  config,
  db,
  logger,
  paymentProvider,
  pubsub = inProcessPubSub(),
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger === false ? false : loggerOptions(config.logLevel, logger),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Never echo internals: our handler builds every error answer, also the router's and the HTTP parser's.
    return503OnClosing: true,
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // An /admin route outside the back office's scope (and so its guard) fails the build.
  refuseAdminRoutesOutsideBackOffice(app);
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('readiness', readinessInputs(config.services.has('store')));
  useSearchEngine(db, config.searchEngine);
  // A queued delivery wakes this process's job runner at once, and the other processes' through the seam.
  const mailer = createMailer({
    db,
    config,
    log: app.log,
    wake: () => {
      app.jobs.wake();
      wakeJobRunners(db);
    },
  });
  app.decorate('mailer', mailer);
  app.decorate('paymentProvider', paymentProvider ?? (config.stripe ? createStripeProvider(config.stripe) : createTestGateway()));
  useEventClock(config.clock);
  const jobs = new JobRunner({ db, log: app.log, clock: config.clock, kinds: JOB_KINDS(app), recurring: RECURRING_JOBS(app) });
  app.decorate('jobs', jobs);
  // Caches, the search index and the job runner follow what other processes announce; readiness
  // (GET /health/ready) says whether the subscription is up.
  app.decorate('pubsub', pubsub);
  usePubSub(db, pubsub);
  await followCacheChanges(db, pubsub);
  await followCatalogueChanges(db, pubsub);
  await pubsub.subscribe(CHANNELS.jobs, () => jobs.wake());
  app.readiness.subscriptionUp = () => pubsub.isUp();
  // One close hook, so the order is ours (Fastify runs separate hooks last-added first): the job
  // under way finishes and records its outcome, then each module's own close step (its module.ts),
  // then SMTP and the subscriptions close; server.ts closes the database after.
  app.addHook('onClose', async () => {
    await jobs.stop();
    for (const module of MODULES) await module.onClose?.(app);
    await mailer.close();
    await pubsub.close();
  });
  registerErrorHandling(app);
  registerInputGuards(app);

  // Every answer: never sniffed into another type. JSON answers are per request (many per user:
  // cart, profile, sessions), so no cache keeps them unless a route says otherwise itself.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    // Draining (SIGTERM): each answer closes its connection, so no keep-alive client is caught sending
    // on a socket the closing server drops; its next request opens one the balancer sends elsewhere.
    if (app.readiness.draining) reply.header('connection', 'close');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('application/json') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });

  await app.register(cookie);
  app.decorate('accessTokenKey', accessTokenKey(config));
  app.decorate('tfaKeys', tfaEncryptionKeys(config));
  app.decorate('unsubscribeKey', unsubscribeKey(config, app.accessTokenKey));
  registerXsrf(app);
  await app.register(cors, {
    origin: config.webOrigins,
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['content-type', 'x-xsrf-token', 'idempotency-key'],
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Kedai API',
        description: 'Storefront API: the calls of docs/rules/api.md. Every non-2xx answer is an ErrorEnvelope.',
        version: '0.1.0',
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  // The document is always built (tests and tools read app.swagger()); it is served only where
  // wanted: on by default, off in production unless API_DOCS=true (issue 27). The storefront never forwards it.
  if (config.apiDocs) await app.register(swaggerUi, { routePrefix: '/docs' });

  // The embedded assets host (the store's images, the back office's uploads); production may point ASSETS_URL at a CDN instead.
  mkdirSync(config.assetsDir, { recursive: true });
  if (config.services.has('store') || config.services.has('admin')) {
    // Chat photos are private now: any still on the assets host (stored before) move to the private folder.
    const moved = await movePublicChatPhotos(config.assetsDir, config.privateDir);
    if (moved > 0) app.log.info({ moved }, 'chat photos moved off the assets host');
    await app.register(fastifyStatic, {
      root: config.assetsDir,
      prefix: '/assets/',
      maxAge: '7d',
      immutable: false,
      decorateReply: false,
    });
  }

  // Each module's shopper routes where this process runs its service (SERVICES; health and system everywhere).
  for (const module of MODULES) {
    if (!servesRoutes(module, config.services)) continue;
    for (const routes of module.routes ?? []) await app.register(routes);
  }
  // The back office (issue 14): every /admin route in one scope, behind the staff guard.
  if (config.services.has('admin')) await app.register(backOffice());

  await app.ready();
  return app;
}
