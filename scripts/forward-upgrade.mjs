/**
 * The live socket through the storefront's and the back office's own servers (decision 0025): a
 * browser opens `/api/ws` on the origin it is on, so the session cookie stays first-party, and the
 * server forwards that one upgrade to the API's `/ws` as it forwards `/api/…` calls (decision 0005):
 * the browser's client-address headers replaced by the address this server saw (forwarded-for.mjs),
 * `Via` added, cookies kept. The browser's `Host` is kept too: the API compares `Origin` with it
 * (an https API's certificate is still checked against the API's own name).
 * Every other upgrade is refused; nothing else is ever forwarded this way.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { setForwardedFor } from './forwarded-for.mjs';

/** The one path whose upgrade is forwarded, and where it goes on the API. */
export const SOCKET_PATH = '/api/ws';
const API_SOCKET_PATH = '/ws';

// Hop-by-hop headers of a refused upgrade's answer, which this server's own connection replaces.
const ANSWER_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade']);

/** Writes a whole HTTP answer on a raw socket and closes it (an upgrade that was not made). */
function answerAndClose(socket, status, statusText, headers, body = '') {
  if (socket.destroyed) return;
  const lines = [`HTTP/1.1 ${status} ${statusText}`, ...headers.map(([name, value]) => `${name}: ${value}`), 'Connection: close'];
  socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
}

function envelope(socket, status, statusText, errorCode, error) {
  const body = JSON.stringify({ errorCode, error, params: [error] });
  answerAndClose(
    socket,
    status,
    statusText,
    [
      ['Content-Type', 'application/json; charset=utf-8'],
      ['Content-Length', Buffer.byteLength(body)],
      ['Cache-Control', 'no-store'],
    ],
    body,
  );
}

/** The head of an answer as the API sent it (its raw header pairs), hop-by-hop headers left out unless `keepHop`. */
function headLines(answer, keepHop) {
  const lines = [`HTTP/1.1 ${answer.statusCode} ${answer.statusMessage ?? ''}`];
  for (let i = 0; i < answer.rawHeaders.length; i += 2) {
    const name = answer.rawHeaders[i];
    if (!keepHop && ANSWER_HOP.has(name.toLowerCase())) continue;
    lines.push(`${name}: ${answer.rawHeaders[i + 1]}`);
  }
  return lines;
}

/**
 * An `upgrade` listener for a Node HTTP server: `apiUrl` is where the API listens, `via` this hop's
 * name, `trustFront` keeps a TLS proxy's `X-Forwarded-For` chain (WEB_TRUST_PROXY).
 */
export function forwardUpgrade({ apiUrl, via, trustFront = false, timeoutMs = 10_000 }) {
  return function onUpgrade(req, socket, head) {
    socket.on('error', () => socket.destroy());
    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
    if (pathname !== SOCKET_PATH || String(req.headers.upgrade ?? '').toLowerCase() !== 'websocket') {
      return envelope(socket, 404, 'Not Found', 'general/not_found', 'The page or item you are looking for does not exist');
    }
    setForwardedFor(req.headers, req.socket.remoteAddress ?? '', trustFront);
    const target = new URL(`${apiUrl.replace(/\/+$/, '')}${API_SOCKET_PATH}${queryAt === -1 ? '' : url.slice(queryAt)}`);
    const headers = { ...req.headers, via: [req.headers.via, via].filter(Boolean).join(', ') };
    const secure = target.protocol === 'https:';
    // The browser's Host goes on to the API, but TLS must name (SNI) and check the API's own
    // certificate: without `servername` Node takes both from the Host header.
    const tls = secure ? { servername: target.hostname } : {};
    const upstream = (secure ? httpsRequest : httpRequest)(target, { method: 'GET', headers, timeout: timeoutMs, ...tls });
    let settled = false;

    upstream.on('upgrade', (answer, apiSocket, apiHead) => {
      settled = true;
      upstream.setTimeout(0);
      apiSocket.setTimeout(0);
      socket.write(`${headLines(answer, true).join('\r\n')}\r\n\r\n`);
      if (apiHead.length) socket.write(apiHead);
      if (head.length) apiSocket.write(head);
      apiSocket.on('error', () => socket.destroy());
      socket.on('close', () => apiSocket.destroy());
      apiSocket.on('close', () => socket.destroy());
      apiSocket.pipe(socket).pipe(apiSocket);
    });
    // Not upgraded (401, 403, 404…): the API's answer, envelope and all, then the connection closes.
    upstream.on('response', (answer) => {
      settled = true;
      const lines = [...headLines(answer, false), 'Connection: close'];
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
      answer.pipe(socket);
    });
    upstream.on('timeout', () => upstream.destroy(new Error('no answer in time')));
    upstream.on('error', (error) => {
      if (settled) return socket.destroy();
      const message = `The API could not be reached: ${error.message}`;
      envelope(socket, 502, 'Bad Gateway', 'general/unknown_error', message);
    });
    socket.on('close', () => {
      if (!settled) upstream.destroy();
    });
    upstream.end();
  };
}
