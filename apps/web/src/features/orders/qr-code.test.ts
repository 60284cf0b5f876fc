import { describe, expect, it } from 'vitest';
import { QUIET_ZONE, qrModules, qrPath, qrPathOf } from './qr-code';

/** The published SGQR example (UEN S99345678ABCD, SGD 12.34, INV1234): 150 characters. */
const SGQR =
  '00020101021226520009SG.PAYNOW010120213S99345678ABCD03011040899991231520400005303702540512.345802SG5912ACME Pte Ltd6009Singapore62110107INV123463041E74';

/** Each rectangle of a path as numbers: x, y (top left) and width. */
const runsOf = (d: string) =>
  [...d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]), w: Number(m[3]) }));

describe('the QR code of a text', () => {
  it('is the smallest version that holds it at error correction M', () => {
    expect(qrModules('HELLO')).toHaveLength(21); // version 1
    const modules = qrModules(SGQR);
    expect(modules).toHaveLength(49); // version 8
    expect(modules.every((row) => row.length === 49)).toBe(true);
  });

  it('is drawn as one path of M, h, v and z commands only, each run of dark modules one rectangle', () => {
    const { d } = qrPath(qrModules(SGQR));
    expect(d).toMatch(/^(M\d+ \d+h\d+v1h-\d+z)+$/);
    expect(d.replace(/[\d\s-]/g, '').replace(/Mhvhz/g, '')).toBe('');
    const dark = qrModules(SGQR).flat().filter(Boolean).length;
    expect(runsOf(d).reduce((sum, run) => sum + run.w, 0)).toBe(dark);
  });

  it('leaves a quiet zone of 4 modules on every side', () => {
    expect(QUIET_ZONE).toBe(4);
    const { size, d } = qrPath(qrModules(SGQR));
    expect(size).toBe(49 + 2 * 4);
    const runs = runsOf(d);
    expect(Math.min(...runs.map((run) => run.x))).toBe(4);
    expect(Math.min(...runs.map((run) => run.y))).toBe(4);
    expect(Math.max(...runs.map((run) => run.x + run.w))).toBe(size - 4);
    expect(Math.max(...runs.map((run) => run.y + 1))).toBe(size - 4);
    // The top left finder pattern: a row of 7 dark modules in the corner, inside the quiet zone.
    expect(d.startsWith('M4 4h7v1h-7z')).toBe(true);
  });

  it('draws a small matrix exactly', () => {
    expect(
      qrPath(
        [
          [true, true, false],
          [false, true, true],
          [true, false, true],
        ],
        1,
      ),
    ).toEqual({ size: 5, d: 'M1 1h2v1h-2zM2 2h2v1h-2zM1 3h1v1h-1zM3 3h1v1h-1z' });
  });

  it('gives nothing for a text no QR code holds, so the page offers it to copy instead', () => {
    expect(qrPathOf('x'.repeat(5000))).toBeNull();
    expect(qrPathOf(SGQR)?.size).toBe(57);
  });
});
