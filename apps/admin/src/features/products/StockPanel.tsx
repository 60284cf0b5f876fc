import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product } from '@kedai/contract';
import { api } from '../../lib/api';
import { errorText } from '../../lib/errors';
import { combinationLabel, combinationsOf } from './variant-paths';

/**
 * Stock of a saved product, changed by a delta per variant path (`POST /admin/product/{id}/stock`):
 * the API adds it to the stock as it is at that moment, so units sold meanwhile are never
 * overwritten (issue 14).
 */
export function StockPanel({ product }: { product: Product }) {
  const rows =
    product.variants.length === 0
      ? [{ path: '', label: 'The product', stock: product.stock }]
      : combinationsOf(product.variants).map(({ path, names }) => ({
          path,
          label: combinationLabel(product.variants, names),
          stock: product.variantPaths[path]?.stock ?? 0,
        }));
  return (
    <section className="panel" aria-labelledby="stock-title">
      <h2 id="stock-title">Stock</h2>
      <p className="hint">
        Each change is added to (or, when negative, taken from) the stock as it is when you apply it, so orders placed meanwhile are kept.
        Saved at once, apart from the form above.
      </p>
      <div className="table-scroll" role="region" aria-label="Stock of each variant" tabIndex={0}>
        <table>
          <thead>
            <tr>
              <th scope="col">Variant</th>
              <th scope="col" className="number">
                In stock
              </th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <StockRow key={row.path} productId={product.uuid} {...row} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function StockRow({ productId, path, label, stock: initial }: { productId: string; path: string; label: string; stock: number }) {
  const queryClient = useQueryClient();
  const [stock, setStock] = useState(initial);
  const [delta, setDelta] = useState('');
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState('');
  const id = `stock-${path.replace(/\//g, '-') || 'product'}`;
  const change = useMutation({
    mutationFn: (amount: number) =>
      api.post('/admin/product/:id/stock', { params: { id: productId }, body: { variantPath: path, delta: amount } }),
    onSuccess: (answer) => {
      setStock(answer.stock);
      setDelta('');
      setMessage(`Now ${answer.stock.toLocaleString('en-GB')} in stock.`);
      void queryClient.invalidateQueries({ queryKey: ['products'] });
    },
    onError: (error) => setProblem(errorText(error)),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setMessage('');
    setProblem('');
    const text = delta.trim().replace(/^\+/, '');
    if (!/^-?\d+$/.test(text) || Number(text) === 0 || !Number.isSafeInteger(Number(text))) {
      setProblem('Enter a whole number of units to add, or a negative one to take away, e.g. 5 or -2');
      return;
    }
    change.mutate(Number(text));
  }

  return (
    <tr>
      <th scope="row" id={`${id}-label`}>
        {label}
      </th>
      <td className="number">{stock.toLocaleString('en-GB')}</td>
      <td>
        <form className="row" onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor={id}>
              Change by<span className="visually-hidden"> (units, for {label})</span>
            </label>
            <input
              id={id}
              className="amount"
              inputMode="numeric"
              placeholder="+5 or -2"
              value={delta}
              aria-invalid={problem ? true : undefined}
              aria-describedby={`${id}-status`}
              onChange={(e) => setDelta(e.target.value)}
            />
          </div>
          <button type="submit" className="button button--secondary" disabled={change.isPending} aria-describedby={`${id}-label`}>
            Apply
          </button>
        </form>
        <p id={`${id}-status`} role="status" className={problem ? 'field-error' : 'hint'}>
          {problem || message}
        </p>
      </td>
    </tr>
  );
}
