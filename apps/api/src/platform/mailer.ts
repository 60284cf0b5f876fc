import { createTransport } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { desc, eq, schema, type Database } from '@kedai/db';
import type { AppConfig } from './config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * The one way the API sends e-mail. Every mail is written to the `mail_outbox` table first (and
 * logged without its body). With `MAIL_URL` set it is then delivered over SMTP in the background:
 * `sent_at` is set when the server accepted it, `error` (and a warning in the log) when it did not.
 * Callers never wait for SMTP and never fail because of it: a mail that could not be delivered
 * stays in the outbox with its error, and the user can ask again (e.g. resend the code).
 */
export interface Mailer {
  /** Stores the mail and starts its delivery. Rejects only when the outbox cannot be written. */
  send(message: MailMessage): Promise<{ id: number }>;
  /** Resolves when every delivery started so far has finished, sent or failed. */
  flush(): Promise<void>;
  /** Waits for pending deliveries and closes the SMTP connections. */
  close(): Promise<void>;
}

/** Longest error text kept in the outbox. */
const ERROR_MAX_LENGTH = 1000;

export function createMailer({ db, config, log }: { db: Database; config: AppConfig; log: FastifyBaseLogger }): Mailer {
  const transport = config.mailUrl
    ? createTransport(
        { url: config.mailUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
        { from: config.mailFrom },
      )
    : undefined;
  const pending = new Set<Promise<void>>();

  async function deliver(id: number, message: MailMessage): Promise<void> {
    if (!transport) return;
    let error: string | undefined;
    try {
      await transport.sendMail({ to: message.to, subject: message.subject, text: message.text, html: message.html });
    } catch (cause) {
      error = (cause instanceof Error ? cause.message : String(cause)).slice(0, ERROR_MAX_LENGTH) || 'unknown error';
    }
    if (error) log.warn({ mailId: id, to: message.to, error }, 'mail delivery failed; it stays in the outbox');
    else log.info({ mailId: id }, 'mail sent');
    try {
      await db
        .update(schema.mailOutbox)
        .set(error ? { error } : { sentAt: new Date(), error: null })
        .where(eq(schema.mailOutbox.id, id));
    } catch (dbError) {
      log.error({ mailId: id, err: dbError }, 'could not record the outcome of a mail delivery');
    }
  }

  async function flush(): Promise<void> {
    while (pending.size > 0) await Promise.allSettled([...pending]);
  }

  return {
    async send(message) {
      const [row] = await db
        .insert(schema.mailOutbox)
        .values({ to: message.to, subject: message.subject, text: message.text, html: message.html })
        .returning({ id: schema.mailOutbox.id });
      const id = row!.id;
      log.info({ mailId: id, to: message.to, subject: message.subject, smtp: Boolean(transport) }, 'mail queued');
      if (transport) {
        const delivery = deliver(id, message).finally(() => pending.delete(delivery));
        pending.add(delivery);
      }
      return { id };
    },
    flush,
    async close() {
      await flush();
      transport?.close();
    },
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
