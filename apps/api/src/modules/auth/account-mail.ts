import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@kedai/db';
import type { Mailer, MailMessage } from '../../platform/mailer';
import { shopName } from '../../platform/shop-config';

export interface AccountMailDeps {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/**
 * Sends one of the account e-mails (codes, links, notices), built with the shop's name. A failure
 * is logged, never thrown: what the mail is about has already happened, and the user can ask again.
 */
export async function sendAccountMail(
  deps: AccountMailDeps,
  userId: string,
  what: string,
  build: (shop: string) => MailMessage,
): Promise<void> {
  try {
    await deps.mailer.send(build(await shopName(deps.db)));
  } catch (error) {
    deps.log.error({ err: error, userId }, `could not queue the ${what} mail`);
  }
}
