import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, roleAllows, type StaffRole } from '@kedai/domain';
import type { Database } from '@kedai/db';
import { configEntries } from './shop-config';
import { checkAccess, refreshTokenOf, type AccessCheck, type AuthContext, type SessionDeps } from './session';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs and checks access tokens (platform/secrets.ts). */
    accessTokenKey: Uint8Array;
  }
}

export function sessionDeps(request: FastifyRequest): SessionDeps {
  const app = request.server;
  return { db: app.db, config: app.config, key: app.accessTokenKey };
}

/** rules: access.md: a blacklisted account is told the shop's contact address. */
export async function blacklistedError(db: Database): Promise<AppError> {
  const contact = String((await configEntries(db)).contact_email ?? '');
  return new AppError('auth/account_blacklisted', [contact]);
}

export interface RequireUserOptions {
  /**
   * Let a session through that still owes its second factor: only `/auth/me`, logout and the
   * `/tfa/*` steps do (issue 4); everything else answers 403 `auth/tfa_not_verified`.
   */
  allowTfaPending?: boolean;
}

/**
 * A `preHandler` for routes of signed-in users: sets `request.auth`, or answers 401
 * `auth/not_authorized` (no session cookie), 401 `auth/invalid_access_token` (expired, forged or
 * revoked: the client refreshes once and retries), 403 `auth/account_blacklisted`, or 403
 * `auth/tfa_not_verified`.
 */
export function requireUser(options: RequireUserOptions = {}) {
  return async function requireUserHook(request: FastifyRequest, _reply: FastifyReply) {
    request.auth = await signedInCaller(request, await checkAccess(sessionDeps(request), request), options);
  };
}

/** The rules of `requireUser` applied to an access check already made. */
export async function signedInCaller(request: FastifyRequest, check: AccessCheck, options: RequireUserOptions = {}): Promise<AuthContext> {
  if (check.kind === 'none') throw new AppError('auth/not_authorized');
  if (check.kind === 'invalid') throw new AppError('auth/invalid_access_token');
  if (check.kind === 'blacklisted') throw await blacklistedError(request.server.db);
  if (!check.auth.tfaPassed && !options.allowTfaPending) throw new AppError('auth/tfa_not_verified');
  return check.auth;
}

const NO_BACK_OFFICE_ACCESS = 'Your account does not have access to this part of the back office';

/**
 * A route as the back office names it in its list of owners' calls: `PUT /admin/region/:key`, the
 * method and the path as the route declares it. A HEAD is its GET's (Fastify answers HEAD with the
 * GET route's handler, so it needs the GET's role).
 */
export function routeKey(method: string | string[], url: string): string {
  const one = Array.isArray(method) ? method.join(',') : method;
  return `${one === 'HEAD' ? 'GET' : one} ${url}`;
}

/**
 * The `onRequest` hook of the back office's scope (`src/back-office.ts`), so it runs on every
 * `/admin/…` route, the one place roles are checked (before the body is read, so nobody without the
 * role learns anything from validation) — rules: access.md: the rules of `requireUser`, then 403
 * `auth/not_authorized` for an account without a back-office role that allows the call (a shopper,
 * or staff on a call `ownerOnly` names by its `routeKey`), and 403 `auth/tfa_not_verified` for staff
 * whose two-factor authentication is not set up and passed — staff always sign in with a second factor.
 */
export function staffGuard(ownerOnly: ReadonlySet<string>) {
  return async function staffGuardHook(request: FastifyRequest, _reply: FastifyReply) {
    const needed: StaffRole = ownerOnly.has(routeKey(request.routeOptions.method, request.routeOptions.url ?? '')) ? 'owner' : 'staff';
    const auth = await signedInCaller(request, await checkAccess(sessionDeps(request), request));
    if (!roleAllows(auth.user.role, needed)) throw new AppError('auth/not_authorized', undefined, NO_BACK_OFFICE_ACCESS, 403);
    if (!auth.tfaEnabled || !auth.tfaPassed) throw new AppError('auth/tfa_not_verified');
    request.auth = auth;
  };
}

/** The caller set by `requireUser`; a route without the guard calling this is a programming error. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Error('route is missing the requireUser guard');
  return request.auth;
}

/**
 * The caller of a route that answers visitors too (`/product/{id}/flags`,
 * `/product/recently_viewed`): the signed-in user once their second factor is passed, else
 * undefined — a visitor, a blacklisted account, or a session that still owes its second factor
 * (treated as a visitor there, not a 403). As on `/auth/me`, an expired or revoked access token,
 * or a refresh cookie without an access cookie, answers 401 `auth/invalid_access_token` so the
 * client refreshes and asks again instead of getting a visitor's answer.
 */
export async function optionalUser(request: FastifyRequest): Promise<AuthContext | undefined> {
  const check = await checkAccess(sessionDeps(request), request);
  if (check.kind === 'none') {
    if (refreshTokenOf(request.server.config, request)) throw new AppError('auth/invalid_access_token');
    return undefined;
  }
  if (check.kind === 'invalid') throw new AppError('auth/invalid_access_token');
  if (check.kind === 'blacklisted' || !check.auth.tfaPassed) return undefined;
  return check.auth;
}
