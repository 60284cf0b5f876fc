import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { errorText } from '../../lib/errors';
import { priceText } from '../../lib/money-text';
import { Alert, LoadError, Loading } from '../../ui/Alert';
import { PageHeading } from '../../ui/PageHeading';
import { sessionAllows } from '../auth/gate';
import { useSession } from '../auth/session';
import { useRegions, when } from '../products/reference';
import { useRedemptions, useVouchers } from './queries';
import { VoucherForm } from './VoucherForm';
import { usesText } from './voucher-view';

/** `/vouchers/new` and `/vouchers/:id`: the editor, and for a saved voucher the orders that used it. */
export function VoucherEditorPage() {
  const { id } = useParams();
  const location = useLocation();
  const { data: session } = useSession();
  const regions = useRegions();
  const vouchers = useVouchers();
  // A reload (after a stale save) starts the form again from the voucher as it is now.
  const [generation, setGeneration] = useState(0);
  const created = (location.state as { created?: boolean } | null)?.created === true;

  const voucher = id === undefined ? null : vouchers.data?.vouchers.find((v) => v.id === id);
  const failed = [regions, ...(id === undefined ? [] : [vouchers])].find((query) => query.isError);
  const ready = regions.data && (id === undefined || vouchers.data);
  const title = id === undefined ? 'New voucher' : voucher ? `Voucher ${voucher.code}` : 'Voucher';

  return (
    <>
      <p>
        <Link to="/vouchers">← Vouchers</Link>
      </p>
      <PageHeading title={title} />
      {created ? <Alert tone="success">The voucher was created.</Alert> : null}
      {failed ? <LoadError message={errorText(failed.error)} onRetry={() => void failed.refetch()} /> : null}
      {!failed && !ready ? <Loading /> : null}
      {ready && voucher === undefined ? (
        <p role="status">
          This voucher could not be found. <Link to="/vouchers">See every voucher</Link>
        </p>
      ) : null}
      {ready && voucher !== undefined ? (
        <>
          {voucher && sessionAllows(session, 'owner') ? (
            <p>
              <Link to={`/audit?objectType=voucher&objectId=${encodeURIComponent(voucher.id)}`}>
                Staff changes to this voucher (audit log)
              </Link>
            </p>
          ) : null}
          <VoucherForm
            key={`${id ?? 'new'}:${generation}`}
            saved={voucher}
            regions={regions.data.regions}
            onReload={async () => {
              await vouchers.refetch();
              setGeneration((n) => n + 1);
            }}
          />
          {voucher ? <Redemptions voucherId={voucher.id} uses={usesText(voucher)} /> : null}
        </>
      ) : null}
    </>
  );
}

/** The orders that hold a use of the voucher (cancelled orders give theirs back), newest first. */
function Redemptions({ voucherId, uses }: { voucherId: string; uses: string }) {
  const list = useRedemptions(voucherId);
  const rows = list.data?.redemptions;
  return (
    <section className="panel" aria-labelledby="redemptions-heading">
      <h2 id="redemptions-heading">Redemptions</h2>
      <p className="hint">Used {uses}. An order cancelled gives its use back.</p>
      {list.isPending ? <Loading what="Loading the redemptions…" /> : null}
      {list.isError ? <LoadError message={errorText(list.error)} onRetry={() => void list.refetch()} /> : null}
      {rows && rows.length === 0 ? <p>No order has used this voucher yet.</p> : null}
      {rows && rows.length > 0 ? (
        <div className="table-scroll" role="region" aria-labelledby="redemptions-caption" tabIndex={0}>
          <table>
            <caption id="redemptions-caption">Orders that used this voucher, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Used on</th>
                <th scope="col">Order</th>
                <th scope="col">Shopper</th>
                <th scope="col" className="number">
                  Discount
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const used = when(row.createdAt);
                return (
                  <tr key={row.orderId}>
                    <td>
                      <time dateTime={used.iso}>{used.text}</time>
                    </td>
                    <th scope="row">
                      <Link to={`/orders/${row.orderId}`}>{row.orderRef}</Link>
                    </th>
                    <td className="break">{row.email}</td>
                    <td className="number">{priceText(row.discount, row.currency)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
