import type { Database } from '@kedai/db';
import { CHANNELS, tellOthers } from './pubsub';

/**
 * Live updates to the sockets of every API process (issue 29): what changed, by ids only. The
 * database is the truth: a socket that hears of a change reads it from the tables (the messages
 * after the last one it sent, the thread's read marks, the shopper's counts) and sends that. Typing is
 * the one exception: it is never stored, so its announcement carries who types.
 *
 * Announce after the commit: a wake-up heard before the rows are visible would read nothing.
 */
export type LiveChange =
  /**
   * New messages in an order's thread (its buyer's id saves each process a read). `author` 'shopper':
   * the buyer wrote it, which leaves their unread counts as they were, so no process recounts them.
   */
  | { kind: 'message'; orderId: string; userId: string; author?: 'shopper' | 'staff' | 'system' }
  /** A read mark moved in an order's thread. */
  | { kind: 'read'; orderId: string; userId: string }
  /** Someone is typing in an order's thread. */
  | { kind: 'typing'; orderId: string; userId: string; role: 'shopper' | 'staff'; name: string | null; by: string }
  /** The thread changed for the inbox without a message (marked done, a dispute resolved). */
  | { kind: 'thread'; orderId: string; userId: string }
  /** A shopper's unread counts changed (a notification written or read). */
  | { kind: 'counts'; userId: string };

/** Tells every process's sockets of `change`; never throws (a lost wake-up is caught up by polling and reconnects). */
export function announce(db: Database, change: LiveChange): void {
  tellOthers(db, CHANNELS.live, JSON.stringify(change));
}

/** The change a live message names, or null for one that is not ours. */
export function parseLiveChange(message: string): LiveChange | null {
  try {
    const value = JSON.parse(message) as { kind?: unknown; orderId?: unknown; userId?: unknown } | null;
    if (!value || typeof value !== 'object' || typeof value.kind !== 'string') return null;
    if (value.kind === 'counts') return typeof value.userId === 'string' ? (value as LiveChange) : null;
    return typeof value.orderId === 'string' && typeof value.userId === 'string' ? (value as LiveChange) : null;
  } catch {
    return null;
  }
}
