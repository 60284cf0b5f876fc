import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminMerchantInput, Merchant } from '@kedai/contract';
import { MERCHANT_DESCRIPTION_MAX } from '@kedai/domain';
import { api } from '../../lib/api';
import { errorText } from '../../lib/errors';
import { useShopConfig } from '../../lib/shop-config';
import { Alert, LoadError, Loading } from '../../ui/Alert';
import { SelectField, TextArea, TextField, fieldId } from '../../ui/Field';
import { PageHeading } from '../../ui/PageHeading';
import { LogoField } from '../images/LogoField';
import { countryChoices } from '../../lib/countries';
import {
  emptyMerchantForm,
  formToMerchantInput,
  merchantSaveErrors,
  merchantToForm,
  type FieldErrors,
  type MerchantForm,
} from './merchant-form';

/** `/merchants/new` and `/merchants/:id`: a merchant's name, URL name, description, logo and country. */
export function MerchantEditorPage() {
  const { id } = useParams();
  const location = useLocation();
  const config = useShopConfig();
  const merchant = useQuery({
    queryKey: ['merchant', id],
    queryFn: ({ signal }) => api.get('/merchant/:id', { params: { id: id! }, signal }),
    enabled: id !== undefined,
    staleTime: Infinity, // a background refresh must not replace what staff are typing
  });
  const created = (location.state as { created?: boolean } | null)?.created === true;
  const title = id === undefined ? 'New merchant' : (merchant.data?.merchant.name ?? 'Merchant');
  return (
    <>
      <p>
        <Link to="/merchants">← Merchants</Link>
      </p>
      <PageHeading title={title} />
      {created ? <Alert tone="success">The merchant was created.</Alert> : null}
      {merchant.isError ? <LoadError message={errorText(merchant.error)} onRetry={() => void merchant.refetch()} /> : null}
      {id !== undefined && merchant.isPending ? <Loading /> : null}
      {id === undefined || merchant.data ? (
        <MerchantEditor key={id ?? 'new'} saved={merchant.data?.merchant ?? null} assetsUrl={config.data?.assets_url} />
      ) : null}
    </>
  );
}

const LABELS: Record<string, string> = {
  name: 'Name',
  slug: 'URL name',
  description: 'Description',
  logo: 'Logo',
  countryCode: 'Country',
};

function MerchantEditor({ saved, assetsUrl }: { saved: Merchant | null; assetsUrl: string | undefined }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [base, setBase] = useState(saved);
  const [form, setForm] = useState<MerchantForm>(() => (saved ? merchantToForm(saved) : emptyMerchantForm()));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (input: AdminMerchantInput) =>
      base ? api.put('/admin/merchant/:id', { params: { id: base.id }, body: input }) : api.post('/admin/merchant', { body: input }),
    onSuccess: (answer) => {
      queryClient.setQueryData(['merchant', answer.merchant.id], answer);
      void queryClient.invalidateQueries({ queryKey: ['merchants'] });
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      if (!base) {
        void navigate(`/merchants/${answer.merchant.id}`, { state: { created: true } });
        return;
      }
      setBase(answer.merchant);
      setForm(merchantToForm(answer.merchant));
      setNotice('Your changes were saved.');
    },
    onError: (error) => {
      setErrors(merchantSaveErrors(error));
      setProblem(errorText(error));
      setAttempt((n) => n + 1);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    setProblem(null);
    const result = formToMerchantInput(form);
    if (!result.ok) {
      setErrors(result.errors);
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    save.mutate(result.input);
  }

  const set = (changes: Partial<MerchantForm>) => setForm((f) => ({ ...f, ...changes }));
  const count = Object.keys(errors).length;
  return (
    <form onSubmit={submit} noValidate aria-label={base ? 'Edit merchant' : 'New merchant'}>
      {problem || count > 0 ? (
        <Alert key={attempt} tone="error" title="The merchant was not saved" focusOnShow>
          {problem && count === 0 ? <p>{problem}</p> : null}
          {count > 0 ? (
            <ul>
              {Object.entries(errors).map(([key, message]) => (
                <li key={key}>
                  <a href={`#${fieldId(key)}`}>
                    {LABELS[key] ?? key}: {message}
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
          value={form.name}
          error={errors.name}
          onChange={(e) => set({ name: e.target.value })}
        />
        <TextField
          id={fieldId('slug')}
          label="URL name"
          hint="The merchant's address in the shop, e.g. batik-house. Left empty, it is made from the name."
          value={form.slug}
          error={errors.slug}
          onChange={(e) => set({ slug: e.target.value })}
        />
        <TextArea
          id={fieldId('description')}
          label="Description"
          hint={`At most ${MERCHANT_DESCRIPTION_MAX} characters.`}
          rows={4}
          value={form.description}
          error={errors.description}
          onChange={(e) => set({ description: e.target.value })}
        />
        <SelectField
          id={fieldId('countryCode')}
          label="Country"
          required
          value={form.countryCode}
          error={errors.countryCode}
          onChange={(e) => set({ countryCode: e.target.value })}
        >
          <option value="">Choose a country</option>
          {countryChoices().map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </SelectField>
      </fieldset>
      <LogoField
        id={fieldId('logo')}
        label="Logo"
        value={form.logo}
        onChange={(logo) => set({ logo })}
        assetsUrl={assetsUrl}
        error={errors.logo}
      />
      <div className="actions">
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : base ? 'Save changes' : 'Create merchant'}
        </button>
        <Link to="/merchants">Cancel</Link>
      </div>
    </form>
  );
}
