/**
 * The back office's one live socket (issue 29): `/api/ws` on its own origin, which its server forwards
 * to the API with the session cookie. It opens while something watches (the inbox, a thread, the
 * navigation's count) and closes when nothing does. It is only a wake-up: the pages read the truth
 * over HTTP, and poll when the socket is not open. On reconnecting it sends its watches again, each
 * thread with the last message id its page has (`after`), so nothing is missed or shown twice. A
 * thread whose subscription the API refuses (an `error` frame naming it) is not live, so its page
 * polls, and is asked for again after a growing delay.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { SOCKET_CLOSE, SocketClientFrame, SocketServerFrame } from '@kedai/contract';
import { api } from '../../lib/api';

type FrameListener = (frame: SocketServerFrame) => void;

/** Waits before each reconnect, the last one repeated: a restarting API is not hammered. */
const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
/** Idle sockets are closed by proxies; a ping now and then keeps this one open. */
const PING_EVERY_MS = 25_000;
/** A socket nobody watches any more stays open this long, in case the next page watches again. */
const LINGER_MS = 5_000;

/** The contract's close codes, written out (the back office loads no zod); typed so they cannot drift. */
const CLOSE: typeof SOCKET_CLOSE = { sessionExpired: 4001, signedOut: 4003, badFrame: 4400, tooMany: 4429 };

export type SocketFactory = (url: string) => WebSocket;

function socketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/ws`;
}

export class LiveChannel {
  private socket: WebSocket | null = null;
  private open = false;
  private attempts = 0;
  private stopped = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private lingerTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private readonly frameListeners = new Set<FrameListener>();
  private readonly stateListeners = new Set<() => void>();
  private inboxWatchers = 0;
  /** Per order: how many watch it, and where each page's thread ends now. */
  private readonly threads = new Map<string, { count: number; after: () => number }>();
  /** Threads the API refused to follow on this socket: order id → the timer asking again. */
  private readonly refused = new Map<string, ReturnType<typeof setTimeout>>();
  private refusals = 0;

  constructor(private readonly factory: SocketFactory | null) {}

  /** Whether frames arrive now; when not, pages poll. */
  readonly isOpen = (): boolean => this.open;

  /** Whether one thread's frames arrive now: the socket is open and the API follows the thread. */
  readonly isThreadLive = (orderId: string): boolean => this.open && !this.refused.has(orderId);

  readonly onStateChange = (listener: () => void): (() => void) => {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  };

  listen(listener: FrameListener): () => void {
    this.frameListeners.add(listener);
    return () => this.frameListeners.delete(listener);
  }

  /** `thread` frames whenever any conversation changes. */
  watchInbox(): () => void {
    this.inboxWatchers += 1;
    this.ensure();
    if (this.inboxWatchers === 1) this.send({ type: 'inbox' });
    return () => {
      this.inboxWatchers -= 1;
      this.releaseLater();
    };
  }

  /** Messages, read marks and typing of one order's thread; `after` is the last message id the page has. */
  watchThread(orderId: string, after: () => number): () => void {
    const entry = this.threads.get(orderId);
    if (entry) {
      entry.count += 1;
      entry.after = after;
    } else {
      this.threads.set(orderId, { count: 1, after });
      this.ensure();
      this.send({ type: 'subscribe', orderId, after: after() });
    }
    return () => {
      const current = this.threads.get(orderId);
      if (!current) return;
      current.count -= 1;
      if (current.count === 0) {
        this.threads.delete(orderId);
        this.forgetRefusal(orderId);
        this.send({ type: 'unsubscribe', orderId });
      }
      this.releaseLater();
    };
  }

  typing(orderId: string): void {
    this.send({ type: 'typing', orderId });
  }

  private watched(): boolean {
    return this.inboxWatchers > 0 || this.threads.size > 0;
  }

  private send(frame: SocketClientFrame): void {
    if (this.open && this.socket) this.socket.send(JSON.stringify(frame));
  }

  private setOpen(open: boolean): void {
    if (this.open === open) return;
    this.open = open;
    // Refusals belong to the socket that made them: a new one subscribes every thread again.
    for (const timer of this.refused.values()) clearTimeout(timer);
    this.refused.clear();
    this.refusals = 0;
    this.emitState();
  }

  private emitState(): void {
    for (const listener of this.stateListeners) listener();
  }

  private refusedThread(orderId: string): void {
    this.forgetRefusal(orderId);
    const delay = RECONNECT_DELAYS_MS[Math.min(this.refusals, RECONNECT_DELAYS_MS.length - 1)];
    this.refusals += 1;
    this.refused.set(
      orderId,
      setTimeout(() => {
        this.refused.delete(orderId);
        const entry = this.threads.get(orderId);
        if (entry) this.send({ type: 'subscribe', orderId, after: entry.after() });
        this.emitState();
      }, delay),
    );
    this.emitState();
  }

  private forgetRefusal(orderId: string): void {
    const timer = this.refused.get(orderId);
    if (timer) clearTimeout(timer);
    this.refused.delete(orderId);
  }

  private ensure(): void {
    if (this.lingerTimer) {
      clearTimeout(this.lingerTimer);
      this.lingerTimer = null;
    }
    this.stopped = false;
    if (this.socket || this.reconnectTimer || !this.factory) return;
    this.connect();
  }

  private releaseLater(): void {
    if (this.watched() || this.lingerTimer) return;
    this.lingerTimer = setTimeout(() => {
      this.lingerTimer = null;
      if (!this.watched()) this.close();
    }, LINGER_MS);
  }

  private close(): void {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.stopPing();
    const socket = this.socket;
    this.socket = null;
    this.setOpen(false);
    socket?.close(1000);
  }

  private connect(): void {
    if (!this.factory) return;
    let socket: WebSocket;
    try {
      socket = this.factory(socketUrl(window.location));
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.addEventListener('open', () => {
      this.attempts = 0;
      this.setOpen(true);
      // Everything watched is asked for again: a reconnect catches up from each thread's last message.
      if (this.inboxWatchers > 0) this.send({ type: 'inbox' });
      for (const [orderId, entry] of this.threads) this.send({ type: 'subscribe', orderId, after: entry.after() });
      this.stopPing();
      this.pingTimer = setInterval(() => this.send({ type: 'ping' }), PING_EVERY_MS);
    });
    socket.addEventListener('message', (event: MessageEvent) => {
      let frame: SocketServerFrame;
      try {
        frame = JSON.parse(String(event.data)) as SocketServerFrame;
      } catch {
        return;
      }
      if (frame.type === 'error' && frame.orderId && this.threads.has(frame.orderId)) this.refusedThread(frame.orderId);
      for (const listener of this.frameListeners) listener(frame);
    });
    socket.addEventListener('close', (event: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.stopPing();
      this.setOpen(false);
      if (this.stopped || !this.watched()) return;
      if (event.code === CLOSE.signedOut) return; // the session is over: the gate shows the sign-in on the next call
      if (event.code === CLOSE.sessionExpired) {
        // The access token ran out: one call refreshes it (the client does so on the 401), then the socket comes back.
        void api
          .get('/auth/me')
          .catch(() => undefined)
          .finally(() => this.scheduleReconnect());
        return;
      }
      this.scheduleReconnect();
    });
  }

  private scheduleReconnect(): void {
    if (this.reconnectTimer || this.stopped) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(this.attempts, RECONNECT_DELAYS_MS.length - 1)];
    this.attempts += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.watched() && !this.socket) this.connect();
    }, delay);
  }

  private stopPing(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }
}

let shared: LiveChannel | null = null;

/** The page's one channel; none (polling only) where the browser has no WebSocket. */
export function liveChannel(): LiveChannel {
  shared ??= new LiveChannel(typeof WebSocket === 'function' ? (url) => new WebSocket(url) : null);
  return shared;
}

/** Tests swap the channel for one whose socket they hold. */
export function setLiveChannel(channel: LiveChannel | null): void {
  shared = channel;
}

/** Whether the socket is open now (re-renders when that changes). */
export function useLiveOpen(): boolean {
  const channel = liveChannel();
  return useSyncExternalStore(channel.onStateChange, channel.isOpen, () => false);
}

/** Whether one thread's frames arrive now (re-renders when that changes): its page polls while not. */
export function useThreadLive(orderId: string): boolean {
  const channel = liveChannel();
  return useSyncExternalStore(
    channel.onStateChange,
    () => channel.isThreadLive(orderId),
    () => false,
  );
}

/** Calls `onFrame` (the latest one given) for every frame while mounted. */
export function useLiveFrames(onFrame: FrameListener): void {
  const latest = useRef(onFrame);
  useEffect(() => {
    latest.current = onFrame;
  });
  useEffect(() => liveChannel().listen((frame) => latest.current(frame)), []);
}
