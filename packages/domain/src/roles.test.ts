import { describe, expect, it } from 'vitest';
import { isUserRole, roleAllows } from './roles';

describe('back-office roles', () => {
  it('lets staff do staff work and an owner everything', () => {
    expect(roleAllows('staff', 'staff')).toBe(true);
    expect(roleAllows('owner', 'staff')).toBe(true);
    expect(roleAllows('owner', 'owner')).toBe(true);
    expect(roleAllows('staff', 'owner')).toBe(false);
  });

  it('never lets a shopper or an unknown role in', () => {
    expect(roleAllows('shopper', 'staff')).toBe(false);
    expect(roleAllows('admin', 'staff')).toBe(false);
    expect(roleAllows('', 'staff')).toBe(false);
  });

  it('knows the three roles an account may have', () => {
    expect(['shopper', 'staff', 'owner'].every(isUserRole)).toBe(true);
    expect(isUserRole('root')).toBe(false);
    expect(isUserRole(undefined)).toBe(false);
  });
});
