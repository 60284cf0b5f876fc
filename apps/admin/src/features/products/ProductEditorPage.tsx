import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useShopConfig } from '../../lib/shop-config';
import { errorText } from '../../lib/errors';
import { Alert, LoadError, Loading } from '../../ui/Alert';
import { PageHeading } from '../../ui/PageHeading';
import { sessionAllows } from '../auth/gate';
import { useSession } from '../auth/session';
import { ProductForm } from './ProductForm';
import { useCategories, useMerchants, useRegions } from './reference';
import { StockPanel } from './StockPanel';

/** `/products/new` and `/products/:id`: the editor, and for a saved product its stock. */
export function ProductEditorPage() {
  const { id } = useParams();
  const location = useLocation();
  const { data: session } = useSession();
  const regions = useRegions();
  const categories = useCategories();
  const merchants = useMerchants();
  const config = useShopConfig();
  const product = useQuery({
    queryKey: ['product', id],
    queryFn: ({ signal }) => api.get('/admin/product/:id', { params: { id: id! }, signal }),
    enabled: id !== undefined,
    staleTime: Infinity, // read again only when asked: a background refresh must not replace what staff are typing
  });
  // A reload (after a stale save) starts the form again from the product as it is now.
  const [generation, setGeneration] = useState(0);
  const created = (location.state as { created?: boolean } | null)?.created === true;

  const title = id === undefined ? 'New product' : (product.data?.product.name ?? 'Product');
  const failed = [regions, categories, merchants, product].find((query) => query.isError);
  const ready = regions.data && categories.data && merchants.data && (id === undefined || product.data);

  return (
    <>
      <p>
        <Link to="/products">← Products</Link>
      </p>
      <PageHeading title={title} />
      {created ? <Alert tone="success">The product was created.</Alert> : null}
      {failed ? <LoadError message={errorText(failed.error)} onRetry={() => void failed.refetch()} /> : null}
      {!failed && !ready ? <Loading /> : null}
      {ready ? (
        <>
          {product.data && sessionAllows(session, 'owner') ? (
            <p>
              <Link to={`/audit?objectType=product&objectId=${encodeURIComponent(product.data.product.uuid)}`}>
                History of this product
              </Link>
            </p>
          ) : null}
          <ProductForm
            key={`${id ?? 'new'}:${generation}`}
            saved={product.data ?? null}
            regions={regions.data.regions}
            categories={categories.data.categories}
            merchants={merchants.data.merchants}
            assetsUrl={config.data?.assets_url}
            onReload={async () => {
              await product.refetch();
              setGeneration((n) => n + 1);
            }}
          />
          {product.data ? <StockPanel key={`${product.data.product.uuid}:${generation}`} product={product.data.product} /> : null}
        </>
      ) : null}
    </>
  );
}
