/**
 * The storefront's one live connection (issue 29): a WebSocket to `/api/ws` on the shop's own origin
 * (the web server forwards it to the API, so the session cookie stays first-party), shared by the
 * order chat and the header's bell. It
 * - connects while something listens, and says whether it is open (the chat polls while it is not);
 * - re-subscribes every thread on each open, `after` the last message the page holds, so a
 *   reconnect catches up without losing or repeating anything; a thread whose subscription the API
 *   refuses (an `error` frame naming it) is not live (its page polls) and is asked for again later;
 * - on close 4001 (session expired) refreshes the session once through the API client and
 *   reconnects; on 4003 (signed out) stops; otherwise reconnects with a growing delay.
 * The socket only wakes the page up: the HTTP calls stay the truth.
 */
import { SOCKET_CLOSE, type SocketClientFrame, type SocketServerFrame } from '@kedai/contract';
import { browserApi } from '../../lib/browser-api';

export type LiveStatus = 'connecting' | 'open' | 'closed';

type FrameListener = (frame: SocketServerFrame) => void;
type StatusListener = (status: LiveStatus) => void;

export interface LiveChannelOptions {
  /** The socket's address; `ws(s)://<this origin>/api/ws` by default. */
  url?: () => string;
  /** Refreshes the session; resolves whether it still holds. */
  refresh?: () => Promise<boolean>;
  createSocket?: (url: string) => WebSocket;
  /** Reconnect delays, growing to the last (ms). */
  backoff?: readonly number[];
  /** A ping keeps proxies from closing a quiet socket. */
  pingEveryMs?: number;
}

const DEFAULT_BACKOFF = [1_000, 2_000, 5_000, 10_000, 30_000];
/** A socket open this long counts as working: its drop reconnects after the shortest delay again. */
const STABLE_MS = 10_000;

function liveSocketUrl(): string {
  return `${location.origin.replace(/^http/, 'ws')}/api/ws`;
}

async function refreshSession(): Promise<boolean> {
  try {
    await browserApi.post('/auth/refreshAccessToken');
    return true;
  } catch {
    return false;
  }
}

export class LiveChannel {
  private socket: WebSocket | null = null;
  private status: LiveStatus = 'closed';
  private readonly frameListeners = new Set<FrameListener>();
  private readonly statusListeners = new Set<StatusListener>();
  /** Thread subscriptions: order id → the last message id the page holds (read at each open). */
  private readonly threads = new Map<string, Set<() => number>>();
  /** Threads the API refused to follow on this socket: order id → the timer asking again. */
  private readonly refused = new Map<string, ReturnType<typeof setTimeout>>();
  private refusals = 0;
  private attempts = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private stopped = false;
  private readonly options: Required<LiveChannelOptions>;

  constructor(options: LiveChannelOptions = {}) {
    this.options = {
      url: options.url ?? liveSocketUrl,
      refresh: options.refresh ?? refreshSession,
      createSocket: options.createSocket ?? ((url) => new WebSocket(url)),
      backoff: options.backoff ?? DEFAULT_BACKOFF,
      pingEveryMs: options.pingEveryMs ?? 25_000,
    };
  }

  get current(): LiveStatus {
    return this.status;
  }

  /** One thread's status: open only while the socket is and the API follows the thread for it. */
  threadStatus(orderId: string): LiveStatus {
    return this.status === 'open' && this.refused.has(orderId) ? 'closed' : this.status;
  }

  /** Frames as they come; the channel connects while anything listens. Returns the unsubscribe. */
  listen(listener: FrameListener): () => void {
    this.frameListeners.add(listener);
    this.ensureOpen();
    return () => {
      this.frameListeners.delete(listener);
      this.closeWhenIdle();
    };
  }

  onStatus(listener: StatusListener): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Live messages of one order's thread, after the id `after()` gives at each (re)connection. */
  subscribe(orderId: string, after: () => number): () => void {
    let set = this.threads.get(orderId);
    if (!set) this.threads.set(orderId, (set = new Set()));
    set.add(after);
    if (this.status === 'open') this.send({ type: 'subscribe', orderId, after: after() });
    return () => {
      const held = this.threads.get(orderId);
      held?.delete(after);
      if (held && held.size === 0) {
        this.threads.delete(orderId);
        this.forgetRefusal(orderId);
        if (this.status === 'open') this.send({ type: 'unsubscribe', orderId });
      }
    };
  }

  /** Sends a frame when open; dropped otherwise (typing and pings are worth nothing late). */
  send(frame: SocketClientFrame): boolean {
    if (this.socket?.readyState !== 1) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  /** Closes for good (signed out, or tests). */
  stop() {
    this.stopped = true;
    this.clearTimers();
    this.socket?.close(1000);
    this.socket = null;
    this.setStatus('closed');
  }

  private ensureOpen() {
    if (this.stopped || this.socket || this.retryTimer) return;
    this.connect();
  }

  private closeWhenIdle() {
    if (this.frameListeners.size > 0) return;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000);
    this.setStatus('closed');
  }

  private connect() {
    this.retryTimer = null;
    if (this.frameListeners.size === 0) return;
    let socket: WebSocket;
    try {
      socket = this.options.createSocket(this.options.url());
    } catch {
      this.setStatus('closed');
      this.retry();
      return;
    }
    this.socket = socket;
    let openedAt: number | null = null;
    this.setStatus('connecting');
    socket.onopen = () => {
      if (this.socket !== socket) return;
      openedAt = Date.now();
      this.setStatus('open');
      for (const [orderId, afters] of this.threads) {
        const after = Math.min(...[...afters].map((read) => read()));
        this.send({ type: 'subscribe', orderId, after });
      }
      this.pingTimer = setInterval(() => this.send({ type: 'ping' }), this.options.pingEveryMs);
    };
    socket.onmessage = (event: MessageEvent) => {
      if (this.socket !== socket || typeof event.data !== 'string') return;
      let frame: SocketServerFrame;
      try {
        frame = JSON.parse(event.data) as SocketServerFrame;
      } catch {
        return;
      }
      if (frame.type === 'error' && frame.orderId && this.threads.has(frame.orderId)) this.refusedThread(frame.orderId);
      for (const listener of [...this.frameListeners]) listener(frame);
    };
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimers();
      this.setStatus('closed');
      // Only a socket that held a while starts the delays again: one dropped at once keeps them growing.
      if (openedAt !== null && Date.now() - openedAt >= STABLE_MS) this.attempts = 0;
      if (event.code === SOCKET_CLOSE.signedOut) return;
      if (event.code === SOCKET_CLOSE.sessionExpired) {
        void this.options.refresh().then((holds) => {
          if (holds && !this.stopped) this.connect();
        });
        return;
      }
      this.retry();
    };
  }

  /** The thread polls meanwhile; it is asked for again after a growing delay (while this socket lasts). */
  private refusedThread(orderId: string) {
    this.forgetRefusal(orderId);
    const { backoff } = this.options;
    const delay = backoff[Math.min(this.refusals, backoff.length - 1)]!;
    this.refusals += 1;
    this.refused.set(
      orderId,
      setTimeout(() => {
        this.refused.delete(orderId);
        const afters = this.threads.get(orderId);
        if (afters && this.send({ type: 'subscribe', orderId, after: Math.min(...[...afters].map((read) => read())) })) {
          this.emitStatus();
        }
      }, delay),
    );
    this.emitStatus();
  }

  private forgetRefusal(orderId: string) {
    const timer = this.refused.get(orderId);
    if (timer) clearTimeout(timer);
    this.refused.delete(orderId);
  }

  private retry() {
    if (this.stopped || this.frameListeners.size === 0) return;
    const { backoff } = this.options;
    const delay = backoff[Math.min(this.attempts, backoff.length - 1)]!;
    this.attempts += 1;
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  private clearTimers() {
    // A new socket subscribes every thread again: refusals belong to the old one.
    for (const timer of this.refused.values()) clearTimeout(timer);
    this.refused.clear();
    this.refusals = 0;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.retryTimer = null;
    this.pingTimer = null;
  }

  private setStatus(status: LiveStatus) {
    if (this.status === status) return;
    this.status = status;
    this.emitStatus();
  }

  /** Listeners read `threadStatus` for theirs: a refusal changes one thread's status, not the socket's. */
  private emitStatus() {
    for (const listener of [...this.statusListeners]) listener(this.status);
  }
}

let shared: LiveChannel | null = null;

/** The page's one channel (created on first use, in the browser). */
export function liveChannel(): LiveChannel {
  shared ??= new LiveChannel();
  return shared;
}

/** Replaces the page's channel (tests). */
export function setLiveChannel(channel: LiveChannel | null) {
  shared = channel;
}
