import { Link, useSearchParams } from 'react-router';
import type { AdminQuotationList } from '@kedai/contract';
import { errorText } from '../../lib/errors';
import { LoadError, Loading } from '../../ui/Alert';
import { SelectField } from '../../ui/Field';
import { PageHeading } from '../../ui/PageHeading';
import { Pager } from '../../ui/Pager';
import { when } from '../products/reference';
import { useQuotationQueue } from './queries';
import {
  QUEUE_SOURCE_LABELS,
  QUEUE_SOURCES,
  QUEUE_STATUS_LABELS,
  QUEUE_STATUSES,
  emptyQueueText,
  queueSearchOf,
  queueStateFrom,
  type QueueState,
} from './queue-params';
import { STATUS_BADGES, productLine } from './quotation-view';

/** What the detail page's "back" link returns to: this page of the queue, as filtered. */
interface FromQueue {
  queue: string;
}

/** `/quotations`: the quotation queue, newest first, filtered by status and source and paged by the API; the state is in the address. */
export function QuotationListPage() {
  const [search, setSearch] = useSearchParams();
  const state = queueStateFrom(search);
  const list = useQuotationQueue(state);
  const go = (changes: Partial<QueueState>) => setSearch(queueSearchOf({ ...state, page: 1, ...changes }));

  return (
    <>
      <PageHeading title="Quotations" />
      <p className="hint">
        Shoppers ask the shop to quote its own products and products on other marketplaces. Open one to quote a price per region or to
        decline it; the shopper is e-mailed the answer.
      </p>
      <form role="search" aria-label="Quotations" className="filters" onSubmit={(event) => event.preventDefault()}>
        <SelectField
          id="quotation-status"
          label="Status"
          value={state.status}
          onChange={(e) => go({ status: e.target.value as QueueState['status'] })}
        >
          {QUEUE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {QUEUE_STATUS_LABELS[status]}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="quotation-source"
          label="Source"
          value={state.source}
          onChange={(e) => go({ source: e.target.value as QueueState['source'] })}
        >
          {QUEUE_SOURCES.map((source) => (
            <option key={source} value={source}>
              {QUEUE_SOURCE_LABELS[source]}
            </option>
          ))}
        </SelectField>
      </form>

      {list.isPending ? <Loading what="Loading the quotations…" /> : null}
      {list.isError ? <LoadError message={errorText(list.error)} onRetry={() => void list.refetch()} /> : null}
      {list.data ? <QueueTable data={list.data} state={state} updating={list.isFetching} /> : null}
    </>
  );
}

/** The queue's page as a table (or the sentence saying it is empty), with its pager. */
export function QueueTable({ data, state, updating }: { data: AdminQuotationList; state: QueueState; updating: boolean }) {
  const here = queueSearchOf(state).toString();
  const from: FromQueue = { queue: here ? `?${here}` : '' };
  const pageLink = (page: number) => `?${queueSearchOf({ ...state, page }).toString()}`;
  if (data.items.length === 0) {
    return (
      <>
        <p role="status">{emptyQueueText(state)}</p>
        {state.page > 1 ? <Link to={pageLink(1)}>Go to the first page</Link> : null}
      </>
    );
  }
  return (
    <>
      <p role="status" className="hint">
        {data.total === 1 ? '1 quotation' : `${data.total.toLocaleString('en-GB')} quotations`}
        {updating ? ' · updating…' : ''}
      </p>
      <div className="table-scroll" role="region" aria-labelledby="quotations-caption" tabIndex={0}>
        <table>
          <caption id="quotations-caption">
            Quotations, newest first, page {data.page} of {Math.max(data.pages, 1)}
          </caption>
          <thead>
            <tr>
              <th scope="col">Asked on</th>
              <th scope="col">Product</th>
              <th scope="col">Shopper</th>
              <th scope="col" className="number">
                Quantity
              </th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((item) => {
              const asked = when(item.createdAt);
              const product = productLine(item);
              const badge = STATUS_BADGES[item.status];
              return (
                <tr key={item.id}>
                  <td>
                    <time dateTime={asked.iso}>{asked.text}</time>
                  </td>
                  <th scope="row">
                    <Link to={`/quotations/${item.id}`} state={from}>
                      {product.name}
                    </Link>
                    {product.detail ? <span className="hint block">{product.detail}</span> : null}
                  </th>
                  <td className="break">{item.shopper.email}</td>
                  <td className="number">{item.quantity.toLocaleString('en-GB')}</td>
                  <td>
                    <span className={badge.className}>{badge.label}</span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pager page={data.page} pages={data.pages} linkTo={pageLink} />
    </>
  );
}
