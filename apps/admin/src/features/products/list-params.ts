/**
 * The product list's state lives in the address (`?q=mug&status=disabled&sort=name&page=2`), so a
 * list can be bookmarked, reloaded and left with Back; these turn it into the API's query and back.
 */
import { PRODUCT_ADMIN_SORTS, type ProductAdminSort } from '@kedai/contract/constants';

export const STATUSES = ['all', 'enabled', 'disabled'] as const;
type Status = (typeof STATUSES)[number];

export interface ListState {
  q: string;
  status: Status;
  sort: ProductAdminSort;
  page: number;
}

const PAGE_SIZE = 25;
const DEFAULTS: ListState = { q: '', status: 'all', sort: 'updated', page: 1 };

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

export function listStateFrom(search: URLSearchParams): ListState {
  const page = Number(search.get('page'));
  return {
    q: (search.get('q') ?? '').slice(0, 200),
    status: oneOf(STATUSES, search.get('status'), DEFAULTS.status),
    sort: oneOf(PRODUCT_ADMIN_SORTS, search.get('sort'), DEFAULTS.sort),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The address's query for a state, without the defaults. */
export function listSearchOf(state: ListState): URLSearchParams {
  const search = new URLSearchParams();
  if (state.q.trim() !== '') search.set('q', state.q.trim());
  if (state.status !== DEFAULTS.status) search.set('status', state.status);
  if (state.sort !== DEFAULTS.sort) search.set('sort', state.sort);
  if (state.page !== 1) search.set('page', String(state.page));
  return search;
}

/** `GET /admin/product`'s query for a state. */
export function listQueryOf(state: ListState) {
  return {
    q: state.q.trim() || undefined,
    disabled: state.status === 'all' ? undefined : state.status === 'disabled',
    sort: state.sort,
    page: state.page,
    limit: PAGE_SIZE,
  };
}

export const SORT_LABELS: Record<ProductAdminSort, string> = {
  updated: 'Recently updated',
  newest: 'Newest',
  name: 'Name (A–Z)',
  stock: 'Stock (least first)',
};
