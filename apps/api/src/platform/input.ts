import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ERROR_MESSAGES, formatErrorMessage, type ErrorCode } from '@kedai/domain';
import { sendError } from './errors';

/**
 * Text that PostgreSQL (and any sane reader) cannot take: the NUL character, which a `text` value
 * cannot hold (the statement fails), and UTF-16 surrogates without their pair, which are no
 * characters at all. Refused at the edge, once for every route, before any handler sees them.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The path of the first unsafe string in a value (keys included), or undefined when all is well. */
function findUnsafeText(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return UNSAFE_TEXT.test(value) ? path || '(value)' : undefined;
  if (typeof value !== 'object' || value === null || depth > 64) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (UNSAFE_TEXT.test(key)) return at;
    const found = findUnsafeText(item, at, depth + 1);
    if (found) return found;
  }
  return undefined;
}

function refuseUnsafeText(request: FastifyRequest): void {
  const parts = { query: request.query, params: request.params, body: request.body, cookies: request.cookies };
  for (const [where, value] of Object.entries(parts)) {
    const at = findUnsafeText(value);
    if (at) {
      const detail = `Invalid ${where}: ${at}: text may not contain NUL characters or unpaired surrogates`;
      throw new AppError('general/argument_error', [detail], detail);
    }
  }
}

/**
 * The edge of the API: unsafe text refused on every route; only JSON bodies are parsed (a
 * `text/plain` body is 415 like any other type we do not take).
 */
export function registerInputGuards(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  app.addHook('preValidation', async (request) => refuseUnsafeText(request));
}

/** Fastify's `frameworkErrors`: a URL the router cannot decode (bad percent-encoding) gets the envelope. */
export function frameworkErrors(error: Error & { code?: string }, _request: FastifyRequest, reply: FastifyReply): void {
  const detail = error.code === 'FST_ERR_BAD_URL' ? 'Invalid URL: it is not valid percent-encoded UTF-8' : error.message;
  void sendError(reply, 400, 'general/argument_error', [detail], detail);
}

/** Node's HTTP parser errors (oversized headers or URL, malformed requests), answered with the envelope. */
export function clientErrorHandler(this: FastifyInstance, err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || !socket.writable) return;
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  const [status, reason, code]: [number, string, ErrorCode] = tooLarge
    ? [431, 'Request Header Fields Too Large', 'general/payload_too_large']
    : [400, 'Bad Request', 'general/argument_error'];
  const message = formatErrorMessage(ERROR_MESSAGES[code], []);
  const body = JSON.stringify({ errorCode: code, error: message, params: [] });
  this.log.debug({ code: err.code }, 'client error');
  socket.end(
    [
      `HTTP/1.1 ${status} ${reason}`,
      'Content-Type: application/json; charset=utf-8',
      'X-Content-Type-Options: nosniff',
      'Cache-Control: no-store',
      'Connection: close',
      `Content-Length: ${Buffer.byteLength(body)}`,
      '',
      body,
    ].join('\r\n'),
  );
}
