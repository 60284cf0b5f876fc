import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHAT_MESSAGE_MAX } from '@kedai/domain';
import { and, eq, schema } from '@kedai/db';
import { LIFTED_LIMITS, staffClient } from '../accounts';
import { TestClient } from '../client';
import { createTestApp, expectError, race, type TestApp } from '../helpers';
import { placeOrder, sgShopper, type ShopShopper } from '../shop';
import { movePublicChatPhotos, postPhoto } from '../../src/modules/chat/photos';
import { writeMessage } from '../../src/modules/chat/service';

/**
 * The conversation about an order (issue 29) through the real HTTP app: a shopper on their own
 * order, staff on every order and in the inbox; paging, read marks and unread counts, waiting and
 * done, photos, the limits, and writers racing on one thread.
 */

const CHAT_LIMIT = 25;
const MAX_IMAGE_BYTES = 200_000;

let t: TestApp;
let staff: TestClient;
let staffId: string;

beforeAll(async () => {
  t = await createTestApp({
    env: { ...LIFTED_LIMITS, RATE_LIMIT_CHAT: `${CHAT_LIMIT}/60`, MAX_IMAGE_UPLOAD_BYTES: String(MAX_IMAGE_BYTES) },
  });
  const member = await staffClient(t.app, 'staff', t.clock.now);
  staff = member.client;
  staffId = member.user.id;
  await t.app.db.update(schema.users).set({ firstName: 'Aminah' }).where(eq(schema.users.id, staffId));
}, 120_000);
afterAll(() => t?.close());
// Each test starts in a fresh rate-limit window (RATE_LIMIT_CHAT counts per user and minute).
beforeEach(() => t.clock.advance(60));

async function shopperWithOrder(): Promise<{ shopper: ShopShopper; orderId: string; orderRef: string }> {
  const shopper = await sgShopper(t.app);
  const order = await placeOrder(t.app, shopper);
  return { shopper, orderId: order.id, orderRef: order.orderRef };
}

async function say(client: TestClient, orderId: string, message: string, side: 'shopper' | 'staff' = 'shopper') {
  const answer = await client.post(`${side === 'staff' ? '/admin' : ''}/order/${orderId}/messages`, { message });
  expect(answer.status, answer.response.payload).toBe(201);
  return answer.body as { message: { id: number; body: string; author: { role: string; name: string | null } }; thread: any };
}

const ids = (page: { messages: { id: number }[] }) => page.messages.map((message) => message.id);

async function png(size = 24): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();
}

describe('a shopper and staff talk about an order', () => {
  it('writes messages both ways with names, counts what each side has not read, and records the event', async () => {
    const { shopper, orderId } = await shopperWithOrder();
    const first = await say(shopper.client, orderId, '  Hello,\r\nwhen will it ship?  ');
    expect(first.message).toMatchObject({
      orderId,
      body: 'Hello,\nwhen will it ship?',
      kind: 'text',
      image: null,
      disputeId: null,
      author: { role: 'shopper', name: 'Siti' },
      createdAt: Math.floor(t.clock.now().getTime() / 1000),
    });
    expect(first.thread).toEqual({ orderId, lastMessageId: first.message.id, unread: 0, readUpTo: 0, otherReadUpTo: 0, done: false });

    const forStaff = await staff.get(`/admin/order/${orderId}/messages`);
    expect(forStaff.status).toBe(200);
    expect(forStaff.body.thread).toMatchObject({ unread: 1, lastMessageId: first.message.id });

    const reply = await say(staff, orderId, 'Tomorrow!', 'staff');
    expect(reply.message.author).toEqual({ role: 'staff', name: 'Aminah' });
    expect(reply.message.id).toBeGreaterThan(first.message.id);

    const mine = await shopper.client.get(`/order/${orderId}/messages`);
    expect(ids(mine.body)).toEqual([first.message.id, reply.message.id]);
    expect(mine.body.hasMore).toBe(false);
    expect(mine.body.thread).toMatchObject({ unread: 1, readUpTo: 0, otherReadUpTo: 0 });
    expect((await shopper.client.get('/chat/unread')).body.total).toBe(1);

    const events = await t.app.db
      .select({ payload: schema.domainEvents.payload })
      .from(schema.domainEvents)
      .where(and(eq(schema.domainEvents.type, 'chat.message'), eq(schema.domainEvents.subject, orderId)))
      .orderBy(schema.domainEvents.id);
    expect(events.map((event) => event.payload)).toEqual([
      { messageId: first.message.id, role: 'shopper' },
      { messageId: reply.message.id, role: 'staff' },
    ]);
  });

  it('pages: the newest, back with before, forward with after (an id, unix seconds or an instant)', async () => {
    const { shopper, orderId } = await shopperWithOrder();
    const written: number[] = [];
    const startedAt = t.clock.now();
    for (let i = 1; i <= 7; i += 1) {
      written.push((await say(shopper.client, orderId, `message ${i}`)).message.id);
      t.clock.advance(10);
    }
    const url = `/order/${orderId}/messages`;

    const newest = await shopper.client.get(`${url}?limit=3`);
    expect(ids(newest.body)).toEqual(written.slice(4));
    expect(newest.body.hasMore).toBe(true);
    const back = await shopper.client.get(`${url}?limit=3&before=${written[4]}`);
    expect(ids(back.body)).toEqual(written.slice(1, 4));
    expect(back.body.hasMore).toBe(true);
    const oldest = await shopper.client.get(`${url}?limit=3&before=${written[1]}`);
    expect(ids(oldest.body)).toEqual([written[0]]);
    expect(oldest.body.hasMore).toBe(false);

    const fromStart = await shopper.client.get(`${url}?limit=3&after=0`);
    expect(ids(fromStart.body)).toEqual(written.slice(0, 3));
    expect(fromStart.body.hasMore).toBe(true);
    const tail = await shopper.client.get(`${url}?limit=3&after=${written[5]}`);
    expect(ids(tail.body)).toEqual([written[6]]);
    expect(tail.body.hasMore).toBe(false);

    // The third message was written 20 s after the first: after 25 s, the fourth on.
    const instant = new Date(startedAt.getTime() + 25_000).toISOString();
    const sinceInstant = await shopper.client.get(`${url}?after=${encodeURIComponent(instant)}`);
    expect(ids(sinceInstant.body)).toEqual(written.slice(3));
    const sinceFirst = await shopper.client.get(`${url}?after=${encodeURIComponent(startedAt.toISOString())}`);
    expect(ids(sinceFirst.body)).toEqual(written.slice(1));

    // Unix seconds, as the spec's other times: whole (the instant the second starts) or with a fraction.
    const seconds = startedAt.getTime() / 1000;
    expect(ids((await shopper.client.get(`${url}?after=${seconds + 25}`)).body)).toEqual(written.slice(3));
    expect(ids((await shopper.client.get(`${url}?after=${seconds + 19.5}`)).body)).toEqual(written.slice(2));
    expect(ids((await shopper.client.get(`${url}?after=${seconds - 1}`)).body)).toEqual(written);
    // A small number stays a message id, whatever the thread's times.
    expect(ids((await shopper.client.get(`${url}?after=${written[5]}`)).body)).toEqual([written[6]]);
    expect(ids((await staff.get(`/admin/order/${orderId}/messages?after=${seconds + 45}`)).body)).toEqual(written.slice(5));

    // The back office reads the same thread with the same paging.
    expect(ids((await staff.get(`/admin/order/${orderId}/messages?limit=2`)).body)).toEqual(written.slice(5));

    expectError(await shopper.client.get(`${url}?after=yesterday`), 400, 'general/argument_error');
    expectError(await shopper.client.get(`${url}?after=2031-13-45T00:00:00Z`), 400, 'general/argument_error');
    expectError(await shopper.client.get(`${url}?after=1&before=5`), 400, 'general/argument_error');
    // A fraction below a billion is neither an id nor a time; nor is a time past year 5138.
    expectError(await shopper.client.get(`${url}?after=12.5`), 400, 'general/argument_error');
    expectError(await shopper.client.get(`${url}?after=999999999999`), 400, 'general/argument_error');
    expectError(await staff.get(`/admin/order/${orderId}/messages?after=-5`), 400, 'general/argument_error');
    expect((await shopper.client.get(`${url}?limit=0`)).status).toBe(400);
    expect((await shopper.client.get(`${url}?limit=101`)).status).toBe(400);
  });

  it('answers an empty thread with no messages and zeros', async () => {
    const { shopper, orderId } = await shopperWithOrder();
    const page = await shopper.client.get(`/order/${orderId}/messages`);
    expect(page.body).toEqual({
      messages: [],
      hasMore: false,
      thread: { orderId, lastMessageId: 0, unread: 0, readUpTo: 0, otherReadUpTo: 0, done: false },
    });
    const marked = await shopper.client.post(`/order/${orderId}/update_chat_status`, { lastReadMessageId: 5 });
    expect(marked.body).toMatchObject({ readUpTo: 0, unread: 0 });
  });

  it('moves read marks forward only, stops them at the last message, and recounts unread on each side', async () => {
    const { shopper, orderId } = await shopperWithOrder();
    const other = await placeOrder(t.app, shopper);
    const a1 = await say(staff, orderId, 'One', 'staff');
    const a2 = await say(staff, orderId, 'Two', 'staff');
    await say(staff, orderId, 'Three', 'staff');
    await say(staff, other.id, 'About your other order', 'staff');

    const unread = await shopper.client.get('/chat/unread');
    expect(unread.body.total).toBe(4);
    expect(unread.body.orders).toEqual(
      expect.arrayContaining([
        { orderId, orderRef: expect.any(String), unread: 3 },
        { orderId: other.id, orderRef: other.orderRef, unread: 1 },
      ]),
    );

    const url = `/order/${orderId}/update_chat_status`;
    const marked = await shopper.client.post(url, { lastReadMessageId: a2.message.id });
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ readUpTo: a2.message.id, unread: 1 });
    // Never back.
    expect((await shopper.client.post(url, { lastReadMessageId: a1.message.id })).body).toMatchObject({
      readUpTo: a2.message.id,
      unread: 1,
    });
    // Past the last message: the last one.
    const last = (await shopper.client.post(url, { lastReadMessageId: 9_000_000_000 })).body;
    expect(last).toMatchObject({ unread: 0 });
    expect(last.readUpTo).toBe(last.lastMessageId);
    expect((await shopper.client.get('/chat/unread')).body).toEqual({
      total: 1,
      orders: [{ orderId: other.id, orderRef: other.orderRef, unread: 1 }],
    });

    // Staff see the shopper's mark ("seen"); their own side counts the shopper's messages.
    const s1 = await say(shopper.client, orderId, 'Thanks');
    await say(shopper.client, orderId, 'And one more thing');
    const forStaff = (await staff.get(`/admin/order/${orderId}/messages`)).body.thread;
    expect(forStaff).toMatchObject({ unread: 2, otherReadUpTo: last.readUpTo });
    const staffMark = await staff.post(`/admin/order/${orderId}/update_chat_status`, { lastReadMessageId: s1.message.id });
    expect(staffMark.body).toMatchObject({ unread: 1, readUpTo: s1.message.id });
    expect((await shopper.client.get(`/order/${orderId}/messages`)).body.thread.otherReadUpTo).toBe(s1.message.id);

    expect((await shopper.client.post(url, { lastReadMessageId: -1 })).status).toBe(400);
    expect((await shopper.client.post(url, { lastReadMessageId: 'x' })).status).toBe(400);
  });

  it('refuses empty and too long messages, with nothing written', async () => {
    const { shopper, orderId } = await shopperWithOrder();
    const url = `/order/${orderId}/messages`;
    expectError(await shopper.client.post(url, { message: ' \n\t ' }), 400, 'chat/empty_message');
    const tooLong = await shopper.client.post(url, { message: 'x'.repeat(CHAT_MESSAGE_MAX + 1) });
    expectError(tooLong, 400, 'chat/message_too_long');
    expect(tooLong.body.params).toEqual([CHAT_MESSAGE_MAX]);
    expect((await shopper.client.post(url, {})).status).toBe(400);
    expect((await shopper.client.post(url, { message: 5 })).status).toBe(400);
    expectError(await staff.post(`/admin${url}`, { message: '' }), 400, 'chat/empty_message');
    // At the limit once trimmed is fine.
    expect((await say(shopper.client, orderId, ` ${'y'.repeat(CHAT_MESSAGE_MAX)} `)).message.body).toHaveLength(CHAT_MESSAGE_MAX);
    expect(ids((await shopper.client.get(url)).body)).toHaveLength(1);
  });

  it("answers 404 for another shopper's order and for an id that is not an order's", async () => {
    const { orderId } = await shopperWithOrder();
    const stranger = await sgShopper(t.app);
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const id of [orderId, missing, 'not-an-id', '1']) {
      expectError(await stranger.client.get(`/order/${id}/messages`), 404, 'order/not_found');
      expectError(await stranger.client.post(`/order/${id}/messages`, { message: 'Hi' }), 404, 'order/not_found');
      expectError(await stranger.client.post(`/order/${id}/update_chat_status`, { lastReadMessageId: 1 }), 404, 'order/not_found');
      const photo = await stranger.client.request('POST', `/order/${id}/messages/photo`, await png(), { 'content-type': 'image/png' });
      expectError(photo, 404, 'order/not_found');
    }
    for (const id of [missing, 'not-an-id']) {
      expectError(await staff.get(`/admin/order/${id}/messages`), 404, 'order/not_found');
      expectError(await staff.post(`/admin/order/${id}/messages`, { message: 'Hi' }), 404, 'order/not_found');
      expectError(await staff.post(`/admin/order/${id}/chat_done`, { done: true }), 404, 'order/not_found');
    }
    // Staff reach a shopper's thread only through the back office.
    expectError(await staff.get(`/order/${orderId}/messages`), 404, 'order/not_found');
    expect((await stranger.client.get('/chat/unread')).body).toEqual({ total: 0, orders: [] });
    // Shoppers have no back office; signed out is 401.
    expect((await stranger.client.get('/admin/inbox')).status).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/order/${orderId}/messages` })).statusCode).toBe(401);
    const [thread] = await t.app.db.select().from(schema.orderThreads).where(eq(schema.orderThreads.orderId, orderId));
    expect(thread).toBeUndefined();
  });

  it('limits posting per user (RATE_LIMIT_CHAT) with 429 and Retry-After, until the next window', async () => {
    const { shopper, orderId } = await shopperWithOrder();
    for (let i = 0; i < CHAT_LIMIT; i += 1) await say(shopper.client, orderId, `m${i}`);
    const refused = await shopper.client.post(`/order/${orderId}/messages`, { message: 'one too many' });
    expectError(refused, 429, 'general/rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const photo = await shopper.client.request('POST', `/order/${orderId}/messages/photo`, await png(), { 'content-type': 'image/png' });
    expectError(photo, 429, 'general/rate_limited');
    // Reading is not limited; another user is not.
    expect((await shopper.client.get(`/order/${orderId}/messages?limit=1`)).status).toBe(200);
    await say(staff, orderId, 'Staff still answer', 'staff');
    t.clock.advance(60);
    await say(shopper.client, orderId, 'Next minute');
  });
});

describe('photos', () => {
  const chatDir = () => join(t.config.privateDir, 'chat');
  const stored = () => (existsSync(chatDir()) ? readdirSync(chatDir()).length : 0);
  /** A photo route's answer as the browser gets it: the bytes, the headers, or the error envelope. */
  const fetchPhoto = async (client: TestClient | null, url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: client ? { cookie: client.cookieHeader() } : {} });
    const json = response.headers['content-type']?.toString().startsWith('application/json');
    return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload, body: json ? response.json() : undefined };
  };
  const nameOf = (image: string) => image.slice('chat/'.length);
  const thumbOf = (image: string) => nameOf(image).replace('.webp', '_thumb.webp');

  it('keeps a photo private, with its thumbnail, and writes it as a message, from either side', async () => {
    const { shopper, orderId } = await shopperWithOrder();
    const sent = await shopper.client.request('POST', `/order/${orderId}/messages/photo`, await png(), { 'content-type': 'image/png' });
    expect(sent.status, sent.response.payload).toBe(201);
    expect(sent.body.message).toMatchObject({ kind: 'photo', body: '', author: { role: 'shopper' } });
    const image = sent.body.message.image as string;
    expect(image).toMatch(/^chat\/[0-9a-f-]{36}\.webp$/);
    // In the private folder, and nowhere the assets host serves.
    expect(existsSync(join(t.config.privateDir, image))).toBe(true);
    expect(existsSync(join(t.config.assetsDir, image))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/assets/${image}` })).statusCode).toBe(404);
    const fromStaff = await staff.request('POST', `/admin/order/${orderId}/messages/photo`, await png(32), {
      'content-type': 'image/jpeg',
    });
    expect(fromStaff.status, fromStaff.response.payload).toBe(201);
    expect(fromStaff.body.message).toMatchObject({ kind: 'photo', author: { role: 'staff', name: 'Aminah' } });
    expect(fromStaff.body.thread.lastMessageId).toBe(fromStaff.body.message.id);
    expect((await shopper.client.get('/chat/unread')).body.total).toBe(1);
  });

  it("shows a photo to the order's buyer and to staff only, as WebP, kept in the viewer's cache alone", async () => {
    const { shopper, orderId } = await shopperWithOrder();
    const sent = await shopper.client.request('POST', `/order/${orderId}/messages/photo`, await png(64), { 'content-type': 'image/png' });
    const image = sent.body.message.image as string;
    const url = `/order/${orderId}/messages/photos/${nameOf(image)}`;

    for (const [client, path] of [
      [shopper.client, url],
      [staff, `/admin${url}`],
      [shopper.client, `/order/${orderId}/messages/photos/${thumbOf(image)}`],
    ] as const) {
      const photo = await fetchPhoto(client, path);
      expect(photo.status, path).toBe(200);
      expect(photo.headers['content-type']).toBe('image/webp');
      expect(photo.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
      expect(photo.headers['x-content-type-options']).toBe('nosniff');
      expect((await sharp(photo.bytes).metadata()).format).toBe('webp');
    }
    // The order's id in any case reaches the same thread.
    expect((await fetchPhoto(shopper.client, url.replace(orderId, orderId.toUpperCase()))).status).toBe(200);

    // Another shopper, and a visitor: as if the order did not exist.
    const stranger = await sgShopper(t.app);
    const other = await fetchPhoto(stranger.client, url);
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ errorCode: 'order/not_found' });
    const visitor = await fetchPhoto(null, url);
    expect(visitor.status).toBe(401);
    expect(visitor.body).toHaveProperty('errorCode');
    expect((await fetchPhoto(new TestClient(t.app), `/admin${url}`)).status).toBe(401);
    const asShopper = await fetchPhoto(shopper.client, `/admin${url}`);
    expect(asShopper.status).toBe(403);

    // A name that is not a photo of this thread: malformed, a path out, or another order's photo.
    const { shopper: second, orderId: secondOrder } = await shopperWithOrder();
    const elsewhere = await second.client.request('POST', `/order/${secondOrder}/messages/photo`, await png(), {
      'content-type': 'image/png',
    });
    const foreign = nameOf(elsewhere.body.message.image as string);
    for (const name of [
      foreign,
      'x.webp',
      nameOf(image).replace('.webp', '.png'),
      nameOf(image).toUpperCase(),
      '..%2F..%2Fjwt-secret',
      `..%2F${nameOf(image)}`,
      '%2e%2e',
    ]) {
      const answer = await fetchPhoto(shopper.client, `/order/${orderId}/messages/photos/${name}`);
      expect(answer.status, name).toBe(404);
      expect(answer.body, name).toMatchObject({ errorCode: 'general/not_found' });
    }
    expect((await fetchPhoto(staff, `/admin/order/${orderId}/messages/photos/${foreign}`)).status).toBe(404);
    expect((await fetchPhoto(second.client, `/order/${secondOrder}/messages/photos/${foreign}`)).status).toBe(200);
  });

  it('serves and moves a photo kept on the assets host before photos were private', async () => {
    const { shopper, orderId } = await shopperWithOrder();
    const uuid = crypto.randomUUID();
    const image = `chat/${uuid}.webp`;
    const webp = await sharp(await png())
      .webp()
      .toBuffer();
    mkdirSync(join(t.config.assetsDir, 'chat'), { recursive: true });
    writeFileSync(join(t.config.assetsDir, image), webp);
    writeFileSync(join(t.config.assetsDir, `chat/${uuid}_thumb.webp`), webp);
    await writeMessage(t.app.db, {
      orderId,
      authorId: shopper.id,
      authorRole: 'shopper',
      kind: 'photo',
      body: '',
      image,
      now: t.clock.now(),
    });
    const url = `/order/${orderId}/messages/photos/${uuid}.webp`;
    // Still where it was (another process of the previous version wrote it): read from there.
    expect((await fetchPhoto(shopper.client, url)).status).toBe(200);

    expect(await movePublicChatPhotos(t.config.assetsDir, t.config.privateDir)).toBe(2);
    expect(existsSync(join(t.config.assetsDir, image))).toBe(false);
    expect(existsSync(join(t.config.assetsDir, 'chat'))).toBe(false);
    expect((await fetchPhoto(shopper.client, url)).bytes.equals(webp)).toBe(true);
    expect((await fetchPhoto(staff, `/admin/order/${orderId}/messages/photos/${uuid}_thumb.webp`)).status).toBe(200);
    expect(await movePublicChatPhotos(t.config.assetsDir, t.config.privateDir)).toBe(0);
  });

  it('refuses what is not an image (415) and what is too large (413), storing nothing', async () => {
    const { shopper, orderId } = await shopperWithOrder();
    const before = stored();
    const url = `/order/${orderId}/messages/photo`;
    expectError(
      await shopper.client.request('POST', url, Buffer.from('not an image at all'), { 'content-type': 'image/png' }),
      415,
      'general/unsupported_media_type',
    );
    expectError(await shopper.client.post(url, { message: 'json' }), 415, 'general/unsupported_media_type');
    expectError(
      await shopper.client.request('POST', url, '<svg/>', { 'content-type': 'image/svg+xml' }),
      415,
      'general/unsupported_media_type',
    );
    expectError(
      await shopper.client.request('POST', url, Buffer.alloc(MAX_IMAGE_BYTES + 1), { 'content-type': 'image/png' }),
      413,
      'general/payload_too_large',
    );
    expectError(
      await staff.request('POST', `/admin${url}`, Buffer.alloc(MAX_IMAGE_BYTES + 1), { 'content-type': 'image/png' }),
      413,
      'general/payload_too_large',
    );
    expect(stored()).toBe(before);
    expect(ids((await shopper.client.get(`/order/${orderId}/messages`)).body)).toEqual([]);
  });
  it('removes the stored files when the message cannot be written', async () => {
    const { shopper, orderId } = await shopperWithOrder();
    const before = stored();
    // The app's database, except that writing fails (as a lost connection would).
    const failing = new Proxy(t.app.db, {
      get: (target, key, receiver) =>
        key === 'transaction' ? () => Promise.reject(new Error('connection lost')) : Reflect.get(target, key, receiver),
    });
    const app = { db: failing, config: t.app.config } as unknown as FastifyInstance;
    const request = { body: await png(), auth: { user: { id: shopper.id } } } as unknown as FastifyRequest;
    await expect(postPhoto(app, request, orderId, 'shopper')).rejects.toThrow('connection lost');
    expect(stored()).toBe(before);
  });
});

describe("the back office's inbox", () => {
  type Inbox = {
    conversations: { orderId: string; waitingSince: number | null; done: boolean }[];
    total: number;
    counts: { waiting: number; disputes: number };
  };
  const inbox = async (filter: string): Promise<Inbox> => {
    const answer = await staff.get(`/admin/inbox?filter=${filter}&limit=100`);
    expect(answer.status, answer.response.payload).toBe(200);
    return answer.body;
  };
  /** Where the given orders stand in a filter's list (only those listed). */
  const orderOf = async (filter: string, orderIds: string[]) =>
    (await inbox(filter)).conversations.map((c) => c.orderId).filter((id) => orderIds.includes(id));

  it('lists the longest wait first, drops answered and done ones, and opens a done one on a new shopper message', async () => {
    const a = await shopperWithOrder();
    const b = await shopperWithOrder();
    const c = await shopperWithOrder();
    const waitingBefore = (await inbox('waiting')).counts.waiting;

    const aSince = t.clock.now();
    await say(a.shopper.client, a.orderId, 'First to ask');
    t.clock.advance(30);
    await say(b.shopper.client, b.orderId, 'Second');
    t.clock.advance(30);
    await say(c.shopper.client, c.orderId, 'Third');
    t.clock.advance(30);
    // A second message keeps the first one's waiting time.
    await say(a.shopper.client, a.orderId, 'Hello?');
    const mine = [a.orderId, b.orderId, c.orderId];

    const waiting = await inbox('waiting');
    expect(await orderOf('waiting', mine)).toEqual([a.orderId, b.orderId, c.orderId]);
    expect(waiting.counts.waiting).toBe(waitingBefore + 3);
    const first = waiting.conversations.find((conversation) => conversation.orderId === a.orderId)!;
    expect(first).toMatchObject({
      orderRef: a.orderRef,
      orderStatus: 'awaiting_payment',
      shopper: { name: 'Siti Nurhaliza', email: a.shopper.email },
      lastMessage: { role: 'shopper', kind: 'text', preview: 'Hello?' },
      waitingSince: Math.floor(aSince.getTime() / 1000),
      staffUnread: 2,
      done: false,
      lastStaffAuthor: null,
      openDispute: null,
    });
    // Open: the latest message first.
    expect(await orderOf('open', mine)).toEqual([a.orderId, c.orderId, b.orderId]);

    // Staff answer a: it waits no more, and names who answered.
    t.clock.advance(30);
    await say(staff, a.orderId, 'On its way', 'staff');
    expect(await orderOf('waiting', mine)).toEqual([b.orderId, c.orderId]);
    const answered = (await inbox('all')).conversations.find((conversation) => conversation.orderId === a.orderId)!;
    expect(answered).toMatchObject({ waitingSince: null, lastStaffAuthor: 'Aminah', lastMessage: { role: 'staff' } });

    // b is done: out of waiting and open, into done; idempotent.
    for (let i = 0; i < 2; i += 1)
      expect((await staff.post(`/admin/order/${b.orderId}/chat_done`, { done: true })).body).toEqual({ done: true });
    expect(await orderOf('waiting', mine)).toEqual([c.orderId]);
    expect(await orderOf('open', mine)).toEqual([a.orderId, c.orderId]);
    expect(await orderOf('done', mine)).toEqual([b.orderId]);
    expect((await inbox('waiting')).counts.waiting).toBe(waitingBefore + 1);
    // The thread says so too (the order page's conversation reads it there).
    expect((await staff.get(`/admin/order/${b.orderId}/messages`)).body.thread.done).toBe(true);
    expect((await staff.get(`/admin/order/${c.orderId}/messages`)).body.thread.done).toBe(false);

    // The shopper writes again: open and waiting again (since this message).
    t.clock.advance(30);
    const bAgain = t.clock.now();
    await say(b.shopper.client, b.orderId, 'One more question');
    expect(await orderOf('waiting', mine)).toEqual([c.orderId, b.orderId]);
    expect((await inbox('waiting')).conversations.find((conversation) => conversation.orderId === b.orderId)!.waitingSince).toBe(
      Math.floor(bAgain.getTime() / 1000),
    );
    expect(await orderOf('done', mine)).toEqual([]);
    expect((await staff.get(`/admin/order/${b.orderId}/messages`)).body.thread.done).toBe(false);

    // Staff may open a conversation again by hand.
    await staff.post(`/admin/order/${c.orderId}/chat_done`, { done: true });
    expect((await staff.post(`/admin/order/${c.orderId}/chat_done`, { done: false })).body).toEqual({ done: false });
    expect(await orderOf('waiting', mine)).toEqual([c.orderId, b.orderId]);

    expect((await staff.get('/admin/inbox?filter=nope')).status).toBe(400);
    const paged = await staff.get('/admin/inbox?filter=all&limit=1&page=2');
    expect(paged.body.conversations).toHaveLength(1);
    expect(paged.body.total).toBeGreaterThanOrEqual(3);
  });

  it('lists the conversations of orders with an open dispute, and puts them first in Waiting, Open and All', async () => {
    const earlier = await shopperWithOrder();
    await say(earlier.shopper.client, earlier.orderId, 'Asked first, no dispute');
    t.clock.advance(60);
    const { shopper, orderId } = await shopperWithOrder();
    await say(shopper.client, orderId, 'It arrived broken');
    const both = [earlier.orderId, orderId];
    expect(await orderOf('waiting', both)).toEqual([earlier.orderId, orderId]);
    const before = (await inbox('disputes')).counts.disputes;
    const [dispute] = await t.app.db
      .insert(schema.orderDisputes)
      .values({ orderId, reason: 'damaged', description: 'The lid is cracked', openedAt: t.clock.now() })
      .returning({ id: schema.orderDisputes.id });
    const listed = await inbox('disputes');
    expect(listed.counts.disputes).toBe(before + 1);
    const conversation = listed.conversations.find((c) => c.orderId === orderId) as any;
    expect(conversation.openDispute).toEqual({ id: dispute!.id, reason: 'damaged', openedAt: Math.floor(t.clock.now().getTime() / 1000) });
    for (const filter of ['waiting', 'open', 'all']) expect(await orderOf(filter, both), filter).toEqual([orderId, earlier.orderId]);
    // Staff write last on the disputed one: in Open and All it still comes first.
    t.clock.advance(30);
    await say(staff, orderId, 'Sorry to hear that', 'staff');
    t.clock.advance(30);
    await say(earlier.shopper.client, earlier.orderId, 'Newer message');
    for (const filter of ['open', 'all']) expect(await orderOf(filter, both), filter).toEqual([orderId, earlier.orderId]);
    await t.app.db.update(schema.orderDisputes).set({ status: 'declined' }).where(eq(schema.orderDisputes.id, dispute!.id));
    expect(await orderOf('disputes', [orderId])).toEqual([]);
    expect(await orderOf('all', both)).toEqual([earlier.orderId, orderId]);
  });
});

describe('writers racing on one thread', () => {
  race(
    '20 posts at once get ids in commit order, and a reader polling `after` misses none',
    async () => {
      const { shopper, orderId } = await shopperWithOrder();
      await say(shopper.client, orderId, 'Before the race');
      const seen: number[] = [];
      let lastSeen = (await shopper.client.get(`/order/${orderId}/messages`)).body.thread.lastMessageId as number;
      let posting = true;
      const poll = async () => {
        const page = await staff.get(`/admin/order/${orderId}/messages?after=${lastSeen}&limit=100`);
        expect(page.status).toBe(200);
        for (const id of ids(page.body)) {
          expect(id).toBeGreaterThan(lastSeen);
          seen.push(id);
          lastSeen = id;
        }
      };
      // A reader that gives the event loop back between polls, as a browser's poller does: on PGlite,
      // which runs one statement at a time, back-to-back reads would otherwise keep the writers queued.
      const reader = (async () => {
        while (posting) {
          await poll();
          await new Promise((resolve) => setImmediate(resolve));
        }
        await poll();
      })();
      const posts = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2 === 0
            ? shopper.client.post(`/order/${orderId}/messages`, { message: `shopper ${i}` })
            : staff.post(`/admin/order/${orderId}/messages`, { message: `staff ${i}` }),
        ),
      );
      posting = false;
      await reader;
      for (const post of posts) expect(post.status, post.response.payload).toBe(201);
      const written = posts.map((post) => post.body.message.id as number).sort((x, y) => x - y);
      expect(new Set(written).size).toBe(20);
      expect(seen).toEqual(written);

      const [thread] = await t.app.db.select().from(schema.orderThreads).where(eq(schema.orderThreads.orderId, orderId));
      expect(thread).toMatchObject({ lastMessageId: written[19], staffUnread: 11, shopperUnread: 10 });
      const stored = await t.app.db
        .select({ id: schema.orderMessages.id })
        .from(schema.orderMessages)
        .where(eq(schema.orderMessages.orderId, orderId));
      expect(stored).toHaveLength(21);
    },
    60_000,
  );
});
