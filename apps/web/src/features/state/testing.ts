/** Test helpers for the store: a stand-in API whose answers are queued per path. */
import type { Category, PublicConfig, Region } from '@kedai/contract';
import { vi } from 'vitest';
import type { ApiClient } from './types';

export type Answer = { ok: unknown } | { fail: unknown } | { wait: Promise<unknown> };

export function fakeApi(answers: Record<string, Answer[]>) {
  const get = vi.fn(async (path: string) => {
    const queue = answers[path];
    const answer = queue && queue.length > 1 ? queue.shift() : queue?.[0];
    if (!answer) throw new Error(`unexpected call ${path}`);
    if ('wait' in answer) return answer.wait;
    if ('fail' in answer) throw answer.fail;
    return answer.ok;
  });
  return { api: { get } as unknown as ApiClient, get };
}

/** Lets listener effects and thunks settle. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

export const config: PublicConfig = {
  app_currency: 'SGD',
  default_region: 'SG',
  shop_name: 'Kedai',
  contact_email: 'hello@kedai.example',
  assets_url: 'http://assets.example',
  thumbnail_suffix: '_thumb',
  placeholder_image: 'placeholder.svg',
};

export const sg: Region = { key: 'SG', name: 'Singapore', currency: 'SGD', countries: ['SG'], priceBands: [] };
export const my: Region = { key: 'MY', name: 'Malaysia', currency: 'MYR', countries: ['MY', 'BN'], priceBands: [] };

export const category: Category = {
  id: '55555555-5555-4555-8555-555555555555',
  key: 'tea',
  name: 'Tea',
  path: 'tea',
  parent: null,
  children: [],
  image: null,
};

export const envelope = (errorCode: string, error: string, params: unknown[] = []) =>
  Object.assign(new Error(error), { errorCode, error, params });
