import { describe, expect, it } from 'vitest';
import { ApiError } from '@kedai/contract/client';
import type { StaffMember } from '@kedai/contract';
import {
  addedOn,
  addedText,
  auditPathOf,
  changedText,
  checkInvite,
  confirmationOf,
  confirmationsNeeded,
  countOwners,
  LAST_OWNER_TEXT,
  leavesNoOwner,
  memberName,
  sortStaff,
  staffErrorText,
} from './staff';

const member = (over: Partial<StaffMember>): StaffMember => ({
  id: '00000000-0000-4000-8000-000000000001',
  email: 'siti@kedai.example',
  firstName: 'Siti',
  lastName: 'Rahman',
  role: 'staff',
  tfaEnabled: true,
  createdAt: 1_795_000_000,
  ...over,
});
const siti = member({});
const owner = member({
  id: '00000000-0000-4000-8000-000000000002',
  email: 'owner@kedai.example',
  firstName: 'Ahmad',
  lastName: 'Lee',
  role: 'owner',
});
const nameless = member({ id: '00000000-0000-4000-8000-000000000003', email: 'anon@kedai.example', firstName: '', lastName: ' ' });

describe('the staff list', () => {
  it('names a member, or falls back to the address', () => {
    expect(memberName(siti)).toBe('Siti Rahman');
    expect(memberName(nameless)).toBe('anon@kedai.example');
  });
  it('lists owners first, then by name', () => {
    expect(sortStaff([siti, nameless, owner]).map((m) => m.email)).toEqual([
      'owner@kedai.example',
      'anon@kedai.example',
      'siti@kedai.example',
    ]);
  });
  it('knows when a change would leave no owner', () => {
    expect(countOwners([siti, owner])).toBe(1);
    expect(leavesNoOwner([siti, owner], owner, 'staff')).toBe(true);
    expect(leavesNoOwner([siti, owner], owner, 'shopper')).toBe(true);
    expect(leavesNoOwner([siti, owner], owner, 'owner')).toBe(false);
    expect(leavesNoOwner([siti, owner], siti, 'shopper')).toBe(false);
    const second = { ...siti, role: 'owner' as const };
    expect(leavesNoOwner([second, owner], owner, 'shopper')).toBe(false);
  });
  it('links a member to the audit entries they made', () => {
    expect(auditPathOf(siti)).toBe('/audit?actorId=00000000-0000-4000-8000-000000000001');
  });
  it('gives the date someone was added', () => {
    const day = addedOn(Date.UTC(2026, 10, 25, 12) / 1000);
    expect(day.iso).toBe('2026-11-25T12:00:00.000Z');
    expect(day.text).toMatch(/2026/);
  });
});

describe('adding someone', () => {
  it('asks for an address, and a well-formed one', () => {
    expect(checkInvite({ email: '  ', role: 'staff' })).toEqual({ ok: false, error: 'Enter the e-mail address of the person to add.' });
    expect(checkInvite({ email: 'not-an-address', role: 'staff' }).ok).toBe(false);
  });
  it('sends the address as the API keeps it', () => {
    expect(checkInvite({ email: ' New.Person@Example.com ', role: 'owner' })).toEqual({
      ok: true,
      input: { email: 'new.person@example.com', role: 'owner' },
    });
  });
  it('points to the table for someone already there', () => {
    const result = checkInvite({ email: 'SITI@kedai.example', role: 'owner' }, [siti]);
    expect(result).toEqual({
      ok: false,
      error: 'siti@kedai.example is already in the back office as staff; change the role in the table instead.',
    });
  });
  it('says a link was mailed and two-factor comes first', () => {
    const text = addedText(member({ firstName: 'Shop', lastName: 'Staff', email: 'new@example.com' }), {
      email: 'new@example.com',
      role: 'staff',
    });
    expect(text).toBe(
      'Shop Staff was added as staff. A link to choose a password was e-mailed to new@example.com; they must set up two-factor authentication the first time they sign in to the back office.',
    );
    expect(addedText(null, { email: 'x@example.com', role: 'owner' })).toMatch(/^x@example\.com was added as owner\./);
  });
});

describe('changing a role', () => {
  it('asks once to take access away, twice for your own, once to step down yourself', () => {
    expect(confirmationsNeeded('shopper', false)).toBe(1);
    expect(confirmationsNeeded('shopper', true)).toBe(2);
    expect(confirmationsNeeded('staff', true)).toBe(1);
    expect(confirmationsNeeded('staff', false)).toBe(0);
    expect(confirmationsNeeded('owner', false)).toBe(0);
  });
  it('words each question', () => {
    expect(confirmationOf(siti, 'shopper', false, 1)).toMatchObject({
      title: 'Remove Siti Rahman from the back office?',
      confirm: 'Remove Siti Rahman',
    });
    expect(confirmationOf(owner, 'shopper', true, 1).confirm).toBe('Yes, remove me');
    expect(confirmationOf(owner, 'shopper', true, 2).confirm).toBe('Remove me from the back office now');
    expect(confirmationOf(owner, 'staff', true, 1).confirm).toBe('Make me staff');
  });
  it('says what changed', () => {
    expect(changedText(siti, 'owner', false)).toBe('Siti Rahman is now an owner.');
    expect(changedText(owner, 'staff', true)).toBe('You are now staff.');
    expect(changedText(siti, 'shopper', false)).toBe(
      "Siti Rahman no longer has access to the back office; the account stays, as a shopper's.",
    );
    expect(changedText(owner, 'shopper', true)).toBe('You no longer have access to the back office.');
  });
  it("words the API's refusals", () => {
    const lastOwner = new ApiError(
      { errorCode: 'staff/last_owner', error: 'The shop must keep at least one owner', params: [] },
      409,
      '/admin/staff/x',
    );
    expect(staffErrorText(lastOwner)).toBe(LAST_OWNER_TEXT);
    const gone = new ApiError(
      { errorCode: 'user/not_found', error: 'The user you are looking for is not found', params: [] },
      404,
      '/admin/staff/x',
    );
    expect(staffErrorText(gone)).toBe('That account no longer exists. The list has been reloaded.');
    const other = new ApiError({ errorCode: 'auth/not_authorized', error: 'No access', params: [] }, 403, '/admin/staff');
    expect(staffErrorText(other)).toBe('No access');
  });
});
