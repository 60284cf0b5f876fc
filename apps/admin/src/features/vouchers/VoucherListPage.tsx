import { Link } from 'react-router';
import type { AdminVoucher } from '@kedai/contract';
import { errorText } from '../../lib/errors';
import { LoadError, Loading } from '../../ui/Alert';
import { PageHeading } from '../../ui/PageHeading';
import { useVouchers } from './queries';
import { SCOPE_LABELS, conditionsText, discountText, usesText, validityText } from './voucher-view';

/** `/vouchers`: every voucher, newest first, with its discount, dates, uses and status. */
export function VoucherListPage() {
  const list = useVouchers();
  return (
    <>
      <div className="page-head">
        <PageHeading title="Vouchers" />
        <Link className="button" to="/vouchers/new">
          New voucher
        </Link>
      </div>
      <p className="hint">
        Codes shoppers type at checkout for a percentage or an amount off. A voucher is never deleted, so past orders keep it: deactivate it
        instead.
      </p>
      {list.isPending ? <Loading what="Loading the vouchers…" /> : null}
      {list.isError ? <LoadError message={errorText(list.error)} onRetry={() => void list.refetch()} /> : null}
      {list.data ? <VoucherTable vouchers={list.data.vouchers} updating={list.isFetching} /> : null}
    </>
  );
}

/** The vouchers as a table, or the sentence saying there are none. */
export function VoucherTable({ vouchers, updating }: { vouchers: AdminVoucher[]; updating: boolean }) {
  if (vouchers.length === 0) {
    return (
      <p role="status">
        There are no vouchers yet. <Link to="/vouchers/new">Create the first one</Link>
      </p>
    );
  }
  const active = vouchers.filter((voucher) => voucher.active).length;
  return (
    <>
      <p role="status" className="hint">
        {vouchers.length === 1 ? '1 voucher' : `${vouchers.length.toLocaleString('en-GB')} vouchers`}, {active.toLocaleString('en-GB')}{' '}
        active
        {updating ? ' · updating…' : ''}
      </p>
      <div className="table-scroll" role="region" aria-labelledby="vouchers-caption" tabIndex={0}>
        <table>
          <caption id="vouchers-caption">Vouchers, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Discount</th>
              <th scope="col">Valid</th>
              <th scope="col">Uses</th>
              <th scope="col">For</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {vouchers.map((voucher) => {
              const conditions = conditionsText(voucher);
              return (
                <tr key={voucher.id}>
                  <th scope="row">
                    <Link to={`/vouchers/${voucher.id}`}>{voucher.code}</Link>
                  </th>
                  <td>
                    {discountText(voucher)}
                    {conditions ? <span className="hint block">{conditions}</span> : null}
                  </td>
                  <td>{validityText(voucher)}</td>
                  <td>{usesText(voucher)}</td>
                  <td>{SCOPE_LABELS[voucher.scope]}</td>
                  <td>
                    <span className={`badge ${voucher.active ? 'badge--on' : 'badge--off'}`}>{voucher.active ? 'Active' : 'Inactive'}</span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
