import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';
import WebSocket from 'ws';
import type { SocketServerFrame } from '@kedai/contract';
import type { TestClient } from './client';

/** The storefront's origin in the tests' configuration (WEB_ORIGINS' default). */
const WEB_ORIGIN = 'http://localhost:3000';

/** Generous: a frame crosses in milliseconds, but a busy CI machine runs many files at once. */
export const SOON = { timeout: 10_000, interval: 10 };

/** Makes the app listen on a free port of 127.0.0.1; answers its `ws://…/ws` address. */
export async function listenForSockets(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`;
}

/** An upgrade the API refused: its status and error envelope. */
export class RefusedUpgrade extends Error {
  constructor(
    readonly status: number,
    readonly body: { errorCode?: string; error?: string },
  ) {
    super(`upgrade refused with ${status} ${body.errorCode}`);
  }
}

/** A browser-like live socket: the signed-in client's cookies, a page's Origin, and every frame it got. */
export class LiveClient {
  readonly frames: SocketServerFrame[] = [];
  closeCode: number | null = null;
  closeReason = '';

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => this.frames.push(JSON.parse(String(data)) as SocketServerFrame));
    ws.on('close', (code, reason) => {
      this.closeCode = code;
      this.closeReason = String(reason);
    });
  }

  /** Opens the socket; rejects with `RefusedUpgrade` when the API answers the upgrade with an error. */
  static open(
    url: string,
    options: { client?: TestClient; origin?: string | null; headers?: Record<string, string> } = {},
  ): Promise<LiveClient> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.client) headers.cookie = options.client.cookieHeader();
    const origin = options.origin === undefined ? WEB_ORIGIN : options.origin;
    const ws = new WebSocket(url, { headers, ...(origin === null ? {} : { origin }) });
    return new Promise((resolve, reject) => {
      ws.on('open', () => resolve(live));
      ws.on('unexpected-response', (_request, response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => reject(new RefusedUpgrade(response.statusCode ?? 0, text ? JSON.parse(text) : {})));
      });
      ws.on('error', (error) => reject(error));
      const live = new LiveClient(ws);
    });
  }

  send(frame: object | string): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The frames of one type received so far. */
  of<T extends SocketServerFrame['type']>(type: T): Extract<SocketServerFrame, { type: T }>[] {
    return this.frames.filter((frame): frame is Extract<SocketServerFrame, { type: T }> => frame.type === type);
  }

  /** The ids of the messages of `orderId` received, in the order they came. */
  messageIds(orderId: string): number[] {
    return this.of('message')
      .map((frame) => frame.message)
      .filter((message) => message.orderId === orderId)
      .map((message) => message.id);
  }

  /** Waits for the first frame of `type` matching `match` (from frame `from` on). */
  async next<T extends SocketServerFrame['type']>(
    type: T,
    match: (frame: Extract<SocketServerFrame, { type: T }>) => boolean = () => true,
  ): Promise<Extract<SocketServerFrame, { type: T }>> {
    let found: Extract<SocketServerFrame, { type: T }> | undefined;
    await vi.waitFor(() => {
      found = this.of(type).find(match);
      if (!found) throw new Error(`no ${type} frame yet: ${JSON.stringify(this.frames)}`);
    }, SOON);
    return found!;
  }

  /** Waits until the server closed the socket; answers its close code. */
  async closed(): Promise<number> {
    await vi.waitFor(() => {
      if (this.closeCode === null) throw new Error('still open');
    }, SOON);
    return this.closeCode!;
  }

  /** A round trip: every frame the server sent before its answer to this ping has arrived. */
  async roundTrip(): Promise<void> {
    const before = this.of('pong').length;
    this.send({ type: 'ping' });
    await vi.waitFor(() => {
      if (this.of('pong').length <= before) throw new Error('no pong yet');
    }, SOON);
  }

  close(): void {
    this.ws.close();
  }
}
