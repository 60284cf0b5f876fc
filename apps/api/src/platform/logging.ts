import { stdSerializers } from 'pino';

/**
 * What the API's logs may hold. Requests are logged without their cookies, anti-forgery token or
 * authorization; errors without the values a database statement carried (Drizzle puts them in
 * `params` and in its message, PostgreSQL in `detail`): e-mail addresses in rate-limit keys, user
 * ids and whatever a shopper typed stay out of the logs, while the statement and the error code,
 * which say what went wrong, stay in.
 */
const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
];

type SerializedError = ReturnType<typeof stdSerializers.err> & Record<string, unknown>;

function scrub(error: SerializedError | undefined, depth = 0): SerializedError | undefined {
  if (!error || depth > 5) return error;
  const { params: _params, detail: _detail, parameters: _parameters, ...rest } = error;
  const message = typeof rest.message === 'string' ? rest.message.replace(/\nparams: [\s\S]*$/, '') : rest.message;
  const stack = typeof rest.stack === 'string' ? rest.stack.replace(/\nparams: [\s\S]*?(\n\s+at |$)/, '$1') : rest.stack;
  const cause = rest.cause as SerializedError | undefined;
  return { ...rest, message, stack, ...(cause ? { cause: scrub(cause, depth + 1) } : {}) } as SerializedError;
}

/** pino's error serializer, without the values of database statements. */
function safeError(error: Error): SerializedError {
  return scrub(stdSerializers.err(error))!;
}

/** Logger options for Fastify (and the start-up logger): the level, redaction and the error serializer. */
export function loggerOptions(level: string, extra: object = {}) {
  return { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, serializers: { err: safeError }, ...extra };
}
