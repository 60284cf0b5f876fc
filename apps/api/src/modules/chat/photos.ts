import { mkdir, readFile, readdir, rename, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ChatPhotoFile,
  ChatPhotoParams,
  ErrorEnvelope,
  IMAGE_UPLOAD_TYPES,
  ImageUploadBody,
  OrderIdParams,
  PostChatMessageAnswer,
} from '@kedai/contract';
import { AppError, DISPUTE_PHOTOS_MAX, parseChatPhotoName, thumbnailName } from '@kedai/domain';
import { and, eq, schema } from '@kedai/db';
import { authOf, requireUser } from '../../platform/auth-guard';
import { announce } from '../../platform/live';
import { addDisputePhoto } from '../disputes/service';
import { removeImage, storeImage } from '../images/service';
import { callerOf, chatPostLimit } from './routes';
import { postMessage, threadAccess, type ChatSide } from './service';

/**
 * The order chat's photos (issue 29). They are private to the order's buyer and the shop's staff, so
 * they are stored under `privateDir` (never on the public assets host) as `chat/<uuid>.webp` with a
 * `_thumb` thumbnail, and read through `GET /order/{id}/messages/photos/{name}` (staff: the same under
 * `/admin`), which checks the thread's own access. Photos written before they were private lie in
 * the assets folder's `chat/`: `movePublicChatPhotos` moves them at start, and reading falls back to
 * the old place for one a process of the previous version wrote meanwhile (decision 0025).
 */

/** How long a browser may keep a photo: its name never names other bytes, and only its viewer's cache holds it. */
const PHOTO_MAX_AGE_SECONDS = 86_400;

const now = (app: FastifyInstance) => app.config.clock?.() ?? new Date();

/**
 * Re-encodes and stores the request's photo in the private folder, then lets `write` record it (as a
 * message); the files go again when it cannot. Every photo of the chat (a dispute's too) comes in here.
 */
async function storeChatPhoto<T>(app: FastifyInstance, request: FastifyRequest, write: (image: string) => Promise<T>): Promise<T> {
  const stored = await storeImage(app.config.privateDir, request.body as Uint8Array, 'chat');
  try {
    return await write(stored.image);
  } catch (error) {
    await removeImage(app.config.privateDir, stored.image);
    throw error;
  }
}

/** A photo sent by `side` as a message of the order's thread; answers as `POST …/messages` does. */
export async function postPhoto(app: FastifyInstance, request: FastifyRequest, orderId: string, side: ChatSide) {
  const { buyerId } = await threadAccess(app.db, orderId, callerOf(request, side));
  const answer = await storeChatPhoto(app, request, (image) =>
    postMessage(app.db, { orderId, authorId: authOf(request).user.id, role: side, now: now(app) }, { kind: 'photo', image }),
  );
  announce(app.db, { kind: 'message', orderId: answer.message.orderId, userId: buyerId });
  return answer;
}

const notFound = () => new AppError('general/not_found');

/** The bytes of a stored chat file: the private folder, else where photos were kept before (public assets). */
async function readPhotoFile(app: FastifyInstance, file: string): Promise<Buffer> {
  for (const dir of [app.config.privateDir, app.config.assetsDir]) {
    try {
      return await readFile(join(dir, file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw notFound();
}

/**
 * Answers a photo of the order's thread to its buyer or staff (others: 404 `order/not_found`, as the
 * thread itself). A name that is not `<uuid>.webp` / `<uuid>_thumb.webp`, or not a photo of this
 * thread, is 404 `general/not_found`: the name is matched whole, so no path reaches another file.
 */
async function sendPhoto(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, side: ChatSide) {
  const { id, name } = request.params as { id: string; name: string };
  await threadAccess(app.db, id, callerOf(request, side));
  const photo = parseChatPhotoName(name);
  if (!photo) throw notFound();
  const { orderMessages } = schema;
  const [message] = await app.db
    .select({ id: orderMessages.id })
    .from(orderMessages)
    .where(and(eq(orderMessages.orderId, id.toLowerCase()), eq(orderMessages.kind, 'photo'), eq(orderMessages.image, photo.image)))
    .limit(1);
  if (!message) throw notFound();
  const bytes = await readPhotoFile(app, photo.size === 'thumb' ? thumbnailName(photo.image) : photo.image);
  return reply
    .header('content-type', 'image/webp')
    .header('cache-control', `private, max-age=${PHOTO_MAX_AGE_SECONDS}`)
    .header('x-content-type-options', 'nosniff')
    .send(bytes);
}

/** Moves the photos kept on the public assets host before they were private into the private folder (once, at start). */
export async function movePublicChatPhotos(assetsDir: string, privateDir: string): Promise<number> {
  const from = join(assetsDir, 'chat');
  let names: string[];
  try {
    names = await readdir(from);
  } catch {
    return 0;
  }
  const to = join(privateDir, 'chat');
  await mkdir(to, { recursive: true });
  let moved = 0;
  for (const name of names) {
    if (!/^[0-9a-f-]{36}(_thumb)?\.webp$/.test(name)) continue;
    try {
      await rename(join(from, name), join(to, name));
      moved += 1;
    } catch {
      // Another process moved it first, or it cannot be moved (another disk): reading still finds it there.
    }
  }
  // Gone once empty, so the assets host no longer lists a chat folder.
  await rmdir(from).catch(() => undefined);
  return moved;
}

const PHOTO_DESCRIPTION =
  'The body is the image file itself with its content type; it is re-encoded as WebP (at most 1600 px) with a 400 px ' +
  'thumbnail and kept private (read it back through `…/messages/photos/{name}`). 415 `general/unsupported_media_type` for ' +
  'anything that is not a JPEG, PNG, WebP, AVIF or GIF image; 413 `general/payload_too_large` above MAX_IMAGE_UPLOAD_BYTES; ' +
  '429 `general/rate_limited` past RATE_LIMIT_CHAT.';

/** The answers of a photo upload, besides its 201. */
const PHOTO_UPLOAD_ERRORS = {
  400: ErrorEnvelope,
  401: ErrorEnvelope,
  403: ErrorEnvelope,
  404: ErrorEnvelope,
  413: ErrorEnvelope,
  415: ErrorEnvelope,
  429: ErrorEnvelope,
};

/** A scope whose bodies are an image's own bytes: it parses only image types (415 otherwise). */
function takeImageBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser([...IMAGE_UPLOAD_TYPES], { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
}

/**
 * The photo routes of one side, the same for both: send a photo (`POST …/messages/photo`) and read
 * one (`GET …/messages/photos/{name}`). The shopper's are signed in before the body is read; staff's
 * sit in the back office's scope, behind its staff guard.
 */
export function chatPhotoRoutes(side: ChatSide): FastifyPluginAsyncZod {
  const staff = side === 'staff';
  const prefix = staff ? '/admin' : '';
  const tags = [staff ? 'admin' : 'chat'];
  const signedIn = staff ? {} : { onRequest: requireUser() };
  return async (app) => {
    takeImageBodies(app);

    app.post(
      `${prefix}/order/:id/messages/photo`,
      {
        schema: {
          tags,
          summary: staff ? 'Send the shopper a photo about their order' : 'Send the shop a photo about the order',
          description: `${PHOTO_DESCRIPTION} 404 \`order/not_found\`.`,
          params: OrderIdParams,
          body: ImageUploadBody,
          consumes: [...IMAGE_UPLOAD_TYPES],
          response: { 201: PostChatMessageAnswer, ...PHOTO_UPLOAD_ERRORS },
        },
        bodyLimit: app.config.maxImageUploadBytes,
        ...signedIn,
        preHandler: chatPostLimit(app),
      },
      async (request, reply) => reply.code(201).send(await postPhoto(app, request, request.params.id.toLowerCase(), side)),
    );

    app.get(
      `${prefix}/order/:id/messages/photos/:name`,
      {
        schema: {
          tags,
          summary: staff ? "A photo of an order's conversation, or its thumbnail" : "A photo of the order's conversation, or its thumbnail",
          description:
            '`image/webp`, `Cache-Control: private`. 404 `order/not_found` for another shopper’s order; 404 `general/not_found` ' +
            'for a name that is not a photo of this conversation.',
          params: ChatPhotoParams,
          response: { 200: ChatPhotoFile, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope },
        },
        ...signedIn,
      },
      async (request, reply) => sendPhoto(app, request, reply, side),
    );
  };
}

/**
 * The buyer's photos for their order's open dispute (issue 29): the same pipeline as every chat photo,
 * written into the conversation naming the dispute (`addDisputePhoto` of the disputes module says the
 * design and the limit).
 */
export const disputePhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  takeImageBodies(app);

  app.post(
    '/order/:id/disputes/photo',
    {
      schema: {
        tags: ['disputes'],
        summary: 'Add a photo to the open dispute about the order (it shows in the conversation)',
        description:
          `${PHOTO_DESCRIPTION} 404 \`order/not_found\`; 404 \`dispute/not_found\` when no dispute was opened; 409 ` +
          `\`dispute/not_open\` once it is resolved; 409 \`dispute/too_many_photos\` (\`params[0]\` the limit) past ${DISPUTE_PHOTOS_MAX}.`,
        params: OrderIdParams,
        body: ImageUploadBody,
        consumes: [...IMAGE_UPLOAD_TYPES],
        response: { 201: PostChatMessageAnswer, ...PHOTO_UPLOAD_ERRORS, 409: ErrorEnvelope },
      },
      bodyLimit: app.config.maxImageUploadBytes,
      // Signed in before the body is read.
      onRequest: requireUser(),
      preHandler: chatPostLimit(app),
    },
    async (request, reply) => {
      const orderId = request.params.id.toLowerCase();
      // Another shopper's order is refused before the photo is read.
      const { buyerId } = await threadAccess(app.db, orderId, callerOf(request, 'shopper'));
      const answer = await storeChatPhoto(app, request, (image) =>
        addDisputePhoto(app.db, authOf(request).user.id, orderId, image, now(app)),
      );
      announce(app.db, { kind: 'message', orderId, userId: buyerId });
      return reply.code(201).send(answer);
    },
  );
};
