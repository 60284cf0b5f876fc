/** Sessions, refresh tokens, rate-limit counters, the mail outbox, the audit log, domain events and jobs (apps/api platform). */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/**
 * Every e-mail the shop sends, newest last. Delivered over SMTP when MAIL_URL is set (`sent_at`,
 * or `error` when delivery failed); otherwise it only lives here (the development outbox).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Extra headers to send with it (an optional e-mail's `List-Unsubscribe`, RFC 8058); null for none. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to, t.id.desc())],
);

/**
 * Fixed-window rate-limit counters shared by every API process (apps/api/src/platform/rate-limit.ts).
 * One row per key and window; `hits` only grows, through one atomic upsert. Rows past `expires_at`
 * are dead and deleted opportunistically.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    /** `<limiter name>:<subject>`, e.g. `register:ip:203.0.113.7`. */
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    /** End of the window: the row is of no use afterwards. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limits_expires_idx').on(t.expiresAt)],
);

/**
 * A signed-in session: one per sign-in, the "family" of its refresh tokens. Revoking it (logout,
 * refresh-token reuse, password change or reset) ends every access token that names it, since each
 * authenticated request checks its session here.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** "Remember me": the refresh cookie outlives the browser session. */
    remember: boolean('remember').notNull(),
    /** When the user passed two-factor authentication in this session. */
    tfaPassedAt: timestamp('tfa_passed_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** Sliding: each refresh moves it on by the session's lifetime. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** logout, refresh_token_reuse, password_changed, password_reset, blacklisted */
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

/**
 * Opaque refresh tokens, stored as SHA-256 hashes. Each is used once: refreshing marks it
 * `rotated_at` and issues its successor in the same session; presenting a rotated one again revokes
 * the session (after a short grace for two tabs refreshing at once).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_idx').on(t.tokenHash), index('refresh_tokens_session_idx').on(t.sessionId)],
);

/**
 * Every back-office write: who (the staff member; null for the command line), when, what (`action`
 * on `object_type`/`object_id`) and the values before and after (null before a create, after a
 * delete). Written in the same transaction as the change it records; never updated.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_object_idx').on(t.objectType, t.objectId, t.createdAt.desc()),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt.desc()),
    index('audit_log_newest_idx').on(t.createdAt.desc()),
  ],
);

/**
 * Domain events, the transactional outbox (issue 28, decision 0022): a service writes one in the same
 * transaction as the change it tells of (`order.shipped` about an order), so nothing is told of a change
 * that rolled back and nothing is lost of one that committed. The jobs runner's dispatcher turns each
 * into one job per handler and sets `dispatched_at`; consumers read events, never another module's tables.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** `<subject kind>.<what happened>`, e.g. `order.paid` (platform/events.ts lists them). */
    type: text('type').notNull(),
    /** The id of what it is about (an order's, a quotation item's, a product's). */
    subject: text('subject').notNull(),
    payload: jsonb('payload').notNull().default({}),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
  },
  (t) => [
    index('domain_events_undispatched_idx')
      .on(t.id)
      .where(sql`dispatched_at IS NULL`),
    index('domain_events_subject_idx').on(t.subject, t.id),
  ],
);

/**
 * Durable jobs (issue 28, decision 0022): work done after a commit, claimed by one process at a time
 * (`FOR UPDATE SKIP LOCKED`), retried with exponential backoff and `dead` after `max_attempts`, when
 * staff see it in the back office and may retry it. A running job whose process died is claimed again
 * once `locked_until` passes. Recurring work (order expiry, …) is one job per kind, keyed
 * `every:<kind>`, queued again after each run.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** What runs it (platform/jobs.ts `JobKind.name`), e.g. `mail.deliver`. */
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default({}),
    /** queued (waiting for `run_at`), running, done, dead. */
    state: text('state').notNull().default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    /** A running job's lease: past it, the job is claimed again (its process is taken for dead). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Which claim runs it: set anew by each claim, so a claim whose lease passed cannot record over a newer one. */
    claimToken: uuid('claim_token'),
    lastError: text('last_error'),
    /** At most one job per key: one per event and handler, one per recurring kind. */
    singletonKey: text('singleton_key'),
    /** The event it handles, if any. */
    eventId: bigint('event_id', { mode: 'number' }).references(() => domainEvents.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`state IN ('queued', 'running')`),
    uniqueIndex('jobs_singleton_idx').on(t.singletonKey),
    index('jobs_state_idx').on(t.state, t.id.desc()),
  ],
);
