import { createTransport } from 'nodemailer';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { desc, eq, schema, type Database } from '@kedai/db';
import type { AppConfig } from './config';
import { queueJob, type JobKind } from './jobs';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. an optional e-mail's one-click unsubscribe (`List-Unsubscribe`, RFC 8058). */
  headers?: Record<string, string>;
}

/**
 * The one way the API sends e-mail. Every mail is written to the `mail_outbox` table first (and
 * logged without its body). With `MAIL_URL` set, a `mail.deliver` job is queued in the same
 * transaction and delivers it over SMTP: `sent_at` is set when the server accepted it; a refusal
 * records `error` and the job tries again with backoff, up to MAIL_MAX_ATTEMPTS tries, after which
 * it is dead and staff see it in the back office (and may retry it). Callers never wait for SMTP and
 * never fail because of it.
 */
export interface Mailer {
  /** Stores the mail and queues its delivery. Rejects only when the outbox cannot be written. */
  send(message: MailMessage): Promise<{ id: number }>;
  /**
   * Delivers outbox mail `id` over SMTP (the `mail.deliver` job): nothing when it was sent already;
   * throws when the server refused it (its error recorded on the mail) or no SMTP is configured.
   */
  deliver(id: number): Promise<void>;
  /** Closes the SMTP connections. */
  close(): Promise<void>;
}

const MAIL_DELIVER = 'mail.deliver';
/** Tries of one mail before it is dead: with the runner's backoff, about four hours. */
export const MAIL_MAX_ATTEMPTS = 10;
/** Longest error text kept in the outbox. */
const ERROR_MAX_LENGTH = 1000;

export function createMailer({
  db,
  config,
  log,
  wake,
}: {
  db: Database;
  config: AppConfig;
  log: FastifyBaseLogger;
  /** Tells the job runner a delivery is queued (the app wires its runner's `wake`). */
  wake?: () => void;
}): Mailer {
  const transport = config.mailUrl
    ? createTransport(
        { url: config.mailUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
        { from: config.mailFrom },
      )
    : undefined;

  return {
    async send(message) {
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(schema.mailOutbox)
          .values({ to: message.to, subject: message.subject, text: message.text, html: message.html, headers: message.headers ?? null })
          .returning({ id: schema.mailOutbox.id });
        if (transport) {
          // Due now by the runners' clock (tests set one; absent, the database's now()).
          await queueJob(tx, MAIL_DELIVER, { mailId: row!.id }, { maxAttempts: MAIL_MAX_ATTEMPTS, runAt: config.clock?.() });
        }
        return row!.id;
      });
      log.info({ mailId: id, to: message.to, subject: message.subject, smtp: Boolean(transport) }, 'mail queued');
      if (transport) wake?.();
      return { id };
    },
    async deliver(id) {
      if (!transport) throw new Error('MAIL_URL is not set: no SMTP server to deliver to');
      const [mail] = await db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.id, id));
      if (!mail) {
        log.warn({ mailId: id }, 'mail to deliver not in the outbox; nothing to do');
        return;
      }
      // A second run (the process died before recording the job done) sends nothing again.
      if (mail.sentAt) return;
      try {
        await transport.sendMail({
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: mail.headers ?? undefined,
        });
      } catch (cause) {
        const error = (cause instanceof Error ? cause.message : String(cause)).slice(0, ERROR_MAX_LENGTH) || 'unknown error';
        log.warn({ mailId: id, to: mail.to, error }, 'mail delivery failed; it is tried again later');
        await db.update(schema.mailOutbox).set({ error }).where(eq(schema.mailOutbox.id, id));
        throw new Error(error);
      }
      log.info({ mailId: id }, 'mail sent');
      await db.update(schema.mailOutbox).set({ sentAt: new Date(), error: null }).where(eq(schema.mailOutbox.id, id));
    },
    async close() {
      transport?.close();
    },
  };
}

/** The job that delivers one outbox mail (queued by `Mailer.send` when MAIL_URL is set). */
export function mailDeliveryJob(app: FastifyInstance): JobKind<{ mailId: number }> {
  return {
    name: MAIL_DELIVER,
    maxAttempts: MAIL_MAX_ATTEMPTS,
    run: ({ mailId }) => app.mailer.deliver(mailId),
  };
}

export interface OutboxEntry {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: Date;
}

/** The mails to one (normalised) address, newest first. For the development outbox only. */
export async function listOutbox(db: Database, to: string, limit = 50): Promise<OutboxEntry[]> {
  return db
    .select({
      id: schema.mailOutbox.id,
      to: schema.mailOutbox.to,
      subject: schema.mailOutbox.subject,
      text: schema.mailOutbox.text,
      html: schema.mailOutbox.html,
      createdAt: schema.mailOutbox.createdAt,
    })
    .from(schema.mailOutbox)
    .where(eq(schema.mailOutbox.to, to))
    .orderBy(desc(schema.mailOutbox.id))
    .limit(limit);
}
