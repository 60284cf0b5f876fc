import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SOCKET_CLOSE } from '@kedai/contract';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { eq, schema, sql } from '@kedai/db';
import { chatSocketHub } from '../../src/modules/chat/socket';
import { SocketHub } from '../../src/modules/chat/socket-hub';
import { writeMessage } from '../../src/modules/chat/service';
import { clientOwingSecondFactor, staffClient } from '../accounts';
import { createTestApp, type TestApp } from '../helpers';
import { LiveClient, RefusedUpgrade, SOON, listenForSockets } from '../live-socket';
import { placeOrder, sgShopper, type ShopShopper } from '../shop';
import type { TestClient } from '../client';

/**
 * The live socket at /ws (issue 29, decision 0025) on a real listening app: who may open it, what a
 * socket may follow, that what is written over HTTP arrives once and in order, that a reconnecting
 * client catches up with `after`, and that one misbehaving socket is closed alone.
 */
let t: TestApp;
let url: string;
let shopper: ShopShopper;
let stranger: ShopShopper;
let staff: TestClient;
let orderId: string;
const open: LiveClient[] = [];

async function connect(client: TestClient | undefined, origin?: string | null): Promise<LiveClient> {
  const live = await LiveClient.open(url, { client, origin });
  open.push(live);
  return live;
}

async function refusal(client: TestClient | undefined, origin?: string | null): Promise<RefusedUpgrade> {
  const error = await LiveClient.open(url, { client, origin }).then(
    (live) => {
      open.push(live);
      throw new Error('the upgrade was accepted');
    },
    (refused: unknown) => refused,
  );
  expect(error).toBeInstanceOf(RefusedUpgrade);
  return error as RefusedUpgrade;
}

async function staffWrites(text: string): Promise<number> {
  const answer = await staff.post(`/admin/order/${orderId}/messages`, { message: text });
  expect(answer.status, answer.response.payload).toBe(201);
  return answer.body.message.id as number;
}

async function shopperWrites(text: string): Promise<number> {
  const answer = await shopper.client.post(`/order/${orderId}/messages`, { message: text });
  expect(answer.status, answer.response.payload).toBe(201);
  return answer.body.message.id as number;
}

beforeAll(async () => {
  t = await createTestApp();
  url = await listenForSockets(t.app);
  shopper = await sgShopper(t.app);
  stranger = await sgShopper(t.app);
  staff = (await staffClient(t.app, 'staff', t.clock.now)).client;
  orderId = (await placeOrder(t.app, shopper)).id;
}, 60_000);

afterEach(() => {
  for (const live of open.splice(0)) live.close();
});

afterAll(async () => {
  await t?.close();
});

describe('opening the socket', () => {
  it('is refused before the upgrade without a session (401) and from another site (403), with the envelope', async () => {
    const anonymous = await refusal(undefined);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.errorCode).toBe('auth/not_authorized');

    const foreign = await refusal(shopper.client, 'https://evil.example');
    expect(foreign.status).toBe(403);
    expect(foreign.body.errorCode).toBe('auth/not_authorized');

    const noOrigin = await refusal(shopper.client, null);
    expect(noOrigin.status).toBe(403);
  });

  it('follows the HTTP rules: a forged token is 401 auth/invalid_access_token, a session owing its second factor 403', async () => {
    const forged = await LiveClient.open(url, { headers: { cookie: 'kedai_at=not.a.token' } }).catch((error: unknown) => error);
    expect(forged).toBeInstanceOf(RefusedUpgrade);
    expect((forged as RefusedUpgrade).status).toBe(401);
    expect((forged as RefusedUpgrade).body.errorCode).toBe('auth/invalid_access_token');

    const owing = await refusal(await clientOwingSecondFactor(t.app));
    expect(owing.status).toBe(403);
    expect(owing.body.errorCode).toBe('auth/tfa_not_verified');
  });

  it('says who the caller is and sends the counts at once; staff without two-factor are shoppers here', async () => {
    const mine = await connect(shopper.client);
    expect(await mine.next('ready')).toEqual({ type: 'ready', role: 'shopper' });
    await mine.next('counts');
    const staffSocket = await connect(staff);
    expect(await staffSocket.next('ready')).toEqual({ type: 'ready', role: 'staff' });
    const noTfa = await connect((await staffClient(t.app, 'staff', t.clock.now, 'none')).client);
    expect(await noTfa.next('ready')).toEqual({ type: 'ready', role: 'shopper' });
  });

  it('accepts the origin the browser addressed (the back office on its own origin, through its server)', async () => {
    const live = await LiveClient.open(url, { client: shopper.client, origin: 'http://admin.example', headers: { host: 'admin.example' } });
    open.push(live);
    await live.next('ready');
  });
});

describe('following a thread', () => {
  it("a shopper cannot follow another's order (order/not_found, as over HTTP), nor one that does not exist", async () => {
    const theirs = await connect(stranger.client);
    theirs.send({ type: 'subscribe', orderId });
    expect(await theirs.next('error')).toMatchObject({ errorCode: 'order/not_found', orderId });
    theirs.send({ type: 'subscribe', orderId: randomUUID() });
    await vi.waitFor(() => expect(theirs.of('error')).toHaveLength(2), SOON);
    // Nothing of the order reaches it.
    await staffWrites('Not for strangers');
    await theirs.roundTrip();
    expect(theirs.of('message')).toHaveLength(0);
  });

  it('a message written over HTTP arrives once, in order, with the counts and read marks; typing goes to the other side only', async () => {
    const mine = await connect(shopper.client);
    const shop = await connect(staff);
    mine.send({ type: 'subscribe', orderId });
    shop.send({ type: 'subscribe', orderId });
    await mine.next('read');
    await shop.next('read');

    const first = await staffWrites('Your parcel left the warehouse');
    const second = await staffWrites('Tracking follows');
    const mineSaw = await mine.next('message', (frame) => frame.message.id === second);
    expect(mineSaw.message).toMatchObject({ body: 'Tracking follows', author: { role: 'staff' }, kind: 'text' });
    await vi.waitFor(() => expect(shop.messageIds(orderId)).toEqual([first, second]), SOON);
    expect(mine.messageIds(orderId)).toEqual([first, second]);

    const unread = (await shopper.client.get('/chat/unread')).body.total as number;
    await vi.waitFor(
      () => expect(mine.of('counts').at(-1)).toEqual({ type: 'counts', chat: unread, notifications: expect.any(Number) }),
      SOON,
    );
    expect(unread).toBeGreaterThanOrEqual(2);

    // Read: both sides see the mark move.
    const read = await shopper.client.post(`/order/${orderId}/update_chat_status`, { lastReadMessageId: second });
    expect(read.status).toBe(200);
    await shop.next('read', (frame) => frame.shopperReadUpTo === second);
    await mine.next('counts', (frame) => frame.chat === 0);

    // Typing: staff's reaches the shopper, not the staff socket that typed.
    shop.send({ type: 'typing', orderId });
    expect(await mine.next('typing')).toMatchObject({ orderId, role: 'staff' });
    await shop.roundTrip();
    expect(shop.of('typing')).toHaveLength(0);

    // The shopper's own message comes back to their socket too (their other tabs), once; it leaves
    // their counts as they were, so no counts frame follows it.
    const countsBefore = mine.of('counts').length;
    const own = await shopperWrites('Thanks!');
    await mine.next('message', (frame) => frame.message.id === own);
    await shop.next('message', (frame) => frame.message.id === own);
    await chatSocketHub(t.app)!.idle();
    await mine.roundTrip();
    expect(mine.messageIds(orderId)).toEqual([first, second, own]);
    expect(mine.of('counts')).toHaveLength(countsBefore);
  });

  it('a socket reconnecting with `after` gets exactly what it missed, none twice', async () => {
    const before = await connect(shopper.client);
    before.send({ type: 'subscribe', orderId });
    await before.next('read');
    const seen = await staffWrites('Seen before the drop');
    await before.next('message', (frame) => frame.message.id === seen);
    before.close();

    const missed = [await staffWrites('Missed one'), await staffWrites('Missed two')];
    const after = await connect(shopper.client);
    after.send({ type: 'subscribe', orderId, after: seen });
    await vi.waitFor(() => expect(after.messageIds(orderId)).toEqual(missed), SOON);
    const next = await staffWrites('Live again');
    await after.next('message', (frame) => frame.message.id === next);
    // Subscribing again with the same `after` while live sends nothing twice.
    after.send({ type: 'subscribe', orderId, after: next });
    await after.roundTrip();
    expect(after.messageIds(orderId)).toEqual([...missed, next]);
  });

  it('sockets joining at once from different points each get exactly what follows their own, while messages arrive', async () => {
    const ids = [await staffWrites('One'), await staffWrites('Two'), await staffWrites('Three')];
    const points = [ids[0]! - 1, ids[0]!, ids[1]!, ids[2]!];
    const sockets = await Promise.all(points.map(() => connect(shopper.client)));
    const writing = staffWrites('Four, while they join');
    sockets.forEach((live, i) => live.send({ type: 'subscribe', orderId, after: points[i] }));
    const four = await writing;
    for (const [i, live] of sockets.entries()) {
      await live.next('message', (frame) => frame.message.id === four);
      await live.roundTrip();
      expect(live.messageIds(orderId)).toEqual([...ids, four].filter((id) => id > points[i]!));
    }
  });

  it('a wake-up lost between processes is made good when the seam says it was away (catch-up from the tables)', async () => {
    const live = await connect(shopper.client);
    live.send({ type: 'subscribe', orderId });
    await live.next('read');
    // Written and never announced, as when the announcement fell into a gap of the seam.
    const quiet = await t.app.db.transaction((tx) =>
      writeMessage(tx, { orderId, authorId: null, authorRole: 'system', kind: 'text', body: 'Written in a gap', now: t.clock.now() }),
    );
    await live.roundTrip();
    expect(live.messageIds(orderId)).toEqual([]);
    chatSocketHub(t.app)!.catchUp();
    await live.next('message', (frame) => frame.message.id === quiet.id);
  });

  it('a wake-up lost without the seam noticing (a failed NOTIFY) is made good by the periodic catch-up', async () => {
    // A hub of its own whose timers the test fires, behind a bare WebSocket server on this database.
    const intervals: { run: () => void; ms: number }[] = [];
    const timers = {
      now: () => Date.now(),
      setTimeout: () => null,
      clearTimeout: () => undefined,
      setInterval: (run: () => void, ms: number) => intervals.push({ run, ms }),
      clearInterval: () => undefined,
    };
    const hub = new SocketHub(t.app.db, t.app.log, chatSocketHub(t.app)!.limits, timers);
    await hub.start(t.app.pubsub);
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    server.on('connection', (ws) =>
      hub.open({ ws, userId: shopper.id, sessionId: randomUUID(), role: 'shopper', name: null, tokenExpiresAt: 2 ** 40 }),
    );
    await new Promise((listening) => server.once('listening', listening));
    try {
      const live = await LiveClient.open(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
      open.push(live);
      live.send({ type: 'subscribe', orderId });
      await live.next('read');
      const quiet = await t.app.db.transaction((tx) =>
        writeMessage(tx, { orderId, authorId: null, authorRole: 'system', kind: 'text', body: 'Announcement lost', now: t.clock.now() }),
      );
      await live.roundTrip();
      expect(live.messageIds(orderId)).toEqual([]);

      const catchUp = intervals.find((timer) => timer.ms === hub.limits.catchUpEveryMs)!;
      catchUp.run();
      await live.next('message', (frame) => frame.message.id === quiet.id);
      // Firing again sends nothing twice.
      catchUp.run();
      await hub.idle();
      await live.roundTrip();
      expect(live.messageIds(orderId)).toEqual([quiet.id]);
    } finally {
      await hub.close();
      await new Promise((closed) => server.close(closed));
    }
  });

  it('staff following the inbox hear of every conversation that changes; a shopper may not follow it', async () => {
    const inbox = await connect(staff);
    inbox.send({ type: 'inbox' });
    await inbox.roundTrip();
    await shopperWrites('Anyone there?');
    expect(await inbox.next('thread')).toEqual({ type: 'thread', orderId });

    const mine = await connect(shopper.client);
    mine.send({ type: 'inbox' });
    expect(await mine.next('error')).toMatchObject({ errorCode: 'auth/not_authorized' });
  });
});

describe('a socket that misbehaves is closed alone', () => {
  it('a frame that is not JSON, not a known frame, binary or too large closes that socket with 4400', async () => {
    const other = await connect(shopper.client);
    for (const bad of [
      '{not json',
      JSON.stringify({ type: 'subscribe', orderId: 'x' }),
      JSON.stringify({ type: 'nope' }),
      'x'.repeat(5000),
    ]) {
      const live = await connect(shopper.client);
      await live.next('ready');
      live.send(bad);
      expect(await live.closed()).toBe(SOCKET_CLOSE.badFrame);
    }
    const binary = await connect(shopper.client);
    binary.ws.send(Buffer.from('{"type":"ping"}'), { binary: true });
    expect(await binary.closed()).toBe(SOCKET_CLOSE.badFrame);
    // The same user's other socket is untouched.
    await other.roundTrip();
    expect(other.closeCode).toBeNull();
  });

  it('a flood of frames closes that socket with 4429; typing is throttled, not announced each time', async () => {
    const other = await connect(shopper.client);
    const flood = await connect(shopper.client);
    await flood.next('ready');
    for (let i = 0; i < 40; i++) flood.send({ type: 'ping' });
    expect(await flood.closed()).toBe(SOCKET_CLOSE.tooMany);
    await other.roundTrip();
    expect(other.closeCode).toBeNull();

    const shop = await connect(staff);
    shop.send({ type: 'subscribe', orderId });
    await shop.next('read');
    const typist = await connect(shopper.client);
    typist.send({ type: 'subscribe', orderId });
    await typist.next('read');
    for (let i = 0; i < 5; i++) typist.send({ type: 'typing', orderId });
    await shop.next('typing');
    await typist.roundTrip();
    await shop.roundTrip();
    expect(shop.of('typing')).toHaveLength(1);
  });

  it('more sockets than a user may hold: the next is closed with 4429, other users still connect', async () => {
    const hub = chatSocketHub(t.app)!;
    const held: LiveClient[] = [];
    for (let i = 0; i < hub.limits.socketsPerUser; i++) held.push(await connect(stranger.client));
    await Promise.all(held.map((live) => live.next('ready')));
    const extra = await connect(stranger.client);
    expect(await extra.closed()).toBe(SOCKET_CLOSE.tooMany);
    const someoneElse = await connect(shopper.client);
    await someoneElse.next('ready');
    for (const live of held) expect(live.closeCode).toBeNull();
  });
});

describe('the session behind a socket', () => {
  it('closes with 4001 when the access token expires, so the client refreshes and reconnects', async () => {
    const live = await connect(shopper.client);
    await live.next('ready');
    // The token lives ACCESS_TOKEN_TTL_SECONDS; the hub's clock is moved past it instead of waiting.
    chatSocketHub(t.app)!.expireTokens(Date.now() + (t.config.accessTokenTtlSeconds + 1) * 1000);
    expect(await live.closed()).toBe(SOCKET_CLOSE.sessionExpired);
  });

  it('closes with 4003 at the next session check once the session is signed out', async () => {
    const { client } = await staffClient(t.app, 'staff', t.clock.now);
    const live = await connect(client);
    const keeps = await connect(shopper.client);
    await live.next('ready');
    await keeps.next('ready');
    await chatSocketHub(t.app)!.checkSessions();
    await keeps.roundTrip();
    expect(live.closeCode).toBeNull();
    expect((await client.delete('/auth/logout')).status).toBe(200);
    await chatSocketHub(t.app)!.checkSessions();
    expect(await live.closed()).toBe(SOCKET_CLOSE.signedOut);
    await keeps.roundTrip();
    expect(keeps.closeCode).toBeNull();
  });

  it('closes a staff socket with 4003 once its user is no longer staff', async () => {
    const { user, client } = await staffClient(t.app, 'staff', t.clock.now);
    const live = await connect(client);
    expect(await live.next('ready')).toMatchObject({ role: 'staff' });
    await t.app.db.update(schema.users).set({ role: 'shopper' }).where(eq(schema.users.id, user.id));
    await chatSocketHub(t.app)!.checkSessions();
    expect(await live.closed()).toBe(SOCKET_CLOSE.signedOut);
  });

  it('closes a staff socket with 4003 once its user turns two-factor off; a shopper socket without it stays', async () => {
    const { user, client } = await staffClient(t.app, 'staff', t.clock.now);
    const live = await connect(client);
    expect(await live.next('ready')).toMatchObject({ role: 'staff' });
    const keeps = await connect(shopper.client);
    await keeps.next('ready');
    await chatSocketHub(t.app)!.checkSessions();
    await live.roundTrip();
    expect(live.closeCode).toBeNull();
    // Turned off: the secret is gone, the session's passed mark stays.
    await t.app.db.update(schema.users).set({ tfaSecret: null }).where(eq(schema.users.id, user.id));
    await chatSocketHub(t.app)!.checkSessions();
    expect(await live.closed()).toBe(SOCKET_CLOSE.signedOut);
    await keeps.roundTrip();
    expect(keeps.closeCode).toBeNull();
  });
});

describe('a flood of connection attempts', () => {
  it('is refused with 429 and the envelope beyond RATE_LIMIT_SOCKET per client address, before the session is read', async () => {
    const socketWindows = sql`${schema.rateLimits.key} like 'socket:%'`;
    try {
      // This address's window brought to its limit (every test above already counted in it).
      await t.app.db.update(schema.rateLimits).set({ hits: t.config.rateLimits.socket.limit }).where(socketWindows);
      const flooded = await refusal(shopper.client);
      expect(flooded.status).toBe(429);
      expect(flooded.body).toMatchObject({ errorCode: 'general/rate_limited', params: [expect.any(Number)] });
      // Counted before anything else: even a caller without a session is told 429, not 401.
      expect((await refusal(undefined)).status).toBe(429);
    } finally {
      await t.app.db.delete(schema.rateLimits).where(socketWindows);
    }
    await (await connect(shopper.client)).next('ready');
  });
});
