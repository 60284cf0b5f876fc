import { Link } from 'react-router';
import { imageSrc } from '../../lib/assets';
import { countryLabel } from '../../lib/countries';
import { errorText } from '../../lib/errors';
import { useShopConfig } from '../../lib/shop-config';
import { LoadError, Loading } from '../../ui/Alert';
import { PageHeading } from '../../ui/PageHeading';
import { useMerchants } from '../products/reference';

/** `/merchants`: every merchant (`GET /merchant`), with its logo, URL name, country and products. */
export function MerchantListPage() {
  const merchants = useMerchants();
  const config = useShopConfig();
  const assetsUrl = config.data?.assets_url;
  const list = merchants.data?.merchants;
  return (
    <>
      <div className="page-head">
        <PageHeading title="Merchants" />
        <Link className="button" to="/merchants/new">
          New merchant
        </Link>
      </div>
      {merchants.isPending ? <Loading what="Loading merchants…" /> : null}
      {merchants.isError ? <LoadError message={errorText(merchants.error)} onRetry={() => void merchants.refetch()} /> : null}
      {list && list.length === 0 ? (
        <p role="status">
          There are no merchants yet. <Link to="/merchants/new">Add the first one</Link>
        </p>
      ) : null}
      {list && list.length > 0 ? (
        <div className="table-scroll" role="region" aria-labelledby="merchants-caption" tabIndex={0}>
          <table>
            <caption id="merchants-caption">Merchants ({list.length})</caption>
            <thead>
              <tr>
                <th scope="col">Logo</th>
                <th scope="col">Name</th>
                <th scope="col">URL name</th>
                <th scope="col">Country</th>
                <th scope="col" className="number">
                  Products
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((merchant) => (
                <tr key={merchant.id}>
                  <td>
                    {merchant.logo && assetsUrl ? (
                      <img className="thumb thumb--small" src={imageSrc(assetsUrl, merchant.logo)} alt="" width={48} height={48} />
                    ) : (
                      <span className="hint">—</span>
                    )}
                  </td>
                  <th scope="row">
                    <Link to={`/merchants/${merchant.id}`}>{merchant.name}</Link>
                  </th>
                  <td>{merchant.slug}</td>
                  <td>{countryLabel(merchant.countryCode)}</td>
                  <td className="number">{merchant.productCount.toLocaleString('en-GB')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
