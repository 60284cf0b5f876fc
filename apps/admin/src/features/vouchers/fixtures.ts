/** Vouchers and regions as the API answers them, for the voucher screens' tests. */
import type { AdminVoucher, Region } from '@kedai/contract';

export const REGIONS: Region[] = [
  { key: 'SG', name: 'Singapore', currency: 'SGD', countries: ['SG'], priceBands: [] },
  { key: 'MY', name: 'Malaysia', currency: 'MYR', countries: ['MY'], priceBands: [] },
  { key: 'JP', name: 'Japan', currency: 'JPY', countries: ['JP'], priceBands: [] },
];

export function percentVoucher(changes: Partial<AdminVoucher> = {}): AdminVoucher {
  return {
    id: '6d5c4b3a-2f1e-4d0c-9b8a-7f6e5d4c3b2a',
    code: 'WELCOME10',
    kind: 'percent',
    percentBp: 1000,
    amountOff: {},
    minSpend: { SGD: 5000 },
    maxDiscount: { SGD: 2000 },
    validFrom: null,
    validUntil: null,
    totalLimit: 100,
    perUserLimit: 1,
    scope: 'cart',
    regions: ['SG'],
    active: true,
    redeemed: 3,
    version: 4,
    ...changes,
  };
}

export function fixedVoucher(changes: Partial<AdminVoucher> = {}): AdminVoucher {
  return percentVoucher({
    id: '7e6d5c4b-3a2f-4e1d-8c9b-0a1f2e3d4c5b',
    code: 'FIVEOFF',
    kind: 'fixed',
    percentBp: null,
    amountOff: { SGD: 500, JPY: 500 },
    minSpend: {},
    maxDiscount: {},
    totalLimit: null,
    perUserLimit: null,
    scope: 'both',
    regions: [],
    redeemed: 12,
    version: 1,
    ...changes,
  });
}
