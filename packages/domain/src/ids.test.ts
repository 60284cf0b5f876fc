import { describe, expect, it } from 'vitest';
import { isUuid } from './ids';

describe('isUuid', () => {
  it('knows UUIDs in either case and nothing else', () => {
    expect(isUuid('0b9f3c1e-6a3d-4f1e-9c2b-7d8e9f0a1b2c')).toBe(true);
    expect(isUuid('0B9F3C1E-6A3D-4F1E-9C2B-7D8E9F0A1B2C')).toBe(true);
    for (const value of [
      '',
      'laptop-pro',
      '0b9f3c1e6a3d4f1e9c2b7d8e9f0a1b2c',
      '0b9f3c1e-6a3d-4f1e-9c2b-7d8e9f0a1b2',
      ' 0b9f3c1e-6a3d-4f1e-9c2b-7d8e9f0a1b2c',
    ]) {
      expect(isUuid(value), value).toBe(false);
    }
  });
});
