import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import { AppError, roleAllows } from '@kedai/domain';
import { sessionDeps, signedInCaller } from '../../platform/auth-guard';
import { clientAddress, rateLimit } from '../../platform/rate-limit';
import { accessTokenExpiry, checkAccess } from '../../platform/session';
import { SocketHub } from './socket-hub';

/**
 * The live socket at `/ws` (decision 0025; browsers reach it as `/api/ws` on the storefront's and
 * the back office's own origin, whose servers forward the upgrade). The upgrade is an HTTP request
 * like any other until it is accepted: it must come from an allowed origin and carry a session the
 * HTTP routes would let in (the same two-factor rule), else it is answered 403/401 with the error
 * envelope and never upgraded. Attempts are counted per client address first (RATE_LIMIT_SOCKET,
 * 429), so a flood of them is refused before a session is read or a socket made. What flows over it is read by the process's one hub (socket-hub.ts).
 */

/** What `ws` reads of one frame at most (beyond: closed 1009 before it is even buffered); the hub closes at 4 KB (4400). */
const WS_MAX_PAYLOAD = 16 * 1024;
/** How often the server pings; a socket that has not answered the previous ping by the next is dropped. */
const HEARTBEAT_MS = 30_000;

const hubs = new WeakMap<object, SocketHub>();

/** The hub of an app's process (tests drive its session sweep and token expiry). */
export function chatSocketHub(app: FastifyInstance): SocketHub | undefined {
  return hubs.get(app.server);
}

const refusedOrigin = () => new AppError('auth/not_authorized', undefined, 'This page may not open a live connection to the shop', 403);

/**
 * Cross-site WebSocket hijacking: a browser sends the session cookie with an upgrade any page asks
 * for, and only `Origin` says which page asked. Allowed: the storefront's origins (WEB_ORIGINS), and
 * the origin the browser addressed itself (its `Host`, which the storefront's and back office's
 * servers pass on with the upgrade), so the back office works on whatever origin it is served from
 * without another setting. A request without `Origin` comes from no browser page and is refused too.
 */
function originAllowed(request: Pick<FastifyRequest, 'headers'>, webOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (typeof origin !== 'string' || origin === 'null') return false;
  if (webOrigins.includes(origin)) return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  return typeof request.headers.host === 'string' && host.toLowerCase() === request.headers.host.toLowerCase();
}

export const chatSocketRoutes: FastifyPluginAsync = async (app) => {
  const hub = new SocketHub(app.db, app.log);
  hubs.set(app.server, hub);
  await hub.start(app.pubsub);

  await app.register(websocket, {
    options: { maxPayload: WS_MAX_PAYLOAD },
    // The app closing (SIGTERM, after the drain): every socket told "going away" (1001), so its client
    // reconnects to another process and catches up with `after`.
    preClose: async () => {
      await hub.close();
    },
    errorHandler: (error, socket) => {
      app.log.debug({ err: error }, 'live socket failed');
      socket.terminate();
    },
  });

  const heartbeat = setInterval(() => {
    for (const client of app.websocketServer.clients) {
      const state = client as typeof client & { kedaiAlive?: boolean };
      if (state.kedaiAlive === false) {
        client.terminate();
        continue;
      }
      state.kedaiAlive = false;
      client.ping();
    }
  }, HEARTBEAT_MS).unref();
  app.addHook('onClose', async () => clearInterval(heartbeat));

  app.get(
    '/ws',
    {
      websocket: true,
      onRequest: [
        rateLimit({ name: 'socket', ...app.config.rateLimits.socket, key: (request) => `ip:${clientAddress(request)}` }),
        async (request) => {
          if (!originAllowed(request, app.config.webOrigins)) throw refusedOrigin();
          // The rules of every signed-in route (401 not signed in or token expired, 403 blacklisted or second factor owed).
          request.auth = await signedInCaller(request, await checkAccess(sessionDeps(request), request));
        },
      ],
    },
    (ws, request) => {
      const auth = request.auth!;
      // Staff as the back office's guard has it: a staff role, with two-factor authentication set up and passed.
      const staff = roleAllows(auth.user.role, 'staff') && auth.tfaEnabled && auth.tfaPassed;
      const state = ws as typeof ws & { kedaiAlive?: boolean };
      state.kedaiAlive = true;
      ws.on('pong', () => (state.kedaiAlive = true));
      hub.open({
        ws,
        userId: auth.user.id,
        sessionId: auth.session.id,
        role: staff ? 'staff' : 'shopper',
        name: auth.user.firstName,
        tokenExpiresAt: accessTokenExpiry(app.config, request) ?? 0,
      });
    },
  );
};
