import { describe, expect, it } from 'vitest';
import {
  actorFilterPath,
  AUDIT_PAGE_SIZE,
  auditActionGroups,
  auditActionLabel,
  auditQueryOf,
  auditSearchOf,
  hasAuditFilter,
} from './audit-filter';

const ACTOR = '00000000-0000-4000-8000-0000000000aa';

describe('the audit filter', () => {
  it('reads the page, days, person, action, kind and object from the address', () => {
    expect(
      auditQueryOf(
        new URLSearchParams(
          `page=3&actorId=${ACTOR.toUpperCase()}&action=order.cancelled&objectType=order&object=KD-1&from=2030-06-01&to=2030-06-30`,
        ),
      ),
    ).toEqual({
      page: 3,
      limit: AUDIT_PAGE_SIZE,
      actorId: ACTOR,
      action: 'order.cancelled',
      objectType: 'order',
      object: 'KD-1',
      from: '2030-06-01',
      to: '2030-06-30',
    });
    expect(auditQueryOf(new URLSearchParams('objectType=product&objectId=42'))).toEqual({
      page: 1,
      limit: AUDIT_PAGE_SIZE,
      objectType: 'product',
      objectId: '42',
    });
  });
  it('leaves out what the API could not read', () => {
    expect(
      auditQueryOf(new URLSearchParams('page=-2&actorId=nobody&action=product.rename&objectType=spaceship&from=1/6/2030&to=soon')),
    ).toEqual({
      page: 1,
      limit: AUDIT_PAGE_SIZE,
    });
  });
  it('writes the form into the address, empty fields left out, on the first page', () => {
    expect(auditSearchOf({ from: '2030-06-01', to: '', action: 'staff.role', object: ' KD-1 ' })).toBe(
      '/audit?from=2030-06-01&action=staff.role&object=KD-1',
    );
    expect(auditSearchOf({})).toBe('/audit');
  });
  it("links to one person's changes from the first page, keeping the other filters", () => {
    expect(actorFilterPath(ACTOR, new URLSearchParams('page=4&objectType=product&objectId=42'))).toBe(
      `/audit?objectType=product&objectId=42&actorId=${ACTOR}`,
    );
    expect(actorFilterPath(ACTOR)).toBe(`/audit?actorId=${ACTOR}`);
  });
  it('knows when a filter is set', () => {
    expect(hasAuditFilter({ page: 2 })).toBe(false);
    expect(hasAuditFilter({ from: '2030-06-01' })).toBe(true);
  });
  it('offers the actions in words, grouped by kind of object', () => {
    expect(auditActionLabel('order.cancelled')).toBe('Cancelled order');
    expect(auditActionLabel('order.shipped')).toBe('Marked order as shipped');
    const groups = auditActionGroups();
    expect(groups.find((group) => group.kind === 'user')?.label).toBe('Account');
    expect(groups.find((group) => group.kind === 'user')?.actions).toContain('auth.sign_in');
  });
});
