/**
 * Percentages as staff type them ("9", "12.5", "0.25") and as the API keeps them: whole basis points
 * (900 = 9 %, 10 000 = 100 %), read from the text without floating point, as taxes and percentage
 * vouchers are kept (packages/domain tax.ts).
 */
import { BASIS_POINTS_WHOLE } from '@kedai/domain';

export type PercentResult = { ok: true; value: number | null } | { ok: false; error: string };

interface Rules {
  /** Blank is refused (else it is `null`). */
  required?: boolean;
  /** The smallest rate allowed, in basis points (default 0). */
  min?: number;
}

const PERCENT = /^(\d{1,3})(?:\.(\d{1,2}))?$/;

/** "9" -> 900, "12.5" -> 1250, "0.01" -> 1 (a trailing "%" is allowed); null when blank and allowed; at most 100 %. */
export function parsePercent(text: string, { required = false, min = 0 }: Rules = {}): PercentResult {
  const trimmed = text.trim().replace(/\s*%$/, '');
  if (trimmed === '') return required ? { ok: false, error: 'Enter a percentage' } : { ok: true, value: null };
  const match = PERCENT.exec(trimmed);
  if (!match) return { ok: false, error: 'Enter a percentage such as 9 or 12.5, with at most 2 decimals' };
  const value = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (value > BASIS_POINTS_WHOLE) return { ok: false, error: 'The percentage must be at most 100' };
  if (value < min) return { ok: false, error: `The percentage must be at least ${percentText(min)}` };
  return { ok: true, value };
}

/** Basis points as a percentage without trailing zeros: 900 -> "9", 1250 -> "12.5", 1 -> "0.01". */
export function percentText(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const rest = String(Math.abs(bp % 100))
    .padStart(2, '0')
    .replace(/0+$/, '');
  return rest === '' ? String(whole) : `${whole}.${rest}`;
}
