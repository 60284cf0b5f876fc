import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

const VISITOR_COOKIE = 'kedai_vid';
const VISITOR_ID = /^[0-9a-f-]{36}$/;
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The anonymous visitor id from its cookie, or undefined for a first visit — in which case a new
 * id is set on the reply, so the browser's next request carries it.
 */
export function visitorId(request: FastifyRequest, reply: FastifyReply): string | undefined {
  const existing = existingVisitorId(request);
  if (existing) return existing;
  reply.setCookie(VISITOR_COOKIE, randomUUID(), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: ONE_YEAR_SECONDS,
  });
  return undefined;
}

/** The visitor id from its cookie when it has one of ours (never e.g. a `user:` history key), else undefined. */
export function existingVisitorId(request: FastifyRequest): string | undefined {
  const existing = request.cookies[VISITOR_COOKIE];
  return existing && VISITOR_ID.test(existing) ? existing : undefined;
}
