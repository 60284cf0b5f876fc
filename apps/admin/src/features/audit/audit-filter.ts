/**
 * The audit log's filter as the address keeps it (`/audit?from=…&to=…&actorId=…&action=…&objectType=…&object=…&page=…`,
 * and `objectId` from an object's own page) and as `GET /admin/audit` takes it. A value the API
 * could not read (an account id that is not one, an action or kind it does not know, a day that
 * is not YYYY-MM-DD) is left out, not sent to be refused.
 */
import type { AuditQuery } from '@kedai/contract';
import { AUDIT_ACTIONS, AUDIT_OBJECT_KINDS, isAuditAction, isAuditObjectKind, isUuid, type AuditAction } from '@kedai/domain';

export const AUDIT_PAGE_SIZE = 50;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const FILTER_KEYS = ['from', 'to', 'actorId', 'action', 'objectType', 'object', 'objectId'] as const;

export function auditQueryOf(search: URLSearchParams): AuditQuery & { page: number } {
  const query: AuditQuery & { page: number } = { page: Math.max(1, Math.floor(Number(search.get('page'))) || 1), limit: AUDIT_PAGE_SIZE };
  const value = (key: string) => search.get(key)?.trim() || undefined;
  const actorId = value('actorId');
  if (actorId && isUuid(actorId)) query.actorId = actorId.toLowerCase();
  const action = value('action');
  if (isAuditAction(action)) query.action = action;
  const objectType = value('objectType');
  if (isAuditObjectKind(objectType)) query.objectType = objectType;
  const object = value('object');
  if (object) query.object = object.slice(0, 200);
  const objectId = value('objectId');
  if (objectId) query.objectId = objectId;
  const from = value('from');
  if (from && DAY.test(from)) query.from = from;
  const to = value('to');
  if (to && DAY.test(to)) query.to = to;
  return query;
}

/** The address of the log with the filter form's values (empty ones left out), on its first page; an object's id filter is kept. */
export function auditSearchOf(values: Partial<Record<(typeof FILTER_KEYS)[number], string>>): string {
  const next = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = values[key]?.trim();
    if (value) next.set(key, value);
  }
  const text = next.toString();
  return text ? `/audit?${text}` : '/audit';
}

/** The address of the log filtered to what one account did (on its first page), keeping the other filters. */
export function actorFilterPath(actorId: string, search: URLSearchParams = new URLSearchParams()): string {
  const next = new URLSearchParams(search);
  next.delete('page');
  next.set('actorId', actorId);
  return `/audit?${next.toString()}`;
}

export function hasAuditFilter(query: AuditQuery): boolean {
  return FILTER_KEYS.some((key) => query[key] !== undefined);
}

/** "Cancelled order", "Changed the stock of": an action's sentence without its object, for the filter's list. */
export function auditActionLabel(action: AuditAction): string {
  return AUDIT_ACTIONS[action].says.replace(/\s*\{object\}/, '');
}

/** The actions for the filter's list, grouped by the kind of object they are about, in the catalogue's order. */
export function auditActionGroups(): Array<{ kind: string; label: string; actions: AuditAction[] }> {
  const groups = new Map<string, AuditAction[]>();
  for (const [action, info] of Object.entries(AUDIT_ACTIONS) as Array<[AuditAction, { kind: string }]>) {
    groups.set(info.kind, [...(groups.get(info.kind) ?? []), action]);
  }
  return [...groups].map(([kind, actions]) => ({ kind, label: auditKindLabel(kind), actions }));
}

/** "Order", "Home page product group". */
export function auditKindLabel(kind: string): string {
  const word: string = isAuditObjectKind(kind) ? AUDIT_OBJECT_KINDS[kind] : kind;
  return word.charAt(0).toUpperCase() + word.slice(1);
}
