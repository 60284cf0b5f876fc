import { describe, expect, it } from 'vitest';
import type { PublicUser, SessionState } from '@kedai/contract';
import { SIGNED_OUT, gateOf, sessionAllows } from './gate';

const profile = (role: PublicUser['role']) => ({ role }) as PublicUser;
const session = (role: PublicUser['role'], tfaEnabled: boolean, tfaPassed: boolean): SessionState => ({
  profile: profile(role),
  signedIn: true,
  tfaEnabled,
  tfaPassed,
  tfaSetupSkipped: false,
});

describe('gateOf', () => {
  it('asks a visitor to sign in', () => {
    expect(gateOf(undefined)).toBe('sign-in');
    expect(gateOf(SIGNED_OUT)).toBe('sign-in');
  });
  it('tells a shopper there is no access, whatever their two-factor state', () => {
    expect(gateOf(session('shopper', true, true))).toBe('no-access');
    expect(gateOf(session('shopper', false, true))).toBe('no-access');
  });
  it('walks staff without two-factor through the setup, and asks for the code when owed', () => {
    expect(gateOf(session('staff', false, true))).toBe('tfa-setup');
    expect(gateOf(session('owner', true, false))).toBe('tfa-code');
  });
  it('opens for staff and owners who passed it', () => {
    expect(gateOf(session('staff', true, true))).toBe('open');
    expect(gateOf(session('owner', true, true))).toBe('open');
  });
  it('keeps owner-only parts for owners', () => {
    expect(sessionAllows(session('owner', true, true), 'owner')).toBe(true);
    expect(sessionAllows(session('staff', true, true), 'owner')).toBe(false);
    expect(sessionAllows(undefined, 'staff')).toBe(false);
  });
});
