/** `/home-page/groups/new|:id`: a product group's name, its products (a category's newest, or chosen by hand), how many it shows, status. */
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import type { AdminHomeGroup, AdminHomeGroupInput } from '@kedai/contract';
import { api } from '../../lib/api';
import { codeOf, errorText } from '../../lib/errors';
import { SelectField, TextField, fieldId } from '../../ui/Field';
import { parentOptions } from '../categories/category-tree';
import { useCategories } from '../products/reference';
import { EditorFrame, SaveProblems, ShownField, useContentSave } from './EditorParts';
import { addId, emptyGroupForm, formToGroupInput, groupToForm, moveId, type GroupForm } from './home-content';
import { GROUPS_KEY, useGroups } from './queries';

const LABELS: Record<string, string> = {
  name: 'Name',
  categoryId: 'Category',
  productIds: 'Products',
  productLimit: 'How many',
  enabled: 'Status',
  sortOrder: 'Place',
};

export function GroupEditorPage() {
  const { id } = useParams();
  const groups = useGroups();
  return (
    <EditorFrame<AdminHomeGroup>
      backPath="/home-page/groups"
      backLabel="Product groups"
      title={id === undefined ? 'New product group' : (groups.data?.find((g) => g.id === id)?.name ?? 'Product group')}
      id={id}
      list={groups}
      find={(items) => items.find((g) => g.id === id)}
    >
      {(saved) => <GroupEditor key={saved?.id ?? 'new'} saved={saved} />}
    </EditorFrame>
  );
}

function GroupEditor({ saved }: { saved: AdminHomeGroup | null }) {
  const categories = useCategories().data?.categories ?? [];
  const [form, setForm] = useState<GroupForm>(() => (saved ? groupToForm(saved) : emptyGroupForm()));
  const save = useContentSave<AdminHomeGroupInput>({
    queryKey: GROUPS_KEY,
    backPath: '/home-page/groups',
    send: (input) =>
      saved
        ? api.put('/admin/home_product_group/:id', { params: { id: saved.id }, body: input })
        : api.post('/admin/home_product_group', { body: input }),
    news: (input) => (saved ? `${input.name} was saved.` : `${input.name} was added.`),
    extraErrors: (error): Record<string, string> => {
      const code = codeOf(error);
      if (code === 'home_group/unknown_category') return { categoryId: errorText(error) };
      if (code === 'home_group/unknown_products') return { productIds: errorText(error) };
      return {};
    },
  });
  const set = (changes: Partial<GroupForm>) => setForm((f) => ({ ...f, ...changes }));
  return (
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        save.submit(formToGroupInput(form));
      }}
      noValidate
      aria-label={saved ? 'Edit product group' : 'New product group'}
    >
      <SaveProblems
        what="product group"
        errors={save.errors}
        problem={save.problem}
        attempt={save.attempt}
        labels={(k) => LABELS[k] ?? k}
      />
      <fieldset>
        <legend>Group</legend>
        <TextField
          id={fieldId('name')}
          label="Name"
          hint="The strip's heading on the home page."
          required
          value={form.name}
          error={save.errors.name}
          onChange={(e) => set({ name: e.target.value })}
        />
        <TextField
          id={fieldId('productLimit')}
          label="How many products it shows"
          hint="1 to 50. Left empty: 12 of a category, or every chosen product."
          inputMode="numeric"
          value={form.productLimit}
          error={save.errors.productLimit}
          onChange={(e) => set({ productLimit: e.target.value })}
        />
      </fieldset>
      <fieldset>
        <legend>Products</legend>
        <label className="choice">
          <input type="radio" name="source" checked={form.source === 'category'} onChange={() => set({ source: 'category' })} />
          The newest products of a category (and its subcategories)
        </label>
        <label className="choice">
          <input type="radio" name="source" checked={form.source === 'products'} onChange={() => set({ source: 'products' })} />
          Products chosen by hand, in order
        </label>
        {form.source === 'category' ? (
          <SelectField
            id={fieldId('categoryId')}
            label="Category"
            value={form.categoryId}
            error={save.errors.categoryId}
            onChange={(e) => set({ categoryId: e.target.value })}
          >
            <option value="">Choose a category</option>
            {parentOptions(categories, null).map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </SelectField>
        ) : (
          <ProductPicker ids={form.productIds} error={save.errors.productIds} onChange={(productIds) => set({ productIds })} />
        )}
      </fieldset>
      <ShownField what="group" value={form.enabled} onChange={(enabled) => set({ enabled })} />
      <div className="actions">
        <button type="submit" className="button" disabled={save.pending}>
          {save.pending ? 'Saving…' : saved ? 'Save product group' : 'Add product group'}
        </button>
        <Link to="/home-page/groups">Cancel</Link>
      </div>
    </form>
  );
}

/** The chosen products in order (each named from `GET /admin/product/{id}`), and a search to add more. */
function ProductPicker({ ids, error, onChange }: { ids: string[]; error: string | undefined; onChange: (ids: string[]) => void }) {
  const [words, setWords] = useState('');
  const [query, setQuery] = useState('');
  const found = useQuery({
    queryKey: ['products', { q: query, limit: 10 }],
    queryFn: ({ signal }) => api.get('/admin/product', { query: { q: query, limit: 10 }, signal }),
    enabled: query !== '',
    placeholderData: keepPreviousData,
  });
  const named = useQueries({
    queries: ids.map((id) => ({
      queryKey: ['product', id],
      queryFn: ({ signal }: { signal: AbortSignal }) => api.get('/admin/product/:id', { params: { id }, signal }),
      staleTime: 60_000,
    })),
  });
  const nameOf = (index: number) =>
    named[index]?.data?.product.name ?? (named[index]?.isError ? 'A product that no longer exists' : 'Loading…');
  return (
    <div id={fieldId('productIds')} tabIndex={-1}>
      {error ? <p className="field-error">{error}</p> : null}
      {ids.length === 0 ? (
        <p>No products chosen yet.</p>
      ) : (
        <ol aria-label="Chosen products in order">
          {ids.map((id, index) => (
            <li key={id}>
              <span id={`picked-${id}`}>{nameOf(index)}</span>{' '}
              <span className="tree-actions">
                <button
                  type="button"
                  className="linklike"
                  aria-describedby={`picked-${id}`}
                  disabled={index === 0}
                  onClick={() => onChange(moveId(ids, index, -1))}
                >
                  Move up
                </button>
                <button
                  type="button"
                  className="linklike"
                  aria-describedby={`picked-${id}`}
                  disabled={index === ids.length - 1}
                  onClick={() => onChange(moveId(ids, index, 1))}
                >
                  Move down
                </button>
                <button
                  type="button"
                  className="linklike linklike--danger"
                  aria-describedby={`picked-${id}`}
                  onClick={() => onChange(ids.filter((other) => other !== id))}
                >
                  Remove
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}
      <div className="field">
        <label htmlFor="product-search">Find a product to add</label>
        <div className="row">
          <input
            id="product-search"
            type="search"
            value={words}
            onChange={(e) => setWords(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                setQuery(words.trim());
              }
            }}
          />
          <button type="button" className="button button--secondary" onClick={() => setQuery(words.trim())}>
            Search
          </button>
        </div>
      </div>
      {found.isError ? <p className="field-error">{errorText(found.error)}</p> : null}
      {query !== '' && found.data ? (
        found.data.products.length === 0 ? (
          <p role="status">No product matches “{query}”.</p>
        ) : (
          <ul aria-label="Products found" className="link-list">
            {found.data.products.map((product) => (
              <li key={product.id}>
                <span id={`found-${product.id}`}>{product.name}</span>{' '}
                <button
                  type="button"
                  className="linklike"
                  aria-describedby={`found-${product.id}`}
                  disabled={ids.includes(product.id)}
                  onClick={() => onChange(addId(ids, product.id))}
                >
                  {ids.includes(product.id) ? 'Added' : 'Add'}
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
