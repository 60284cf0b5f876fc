import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@kedai/contract';
import { actorFilterPath, AUDIT_PAGE_SIZE, auditFilterText, auditQueryOf } from './audit-filter';

const ACTOR = '00000000-0000-4000-8000-0000000000aa';
const entry: AuditEntry = {
  id: 1,
  actor: { id: ACTOR, email: 'owner@kedai.example' },
  action: 'product.update',
  objectType: 'product',
  objectId: '42',
  before: null,
  after: null,
  createdAt: 1_795_000_000,
};

describe('the audit filter', () => {
  it('reads the page, actor and object from the address', () => {
    expect(auditQueryOf(new URLSearchParams(`page=3&actorId=${ACTOR.toUpperCase()}&objectType=product&objectId=42`))).toEqual({
      page: 3,
      limit: AUDIT_PAGE_SIZE,
      actorId: ACTOR,
      objectType: 'product',
      objectId: '42',
    });
  });
  it('leaves out a bad page or actor', () => {
    expect(auditQueryOf(new URLSearchParams('page=-2&actorId=nobody'))).toEqual({ page: 1, limit: AUDIT_PAGE_SIZE });
  });
  it("links to one account's changes from the first page, keeping an object filter", () => {
    expect(actorFilterPath(ACTOR, new URLSearchParams('page=4&objectType=product&objectId=42'))).toBe(
      `/audit?objectType=product&objectId=42&actorId=${ACTOR}`,
    );
    expect(actorFilterPath(ACTOR)).toBe(`/audit?actorId=${ACTOR}`);
  });
  it('says what is shown', () => {
    expect(auditFilterText({ actorId: ACTOR }, [entry])).toBe('Changes made by owner@kedai.example.');
    expect(auditFilterText({ actorId: ACTOR }, [])).toBe('Changes made by one account.');
    expect(auditFilterText({ objectType: 'product', objectId: '42' }, [])).toBe('Changes to product 42.');
    expect(auditFilterText({ actorId: ACTOR, objectType: 'product', objectId: '42' }, [entry])).toBe(
      'Changes made by owner@kedai.example to product 42.',
    );
    expect(auditFilterText({}, [entry])).toBeNull();
  });
});
