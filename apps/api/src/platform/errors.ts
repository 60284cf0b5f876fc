import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, ERROR_MESSAGES, formatErrorMessage, type ErrorCode } from '@kedai/domain';

export function sendError(reply: FastifyReply, status: number, errorCode: ErrorCode, params: unknown[] = [], error?: string) {
  return reply.status(status).send({
    errorCode,
    error: error ?? formatErrorMessage(ERROR_MESSAGES[errorCode], params),
    params,
  });
}

/** Fastify's own 4xx codes mapped onto the catalogue. */
const FASTIFY_CODES: Record<string, { status: number; code: ErrorCode }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'general/payload_too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'general/unsupported_media_type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'general/argument_error' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'general/argument_error' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'general/argument_error' },
};

/**
 * One envelope `{errorCode, error, params}` for every non-2xx answer. Known errors keep their
 * code; anything unexpected is logged with its stack and answered without internals.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return sendError(reply, err.status, err.errorCode, err.params as unknown[], err.message);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'request';
      const problems = err.validation.map((issue) => {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return field ? `${field}: ${issue.message}` : issue.message;
      });
      const detail = `Invalid ${where}: ${problems.join('; ')}`;
      return sendError(reply, 400, 'general/argument_error', [detail], detail);
    }
    const known = err.code ? FASTIFY_CODES[err.code] : undefined;
    if (known) return sendError(reply, known.status, known.code, [err.message], err.message);
    if (err.statusCode === 429) return sendError(reply, 429, 'general/rate_limited');
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Other client errors from Fastify or plugins: their message is meant for the caller.
      return sendError(reply, err.statusCode, 'general/argument_error', [err.message], err.message);
    }
    request.log.error({ err }, 'unhandled error');
    return sendError(reply, 500, 'general/unknown_error', ['Something went wrong on our side. Please try again.']);
  });

  app.setNotFoundHandler((request, reply) =>
    sendError(reply, 404, 'general/not_found', [`${request.method} ${request.url.split('?')[0]}`]),
  );
}
