import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PRODUCT_ADMIN_SORTS } from '@kedai/contract/constants';
import { api } from '../../lib/api';
import { errorText } from '../../lib/errors';
import { LoadError, Loading } from '../../ui/Alert';
import { SelectField, TextField } from '../../ui/Field';
import { PageHeading } from '../../ui/PageHeading';
import { Pager } from '../../ui/Pager';
import { SORT_LABELS, STATUSES, listQueryOf, listSearchOf, listStateFrom, type ListState } from './list-params';
import { when } from './reference';

const STATUS_LABELS = { all: 'All', enabled: 'Enabled', disabled: 'Disabled' } as const;

/** Products, searched, filtered, sorted and paged by the API; the state is in the address. */
export function ProductListPage() {
  const [search, setSearch] = useSearchParams();
  const state = listStateFrom(search);
  const [words, setWords] = useState(state.q);
  const list = useQuery({
    queryKey: ['products', listQueryOf(state)],
    queryFn: ({ signal }) => api.get('/admin/product', { query: listQueryOf(state), signal }),
    placeholderData: keepPreviousData,
  });

  const go = (changes: Partial<ListState>) => setSearch(listSearchOf({ ...state, page: 1, ...changes }));
  const pageLink = (page: number) => `?${listSearchOf({ ...state, page }).toString()}`;

  function submit(event: FormEvent) {
    event.preventDefault();
    go({ q: words });
  }

  const data = list.data;
  return (
    <>
      <div className="page-head">
        <PageHeading title="Products" />
        <Link className="button" to="/products/new">
          New product
        </Link>
      </div>

      <form role="search" aria-label="Products" className="filters" onSubmit={submit}>
        <TextField
          id="q"
          className="field--wide"
          type="search"
          label="Search"
          placeholder="Name, URL name or id"
          value={words}
          onChange={(e) => setWords(e.target.value)}
        />
        <SelectField
          id="status"
          label="Status"
          value={state.status}
          onChange={(e) => go({ status: e.target.value as ListState['status'] })}
        >
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </SelectField>
        <SelectField id="sort" label="Sort by" value={state.sort} onChange={(e) => go({ sort: e.target.value as ListState['sort'] })}>
          {PRODUCT_ADMIN_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </SelectField>
        <button type="submit" className="button">
          Search
        </button>
      </form>

      {list.isPending ? <Loading what="Loading products…" /> : null}
      {list.isError ? <LoadError message={errorText(list.error)} onRetry={() => void list.refetch()} /> : null}
      {data && data.products.length === 0 ? (
        <p role="status">
          {state.q || state.status !== 'all' ? 'No products match.' : 'There are no products yet. '}
          {state.q || state.status !== 'all' ? null : <Link to="/products/new">Create the first one</Link>}
        </p>
      ) : null}
      {data && data.products.length > 0 ? (
        <>
          <p role="status" className="hint">
            {data.total === 1 ? '1 product' : `${data.total.toLocaleString('en-GB')} products`}
            {list.isFetching ? ' · updating…' : ''}
          </p>
          <div className="table-scroll" role="region" aria-labelledby="products-caption" tabIndex={0}>
            <table>
              <caption id="products-caption">
                Products, page {data.page} of {Math.max(data.pages, 1)}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">URL name</th>
                  <th scope="col">Category</th>
                  <th scope="col">Merchant</th>
                  <th scope="col" className="number">
                    Stock
                  </th>
                  <th scope="col">Status</th>
                  <th scope="col">Updated</th>
                </tr>
              </thead>
              <tbody>
                {data.products.map((product) => {
                  const updated = when(product.updatedAt);
                  return (
                    <tr key={product.id}>
                      <th scope="row">
                        <Link to={`/products/${product.id}`}>{product.name}</Link>
                      </th>
                      <td>{product.paramName}</td>
                      <td>{product.category?.name ?? '—'}</td>
                      <td>{product.merchant?.name ?? '—'}</td>
                      <td className="number">
                        {product.stock.toLocaleString('en-GB')}
                        {product.variantCount > 0 ? <span className="hint"> in {product.variantCount} variants</span> : null}
                      </td>
                      <td>
                        <span className={`badge ${product.disabled ? 'badge--off' : 'badge--on'}`}>
                          {product.disabled ? 'Disabled' : 'Enabled'}
                        </span>
                      </td>
                      <td>
                        <time dateTime={updated.iso}>{updated.text}</time>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pager page={data.page} pages={data.pages} linkTo={pageLink} />
        </>
      ) : null}
    </>
  );
}
