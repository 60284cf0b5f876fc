import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { AppError, roleAllows } from '@kedai/domain';
import type { Database, Subscription } from '@kedai/db';
import { SOCKET_CLOSE, SocketClientFrame, type ChatMessage, type SocketServerFrame } from '@kedai/contract';
import { announce, parseLiveChange, type LiveChange } from '../../platform/live';
import { CHANNELS, type PubSub } from '../../platform/pubsub';
import { sessionsStillValid } from '../../platform/session';
import { messagesAfter, readMarks, shopperUnreadTotal, threadAccess, threadState } from './service';
import { unreadNotificationCount } from '../notifications/service';

/**
 * The live sockets of one API process (decision 0025): who is connected, which threads each follows,
 * and what each was last sent. A wake-up from the pub/sub seam (platform/live.ts) only names what
 * changed; the hub reads it from the tables once per change and hands each socket what follows what
 * it already has, so a socket is sent every message of a followed thread once, in order, however the
 * wake-ups arrive (late, twice, or lost and made good by `catchUp` after a gap).
 */

type SocketRole = 'shopper' | 'staff';

interface SocketLimits {
  /** Open sockets of one user on this process; the next is closed with 4429. */
  socketsPerUser: number;
  /** Frames one socket may send per second; beyond, it is closed with 4429 (its user's other sockets stay). */
  framesPerSecond: number;
  /** Threads one socket may follow at once. */
  subscriptionsPerSocket: number;
  /** One typing announcement per socket and thread per this many milliseconds; the rest are dropped. */
  typingEveryMs: number;
  /** How often every socket's session is read again (revoked, expired, blacklisted, staff role or two-factor lost: closed 4003). */
  sessionCheckMs: number;
  /**
   * How often every followed thread is read again from what each socket was last sent: a wake-up
   * lost without the seam noticing (a failed NOTIFY or publish) is then late by this much at most,
   * where a client with its socket open no longer polls.
   */
  catchUpEveryMs: number;
}

const DEFAULT_SOCKET_LIMITS: SocketLimits = {
  socketsPerUser: 10,
  framesPerSecond: 20,
  subscriptionsPerSocket: 50,
  typingEveryMs: 2_000,
  sessionCheckMs: 60_000,
  catchUpEveryMs: 30_000,
};

/** Timers the hub uses: the real ones, or a test's. */
interface HubTimers {
  now(): number;
  setTimeout(run: () => void, ms: number): { unref?(): unknown } | unknown;
  clearTimeout(handle: unknown): void;
  setInterval(run: () => void, ms: number): { unref?(): unknown } | unknown;
  clearInterval(handle: unknown): void;
}

const realTimers: HubTimers = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
  setInterval: (run, ms) => setInterval(run, ms).unref(),
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
};

/** A client frame is a few dozen bytes; a larger one closes its socket (4400). */
const SOCKET_MAX_FRAME_BYTES = 4 * 1024;
/** Messages read per query while catching a thread's sockets up. */
const PAGE = 100;
/** A setTimeout longer than this fires at once in Node; a token living longer is checked by the session sweep. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

interface Following {
  buyerId: string;
  /** The id of the last message this socket was sent (or had, by `after`). */
  lastSent: number;
}

interface LiveSocket {
  /** Names the socket across processes, so its own typing does not come back to it. */
  readonly id: string;
  readonly ws: WebSocket;
  readonly userId: string;
  readonly sessionId: string;
  readonly role: SocketRole;
  readonly name: string | null;
  /** Unix seconds at which the access token it was opened with expires. */
  readonly tokenExpiresAt: number;
  following: Map<string, Following>;
  inbox: boolean;
  frameWindow: { start: number; count: number };
  typingSentAt: Map<string, number>;
  expiryTimer: unknown;
  closed: boolean;
}

interface OpenSocket {
  ws: WebSocket;
  userId: string;
  sessionId: string;
  role: SocketRole;
  name: string | null;
  tokenExpiresAt: number;
}

/** Runs one task per key at a time; a request while it runs makes it run once more after (wake-ups coalesce). */
class Coalescing {
  private running = new Map<string, { again: boolean; done: Promise<void> }>();
  constructor(private onError: (error: unknown, key: string) => void) {}

  run(key: string, task: () => Promise<void>): Promise<void> {
    const current = this.running.get(key);
    if (current) {
      current.again = true;
      return current.done;
    }
    const state = { again: false, done: Promise.resolve() };
    this.running.set(key, state);
    state.done = (async () => {
      try {
        do {
          state.again = false;
          await task();
        } while (state.again);
      } catch (error) {
        this.onError(error, key);
      } finally {
        this.running.delete(key);
      }
    })();
    return state.done;
  }

  /** Settles once every task under way has finished (tests). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running.values()].map((state) => state.done));
  }
}

export class SocketHub {
  private readonly all = new Set<LiveSocket>();
  private readonly byUser = new Map<string, Set<LiveSocket>>();
  private readonly byOrder = new Map<string, Set<LiveSocket>>();
  private readonly threads: Coalescing;
  private readonly counts: Coalescing;
  private subscription: Subscription | null = null;
  private sweepTimer: unknown = null;
  private catchUpTimer: unknown = null;
  private closing = false;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    readonly limits: SocketLimits = DEFAULT_SOCKET_LIMITS,
    private readonly timers: HubTimers = realTimers,
  ) {
    const onError = (error: unknown, key: string) => this.log.error({ err: error, key }, 'live socket: reading what changed failed');
    this.threads = new Coalescing(onError);
    this.counts = new Coalescing(onError);
  }

  /** Follows the live channel; after a gap in it, every socket catches up from the tables. */
  async start(pubsub: PubSub): Promise<void> {
    this.subscription = await pubsub.subscribe(CHANNELS.live, (message) => this.hear(message), { onReconnect: () => this.catchUp() });
    this.sweepTimer = this.timers.setInterval(() => void this.checkSessions(), this.limits.sessionCheckMs);
    this.catchUpTimer = this.timers.setInterval(() => this.catchUpThreads(), this.limits.catchUpEveryMs);
  }

  /** Closes every socket with 1001 (going away: the client reconnects, to another process) and stops following. */
  async close(): Promise<void> {
    this.closing = true;
    if (this.sweepTimer) this.timers.clearInterval(this.sweepTimer);
    if (this.catchUpTimer) this.timers.clearInterval(this.catchUpTimer);
    for (const socket of [...this.all]) this.closeSocket(socket, 1001, 'server shutting down');
    await this.subscription?.stop();
    await Promise.all([this.threads.idle(), this.counts.idle()]);
  }

  get size(): number {
    return this.all.size;
  }

  /** Registers an upgraded socket; answers null when it was closed at once (over the per-user limit, or closing). */
  open(input: OpenSocket): LiveSocket | null {
    const socket: LiveSocket = {
      ...input,
      id: randomUUID(),
      following: new Map(),
      inbox: false,
      frameWindow: { start: 0, count: 0 },
      typingSentAt: new Map(),
      expiryTimer: null,
      closed: false,
    };
    if (this.closing) {
      socket.ws.close(1001, 'server shutting down');
      return null;
    }
    const mine = this.byUser.get(socket.userId);
    if (mine && mine.size >= this.limits.socketsPerUser) {
      socket.ws.close(SOCKET_CLOSE.tooMany, 'too many connections');
      return null;
    }
    this.all.add(socket);
    addTo(this.byUser, socket.userId, socket);
    socket.ws.on('message', (data, isBinary) => this.receive(socket, data, isBinary));
    socket.ws.on('close', () => this.forget(socket));
    this.scheduleExpiry(socket);
    this.send(socket, { type: 'ready', role: socket.role });
    void this.counts.run(socket.userId, () => this.sendCounts(socket.userId));
    return socket;
  }

  /** Closes the sockets whose access token has expired by `nowMs` with 4001: their clients refresh over HTTP and reconnect. */
  expireTokens(nowMs = this.timers.now()): void {
    for (const socket of [...this.all]) {
      if (socket.tokenExpiresAt * 1000 <= nowMs) this.closeSocket(socket, SOCKET_CLOSE.sessionExpired, 'session expired');
    }
  }

  /**
   * Reads every socket's session again; a revoked or expired one is closed with 4003, and so is a
   * staff socket whose user is no longer staff or no longer has two-factor set up and passed.
   */
  async checkSessions(): Promise<void> {
    const sessionIds = [...new Set([...this.all].map((socket) => socket.sessionId))];
    if (sessionIds.length === 0) return;
    let valid: Awaited<ReturnType<typeof sessionsStillValid>>;
    try {
      valid = await sessionsStillValid(this.db, sessionIds);
    } catch (error) {
      this.log.error({ err: error }, 'live socket: checking sessions failed; trying at the next sweep');
      return;
    }
    for (const socket of [...this.all]) {
      const session = valid.get(socket.sessionId);
      if (!session || (socket.role === 'staff' && !(roleAllows(session.role, 'staff') && session.tfaPassed))) {
        this.closeSocket(socket, SOCKET_CLOSE.signedOut, 'signed out');
      }
    }
  }

  /** After a gap in the live channel: every followed thread and every user's counts read again from the tables. */
  catchUp(): void {
    this.catchUpThreads();
    for (const orderId of this.byOrder.keys()) void this.threads.run(`r:${orderId}`, () => this.deliverReadMarks(orderId));
    for (const userId of this.byUser.keys()) void this.counts.run(userId, () => this.sendCounts(userId));
    for (const socket of this.all) if (socket.inbox) this.send(socket, { type: 'thread', orderId: '*' });
  }

  /** Every followed thread read again from each socket's last-sent message (one read per thread; none when nothing is followed). */
  catchUpThreads(): void {
    if (this.closing) return;
    for (const orderId of this.byOrder.keys()) void this.threads.run(`m:${orderId}`, () => this.deliverMessages(orderId));
  }

  /** Settles once every read under way has been sent (tests). */
  async idle(): Promise<void> {
    await Promise.all([this.threads.idle(), this.counts.idle()]);
  }

  // What another process (or this one) announced.

  private hear(message: string): void {
    const change = parseLiveChange(message);
    if (!change || this.closing) return;
    switch (change.kind) {
      case 'message':
        if (this.byOrder.has(change.orderId)) void this.threads.run(`m:${change.orderId}`, () => this.deliverMessages(change.orderId));
        this.tellInbox(change.orderId);
        if (change.author !== 'shopper') void this.counts.run(change.userId, () => this.sendCounts(change.userId));
        return;
      case 'read':
        if (this.byOrder.has(change.orderId)) void this.threads.run(`r:${change.orderId}`, () => this.deliverReadMarks(change.orderId));
        this.tellInbox(change.orderId);
        void this.counts.run(change.userId, () => this.sendCounts(change.userId));
        return;
      case 'thread':
        this.tellInbox(change.orderId);
        return;
      case 'counts':
        void this.counts.run(change.userId, () => this.sendCounts(change.userId));
        return;
      case 'typing':
        this.relayTyping(change);
        return;
    }
  }

  /**
   * The messages of a thread its sockets have not been sent: one read from the lowest mark among
   * them, and each socket gets what follows its own mark (so none is sent twice, none skipped).
   */
  private async deliverMessages(orderId: string): Promise<void> {
    const marks = () => [...(this.byOrder.get(orderId) ?? [])].map((socket) => socket.following.get(orderId)?.lastSent ?? Infinity);
    const first = marks();
    if (first.length === 0) return;
    let after = Math.min(...first);
    for (;;) {
      const page: ChatMessage[] = await messagesAfter(this.db, orderId, after, PAGE);
      for (const socket of this.byOrder.get(orderId) ?? []) {
        const following = socket.following.get(orderId);
        // A socket that joined (or asked from further back) during this read: the page does not
        // start where it stands, so it waits for the read its subscribe asked for.
        if (!following || following.lastSent < after) continue;
        for (const message of page) {
          if (message.id <= following.lastSent) continue;
          this.send(socket, { type: 'message', message });
          following.lastSent = message.id;
        }
      }
      if (page.length < PAGE) return;
      after = page[page.length - 1]!.id;
    }
  }

  private async deliverReadMarks(orderId: string): Promise<void> {
    const sockets = this.byOrder.get(orderId);
    if (!sockets?.size) return;
    const marks = await readMarks(this.db, orderId);
    for (const socket of this.byOrder.get(orderId) ?? []) this.send(socket, { type: 'read', orderId, ...marks });
  }

  private async sendCounts(userId: string): Promise<void> {
    if (!this.byUser.get(userId)?.size) return;
    const [chat, notifications] = await Promise.all([shopperUnreadTotal(this.db, userId), unreadNotificationCount(this.db, userId)]);
    for (const socket of this.byUser.get(userId) ?? []) this.send(socket, { type: 'counts', chat, notifications });
  }

  private tellInbox(orderId: string): void {
    for (const socket of this.all) if (socket.inbox) this.send(socket, { type: 'thread', orderId });
  }

  /** To the sockets of the thread's other side (never back to the typist's own tabs or socket). */
  private relayTyping(change: Extract<LiveChange, { kind: 'typing' }>): void {
    for (const socket of this.byOrder.get(change.orderId) ?? []) {
      if (socket.id === change.by || socket.role === change.role) continue;
      this.send(socket, { type: 'typing', orderId: change.orderId, role: change.role, name: change.name });
    }
  }

  // What a socket says.

  private receive(socket: LiveSocket, data: RawData, isBinary: boolean): void {
    if (socket.closed) return;
    const now = this.timers.now();
    if (now - socket.frameWindow.start >= 1000) socket.frameWindow = { start: now, count: 0 };
    if (++socket.frameWindow.count > this.limits.framesPerSecond) {
      this.closeSocket(socket, SOCKET_CLOSE.tooMany, 'too many frames');
      return;
    }
    let frame: SocketClientFrame;
    try {
      if (isBinary) throw new Error('binary');
      const bytes = frameBuffer(data);
      if (bytes.length > SOCKET_MAX_FRAME_BYTES) throw new Error('too large');
      const parsed = SocketClientFrame.safeParse(JSON.parse(bytes.toString('utf8')));
      if (!parsed.success) throw parsed.error;
      frame = parsed.data;
    } catch {
      this.closeSocket(socket, SOCKET_CLOSE.badFrame, 'bad frame');
      return;
    }
    switch (frame.type) {
      case 'ping':
        this.send(socket, { type: 'pong' });
        return;
      case 'inbox':
        if (socket.role !== 'staff') return this.refuse(socket, new AppError('auth/not_authorized', undefined, undefined, 403));
        socket.inbox = true;
        return;
      case 'unsubscribe':
        this.unfollow(socket, frame.orderId.toLowerCase());
        return;
      case 'subscribe':
        void this.follow(socket, frame.orderId.toLowerCase(), frame.after).catch((error: unknown) => {
          if (error instanceof AppError) return this.refuse(socket, error, frame.orderId);
          this.log.error({ err: error }, 'live socket: subscribing failed');
          this.refuse(socket, new AppError('general/unknown_error'), frame.orderId);
        });
        return;
      case 'typing':
        this.typing(socket, frame.orderId.toLowerCase());
        return;
    }
  }

  private async follow(socket: LiveSocket, orderId: string, after: number | undefined): Promise<void> {
    if (!socket.following.has(orderId) && socket.following.size >= this.limits.subscriptionsPerSocket) {
      throw new AppError('general/rate_limited');
    }
    // Only the order's buyer and staff: anyone else is told it does not exist, as over HTTP.
    const { buyerId } = await threadAccess(this.db, orderId, { userId: socket.userId, staff: socket.role === 'staff' });
    const lastSent = after ?? (await threadState(this.db, orderId, socket.role)).lastMessageId;
    if (socket.closed) return;
    const existing = socket.following.get(orderId);
    if (existing) existing.lastSent = after ?? existing.lastSent;
    else socket.following.set(orderId, { buyerId, lastSent });
    addTo(this.byOrder, orderId, socket);
    // What followed `after` at once, and where both sides have read to.
    await Promise.all([
      this.threads.run(`m:${orderId}`, () => this.deliverMessages(orderId)),
      this.threads.run(`r:${orderId}`, () => this.deliverReadMarks(orderId)),
    ]);
  }

  private unfollow(socket: LiveSocket, orderId: string): void {
    socket.following.delete(orderId);
    socket.typingSentAt.delete(orderId);
    removeFrom(this.byOrder, orderId, socket);
  }

  private typing(socket: LiveSocket, orderId: string): void {
    const following = socket.following.get(orderId);
    if (!following) return; // only on a thread it was let into
    const now = this.timers.now();
    const last = socket.typingSentAt.get(orderId);
    if (last !== undefined && now - last < this.limits.typingEveryMs) return;
    socket.typingSentAt.set(orderId, now);
    announce(this.db, { kind: 'typing', orderId, userId: following.buyerId, role: socket.role, name: socket.name, by: socket.id });
  }

  private refuse(socket: LiveSocket, error: AppError, orderId?: string): void {
    this.send(socket, { type: 'error', errorCode: error.errorCode, message: error.message, ...(orderId ? { orderId } : {}) });
  }

  // The sockets themselves.

  private send(socket: LiveSocket, frame: SocketServerFrame): void {
    if (socket.closed || socket.ws.readyState !== socket.ws.OPEN) return;
    socket.ws.send(JSON.stringify(frame));
  }

  private scheduleExpiry(socket: LiveSocket): void {
    const ms = socket.tokenExpiresAt * 1000 - this.timers.now();
    if (ms <= 0) return this.closeSocket(socket, SOCKET_CLOSE.sessionExpired, 'session expired');
    if (ms > LONGEST_TIMER_MS) return;
    socket.expiryTimer = this.timers.setTimeout(() => this.expireTokens(), ms);
  }

  private closeSocket(socket: LiveSocket, code: number, reason: string): void {
    if (socket.closed) return;
    this.forget(socket);
    socket.ws.close(code, reason);
  }

  private forget(socket: LiveSocket): void {
    if (socket.closed) return;
    socket.closed = true;
    if (socket.expiryTimer) this.timers.clearTimeout(socket.expiryTimer);
    this.all.delete(socket);
    removeFrom(this.byUser, socket.userId, socket);
    for (const orderId of socket.following.keys()) removeFrom(this.byOrder, orderId, socket);
  }
}

function frameBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
}

function removeFrom<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) map.delete(key);
}
