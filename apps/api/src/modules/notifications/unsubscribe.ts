import { createHmac } from 'node:crypto';
import { OPTIONAL_EMAIL_KINDS, isUuid, type OptionalEmailKind } from '@kedai/domain';
import { constantTimeEqual } from '../../platform/secure-tokens';

/**
 * One-click unsubscribe from an optional e-mail (RFC 8058). The link names a shopper and a kind and
 * is signed with its own key (`app.unsubscribeKey`: UNSUBSCRIBE_SECRET, or derived from the access
 * tokens' key, never that key itself; HMAC-SHA256 under its own label). It needs no session, as a
 * mail client posts it without cookies, and it does not expire, as an old e-mail's link must still
 * work. It can only turn that one e-mail off.
 */

const LABEL = 'kedai-unsubscribe';

function signature(key: Uint8Array, userId: string, kind: OptionalEmailKind): string {
  return createHmac('sha256', key).update(`${LABEL}:${userId}:${kind}`).digest('base64url');
}

/** `<user id and kind, base64url>.<signature>`. */
export function unsubscribeToken(key: Uint8Array, userId: string, kind: OptionalEmailKind): string {
  return `${Buffer.from(`${userId}:${kind}`).toString('base64url')}.${signature(key, userId, kind)}`;
}

/** The shopper and kind a token names, or null for one this API did not sign. */
export function readUnsubscribeToken(key: Uint8Array, token: string): { userId: string; kind: OptionalEmailKind } | null {
  const [named, signed, ...rest] = token.split('.');
  if (!named || !signed || rest.length > 0) return null;
  const [userId, kind, ...more] = Buffer.from(named, 'base64url').toString('utf8').split(':');
  if (!userId || !kind || more.length > 0 || !isUuid(userId)) return null;
  if (!(OPTIONAL_EMAIL_KINDS as readonly string[]).includes(kind)) return null;
  const optional = kind as OptionalEmailKind;
  return constantTimeEqual(signed, signature(key, userId, optional)) ? { userId, kind: optional } : null;
}

/**
 * The headers of an optional e-mail: the unsubscribe address a mail client posts to (through the
 * storefront's `/api`, as every browser call) and the one-click mark, plus the storefront page a
 * person lands on (it asks before turning the e-mail off, so a link scanner's GET does nothing).
 */
export function unsubscribeLinks(
  deps: { publicWebUrl: string; key: Uint8Array },
  userId: string,
  kind: OptionalEmailKind,
): { headers: Record<string, string>; pageUrl: string } {
  const token = encodeURIComponent(unsubscribeToken(deps.key, userId, kind));
  return {
    headers: {
      'List-Unsubscribe': `<${deps.publicWebUrl}/api/notification/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    pageUrl: `${deps.publicWebUrl}/unsubscribe?token=${token}`,
  };
}
