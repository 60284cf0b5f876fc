import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProduct, AdminProductInput, Category, Merchant, Region } from '@kedai/contract';
import { api } from '../../lib/api';
import { STALE_PRODUCT_MESSAGE, errorText, isStale } from '../../lib/errors';
import { Alert } from '../../ui/Alert';
import { SelectField, TextArea, TextField, fieldId } from '../../ui/Field';
import { ImagesEditor } from '../images/ImagesEditor';
import {
  amountExample,
  draftCombinations,
  draftToInput,
  emptyDraft,
  productToDraft,
  saveErrors,
  type Currencies,
  type FieldErrors,
  type PathDraft,
  type ProductDraft,
  type VariantDraft,
} from './product-form';
import { combinationLabel, parseOptions } from './variant-paths';

interface Props {
  saved: AdminProduct | null;
  regions: Region[];
  categories: Category[];
  merchants: Merchant[];
  onReload: () => Promise<void>;
  /** `assets_url` of `GET /config`, for the images' thumbnails. */
  assetsUrl: string | undefined;
}

/** "Clothing › Shirts" for each category, in that order. */
function categoryNames(categories: Category[]): { id: string; name: string }[] {
  const byId = new Map(categories.map((category) => [category.id, category]));
  const fullName = (category: Category): string => {
    const parent = category.parent ? byId.get(category.parent) : undefined;
    return parent ? `${fullName(parent)} › ${category.name}` : category.name;
  };
  return categories.map((category) => ({ id: category.id, name: fullName(category) })).sort((a, b) => a.name.localeCompare(b.name));
}

/** The editor of one product (new, or saved at `saved.version`). */
export function ProductForm({ saved, regions, categories, merchants, onReload, assetsUrl }: Props) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const currencies: Currencies = Object.fromEntries(regions.map((region) => [region.key, region.currency]));
  const [base, setBase] = useState(saved);
  const [draft, setDraft] = useState<ProductDraft>(() => (saved ? productToDraft(saved.product, currencies) : emptyDraft()));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [stale, setStale] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (input: AdminProductInput) =>
      base
        ? api.put('/admin/product/:id', { params: { id: base.product.uuid }, body: input })
        : api.post('/admin/product', { body: input }),
    onSuccess: (answer) => {
      queryClient.setQueryData(['product', answer.product.uuid], answer);
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      if (!base) {
        void navigate(`/products/${answer.product.uuid}`, { state: { created: true } });
        return;
      }
      setBase(answer);
      setDraft(productToDraft(answer.product, currencies));
      setNotice('Your changes were saved.');
    },
    onError: (error) => {
      if (isStale(error)) {
        setStale(true);
        return;
      }
      setErrors(saveErrors(error));
      setProblem(errorText(error));
      setAttempt((n) => n + 1);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    setProblem(null);
    const result = draftToInput(draft, { currencies, saved: base?.product ?? null, version: base?.version });
    if (!result.ok) {
      setErrors(result.errors);
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    save.mutate(result.input);
  }

  const set = <K extends keyof ProductDraft>(key: K, value: ProductDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const combinations = draftCombinations(draft);
  const variants = draft.variants;
  const hasVariants = combinations.length > 0;

  /** A readable name for an error's field, in the summary. */
  function labelOf(key: string): string {
    const fixed: Record<string, string> = {
      name: 'Name',
      paramName: 'URL name',
      description: 'Description',
      categoryId: 'Category',
      merchantId: 'Merchant',
      sourceMarketPlace: 'Source marketplace',
      sourceUrl: 'Source URL',
      source: 'Source',
      weight: 'Weight',
      stock: 'Stock',
      images: 'Images',
      disabled: 'Status',
      variants: 'Variants',
      variantPaths: 'Variant prices and stock',
      price: 'Price',
    };
    if (fixed[key]) return fixed[key];
    const parts = key.split('.');
    if (parts[0] === 'price' && parts[1]) return `Price in ${parts[1]}`;
    if (parts[0] === 'variants' && parts[1]) return `Variant ${Number(parts[1]) + 1} ${parts[2] === 'options' ? 'options' : 'name'}`;
    if (parts[0] === 'variantPaths' && parts[1]) {
      const combo = combinations.find((c) => c.path === parts[1]);
      const what = combo ? combinationLabel(variants, combo.names) : `Variant ${parts[1]}`;
      return parts[2] === 'stock' ? `${what}: stock` : parts[3] ? `${what}: price in ${parts[3]}` : what;
    }
    return key;
  }

  const creating = base === null;
  return (
    <form onSubmit={submit} noValidate aria-label={creating ? 'New product' : 'Edit product'}>
      {stale ? (
        <Alert tone="error" title="Not saved" focusOnShow>
          <p>{STALE_PRODUCT_MESSAGE}</p>
          <p className="hint">Reloading discards the changes you made here.</p>
          <button type="button" className="button button--secondary" onClick={() => void onReload()}>
            Reload the product
          </button>
        </Alert>
      ) : null}
      {!stale && (problem || Object.keys(errors).length > 0) ? (
        <Alert key={attempt} tone="error" title="The product was not saved" focusOnShow>
          {problem && Object.keys(errors).length === 0 ? <p>{problem}</p> : null}
          {Object.keys(errors).length > 0 ? (
            <ul>
              {Object.entries(errors).map(([key, message]) => (
                <li key={key}>
                  <a href={`#${fieldId(key)}`}>
                    {labelOf(key)}: {message}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </Alert>
      ) : null}
      {notice ? <Alert tone="success">{notice}</Alert> : null}

      <fieldset>
        <legend>Details</legend>
        <TextField
          id={fieldId('name')}
          label="Name"
          required
          value={draft.name}
          error={errors.name}
          onChange={(e) => set('name', e.target.value)}
        />
        <TextField
          id={fieldId('paramName')}
          label="URL name"
          hint="The product's address in the shop, e.g. linen-shirt. Left empty, it is made from the name."
          value={draft.paramName}
          error={errors.paramName}
          onChange={(e) => set('paramName', e.target.value)}
        />
        <TextArea
          id={fieldId('description')}
          label="Description"
          rows={5}
          value={draft.description}
          error={errors.description}
          onChange={(e) => set('description', e.target.value)}
        />
      </fieldset>

      <fieldset id={fieldId('source')} tabIndex={-1}>
        <legend>Where it belongs and comes from</legend>
        <SectionError field="source" errors={errors} />
        <div className="row">
          <SelectField
            id={fieldId('categoryId')}
            label="Category"
            value={draft.categoryId}
            error={errors.categoryId}
            onChange={(e) => set('categoryId', e.target.value)}
          >
            <option value="">No category</option>
            {categoryNames(categories).map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            id={fieldId('merchantId')}
            label="Merchant"
            value={draft.merchantId}
            error={errors.merchantId}
            onChange={(e) => set('merchantId', e.target.value)}
          >
            <option value="">No merchant</option>
            {merchants.map((merchant) => (
              <option key={merchant.id} value={merchant.id}>
                {merchant.name}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="row">
          <TextField
            id={fieldId('sourceMarketPlace')}
            label="Source marketplace"
            hint="Where the shop buys it, e.g. Shopee; empty for the shop's own."
            value={draft.sourceMarketPlace}
            error={errors.sourceMarketPlace}
            onChange={(e) => set('sourceMarketPlace', e.target.value)}
          />
          <TextField
            id={fieldId('sourceUrl')}
            label="Source URL"
            type="url"
            hint="The product's page there."
            value={draft.sourceUrl}
            error={errors.sourceUrl}
            onChange={(e) => set('sourceUrl', e.target.value)}
          />
        </div>
      </fieldset>

      <fieldset id={fieldId('price')} tabIndex={-1}>
        <legend>Price and weight</legend>
        <SectionError field="price" errors={errors} />
        <TextField
          id={fieldId('weight')}
          label="Weight in grams"
          inputMode="numeric"
          value={draft.weight}
          error={errors.weight}
          onChange={(e) => set('weight', e.target.value)}
        />
        <p className="hint" id="price-hint">
          {hasVariants
            ? "The price shown before a variant is chosen. Leave a region empty to show the lowest of its variants' prices."
            : 'Leave a region empty where the product is not sold.'}
        </p>
        <div className="row">
          {regions.map((region) => (
            <TextField
              key={region.key}
              id={fieldId(`price.${region.key}`)}
              label={`Price in ${region.name} (${region.currency})`}
              inputMode="decimal"
              placeholder={amountExample(region.currency)}
              value={draft.prices[region.key] ?? ''}
              error={errors[`price.${region.key}`]}
              onChange={(e) => set('prices', { ...draft.prices, [region.key]: e.target.value })}
            />
          ))}
        </div>
        {hasVariants ? null : <SectionError field="variantPaths" errors={errors} />}
        {!hasVariants && creating ? (
          <TextField
            id={fieldId('stock')}
            label="Stock"
            hint="Units on hand now."
            inputMode="numeric"
            value={draft.stock}
            error={errors.stock}
            onChange={(e) => set('stock', e.target.value)}
          />
        ) : null}
      </fieldset>

      <VariantsEditor variants={variants} errors={errors} onChange={(next) => set('variants', next)} />

      {hasVariants ? (
        <PathTable
          draft={draft}
          regions={regions}
          errors={errors}
          savedPaths={base?.product.variantPaths ?? {}}
          onChange={(path, row) => set('paths', { ...draft.paths, [path]: row })}
        />
      ) : null}

      <ImagesEditor
        id={fieldId('images')}
        images={parseOptions(draft.images)}
        onChange={(images) => set('images', images.join('\n'))}
        assetsUrl={assetsUrl}
        error={errors.images}
      />

      <fieldset id={fieldId('disabled')}>
        <legend>Status</legend>
        <label className="choice">
          <input type="radio" name="status" checked={!draft.disabled} onChange={() => set('disabled', false)} />
          Enabled: shown and sold in the shop
        </label>
        <label className="choice">
          <input type="radio" name="status" checked={draft.disabled} onChange={() => set('disabled', true)} />
          Disabled: hidden from the shop
        </label>
      </fieldset>

      <div className="actions">
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : creating ? 'Create product' : 'Save changes'}
        </button>
        <Link to="/products">Back to the products</Link>
      </div>
    </form>
  );
}

/** A problem the API names for a whole part of the form (`price`, `variants`, `variantPaths`, `source`). */
function SectionError({ field, errors }: { field: string; errors: FieldErrors }) {
  return errors[field] ? (
    <p className="field-error" id={`${fieldId(field)}-error`}>
      {errors[field]}
    </p>
  ) : null;
}

/** The variants (e.g. Colour, Size) and their options, one per line. */
function VariantsEditor({
  variants,
  errors,
  onChange,
}: {
  variants: VariantDraft[];
  errors: FieldErrors;
  onChange: (next: VariantDraft[]) => void;
}) {
  const addRef = useRef<HTMLButtonElement>(null);
  // After adding a variant, focus goes to its name; after removing one, to "Add a variant".
  const focusNext = useRef<number | null>(null);
  useEffect(() => {
    const index = focusNext.current;
    if (index === null) return;
    focusNext.current = null;
    if (index < 0) addRef.current?.focus();
    else document.getElementById(fieldId(`variants.${index}.name`))?.focus();
  });

  const change = (index: number, changes: Partial<VariantDraft>) =>
    onChange(variants.map((v, i) => (i === index ? { ...v, ...changes } : v)));
  return (
    <fieldset id={fieldId('variants')} tabIndex={-1}>
      <legend>Variants</legend>
      <SectionError field="variants" errors={errors} />
      <p className="hint">
        For a product sold in several kinds, e.g. Colour and Size. Each option&apos;s prices and stock belong to its place in the list:
        rename options freely and add new ones at the end.
      </p>
      {variants.map((variant, index) => (
        <fieldset key={index}>
          <legend>Variant {index + 1}</legend>
          <div className="row">
            <TextField
              id={fieldId(`variants.${index}.name`)}
              label={`Variant ${index + 1} name`}
              placeholder="Colour"
              value={variant.name}
              error={errors[`variants.${index}.name`]}
              onChange={(e) => change(index, { name: e.target.value })}
            />
            <TextArea
              id={fieldId(`variants.${index}.options`)}
              label={`Variant ${index + 1} options`}
              hint={`One per line (${parseOptions(variant.options).length} now).`}
              rows={3}
              value={variant.options}
              error={errors[`variants.${index}.options`]}
              onChange={(e) => change(index, { options: e.target.value })}
            />
          </div>
          <button
            type="button"
            className="button button--danger"
            onClick={() => {
              onChange(variants.filter((_, i) => i !== index));
              focusNext.current = -1;
            }}
          >
            Remove variant {index + 1}
          </button>
        </fieldset>
      ))}
      <button
        ref={addRef}
        type="button"
        className="button button--secondary"
        onClick={() => {
          onChange([...variants, { name: '', options: '', pictures: {} }]);
          focusNext.current = variants.length;
        }}
      >
        Add a variant
      </button>
    </fieldset>
  );
}

/** Every variant path with its price per region and, when new, its stock. */
function PathTable({
  draft,
  regions,
  errors,
  savedPaths,
  onChange,
}: {
  draft: ProductDraft;
  regions: Region[];
  errors: FieldErrors;
  savedPaths: Record<string, { stock: number }>;
  onChange: (path: string, row: PathDraft) => void;
}) {
  const combinations = draftCombinations(draft);
  return (
    <fieldset id={fieldId('variantPaths')} tabIndex={-1}>
      <legend>Price and stock of each variant</legend>
      <SectionError field="variantPaths" errors={errors} />
      <SectionError field="stock" errors={errors} />
      <p className="hint">Stock is typed here for new variants only; change the stock of saved ones in the Stock section below.</p>
      <div className="table-scroll" role="region" aria-label="Price and stock of each variant" tabIndex={0}>
        <table>
          <thead>
            <tr>
              <th scope="col">Variant</th>
              {regions.map((region) => (
                <th scope="col" key={region.key} id={`col-price-${region.key}`}>
                  Price in {region.key} ({region.currency})
                </th>
              ))}
              <th scope="col" id="col-stock">
                Stock
              </th>
            </tr>
          </thead>
          <tbody>
            {combinations.map(({ path, names }) => {
              const row = draft.paths[path] ?? { prices: {}, stock: '' };
              const rowId = `row-${path.replace(/\//g, '-')}`;
              const savedStock = savedPaths[path]?.stock;
              const stockKey = `variantPaths.${path}.stock`;
              return (
                <tr key={path}>
                  <th scope="row" id={rowId}>
                    {combinationLabel(
                      draft.variants.map((v) => ({ name: v.name.trim() })),
                      names,
                    )}
                  </th>
                  {regions.map((region) => {
                    const key = `variantPaths.${path}.price.${region.key}`;
                    const id = fieldId(key);
                    return (
                      <td key={region.key}>
                        <input
                          id={id}
                          className="amount"
                          inputMode="decimal"
                          placeholder={amountExample(region.currency)}
                          aria-labelledby={`${rowId} col-price-${region.key}`}
                          aria-invalid={errors[key] ? true : undefined}
                          aria-describedby={errors[key] ? `${id}-error` : undefined}
                          value={row.prices[region.key] ?? ''}
                          onChange={(e) => onChange(path, { ...row, prices: { ...row.prices, [region.key]: e.target.value } })}
                        />
                        {errors[key] ? (
                          <p className="field-error" id={`${id}-error`}>
                            {errors[key]}
                          </p>
                        ) : null}
                      </td>
                    );
                  })}
                  <td>
                    {savedStock === undefined ? (
                      <>
                        <input
                          id={fieldId(stockKey)}
                          className="amount"
                          inputMode="numeric"
                          placeholder="0"
                          aria-labelledby={`${rowId} col-stock`}
                          aria-invalid={errors[stockKey] ? true : undefined}
                          aria-describedby={errors[stockKey] ? `${fieldId(stockKey)}-error` : undefined}
                          value={row.stock}
                          onChange={(e) => onChange(path, { ...row, stock: e.target.value })}
                        />
                        {errors[stockKey] ? (
                          <p className="field-error" id={`${fieldId(stockKey)}-error`}>
                            {errors[stockKey]}
                          </p>
                        ) : null}
                      </>
                    ) : (
                      <span>{savedStock.toLocaleString('en-GB')} in stock</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </fieldset>
  );
}
