/**
 * The audit log's filter as the address keeps it (`/audit?actorId=…&objectType=…&objectId=…&page=…`)
 * and as `GET /admin/audit` takes it. An `actorId` that is not an account id is left out, not sent
 * to be refused.
 */
import type { AuditEntry, AuditQuery } from '@kedai/contract';
import { isUuid } from '@kedai/domain';

export const AUDIT_PAGE_SIZE = 50;

export function auditQueryOf(search: URLSearchParams): AuditQuery & { page: number } {
  const query: AuditQuery & { page: number } = { page: Math.max(1, Math.floor(Number(search.get('page'))) || 1), limit: AUDIT_PAGE_SIZE };
  const actorId = search.get('actorId')?.trim();
  if (actorId && isUuid(actorId)) query.actorId = actorId.toLowerCase();
  const objectType = search.get('objectType')?.trim();
  if (objectType) query.objectType = objectType;
  const objectId = search.get('objectId')?.trim();
  if (objectId) query.objectId = objectId;
  return query;
}

/** The address of the log filtered to what one account did (on its first page), keeping an object filter. */
export function actorFilterPath(actorId: string, search: URLSearchParams = new URLSearchParams()): string {
  const next = new URLSearchParams(search);
  next.delete('page');
  next.set('actorId', actorId);
  return `/audit?${next.toString()}`;
}

/** "Changes made by owner@kedai.example to product 42", from the filter and what the page shows. */
export function auditFilterText(query: AuditQuery, entries: readonly AuditEntry[]): string | null {
  const parts: string[] = [];
  if (query.actorId) {
    const email = entries.find((entry) => entry.actor?.id.toLowerCase() === query.actorId)?.actor?.email;
    parts.push(`made by ${email ?? 'one account'}`);
  }
  if (query.objectId) parts.push(`to ${query.objectType ?? 'object'} ${query.objectId}`);
  else if (query.objectType) parts.push(`to ${query.objectType} objects`);
  return parts.length > 0 ? `Changes ${parts.join(' ')}.` : null;
}
