/** `/home-page/banners/new|:id` and `/home-page/popups/new|:id`: a banner's or a popup's text, picture, link and status. */
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import type { AdminBanner, AdminBannerInput, AdminPopup, AdminPopupInput } from '@kedai/contract';
import { api } from '../../lib/api';
import { useShopConfig } from '../../lib/shop-config';
import { TextField, fieldId } from '../../ui/Field';
import { LogoField } from '../images/LogoField';
import { EditorFrame, SaveProblems, ShownField, useContentSave } from './EditorParts';
import {
  bannerToForm,
  emptyBannerForm,
  emptyPopupForm,
  formToBannerInput,
  formToPopupInput,
  popupToForm,
  type BannerForm,
  type PopupForm,
} from './home-content';
import { BANNERS_KEY, POPUPS_KEY, useBanners, usePopups } from './queries';

const LINK_HINT = 'A page of this shop, e.g. /search?category=toys, or an address starting with https://. Leave it empty for none.';

const BANNER_LABELS: Record<string, string> = { title: 'Title', image: 'Image', link: 'Link', enabled: 'Status', sortOrder: 'Place' };
const POPUP_LABELS: Record<string, string> = { name: 'Name', image: 'Image', link: 'Link', enabled: 'Status', sortOrder: 'Place' };

export function BannerEditorPage() {
  const { id } = useParams();
  const banners = useBanners();
  return (
    <EditorFrame<AdminBanner>
      backPath="/home-page/banners"
      backLabel="Banners"
      title={id === undefined ? 'New banner' : (banners.data?.find((b) => b.id === id)?.title ?? 'Banner')}
      id={id}
      list={banners}
      find={(items) => items.find((b) => b.id === id)}
    >
      {(saved) => <BannerEditor key={saved?.id ?? 'new'} saved={saved} />}
    </EditorFrame>
  );
}

function BannerEditor({ saved }: { saved: AdminBanner | null }) {
  const assetsUrl = useShopConfig().data?.assets_url;
  const [form, setForm] = useState<BannerForm>(() => (saved ? bannerToForm(saved) : emptyBannerForm()));
  const save = useContentSave<AdminBannerInput>({
    queryKey: BANNERS_KEY,
    backPath: '/home-page/banners',
    send: (input) =>
      saved ? api.put('/admin/banner/:id', { params: { id: saved.id }, body: input }) : api.post('/admin/banner', { body: input }),
    news: (input) => (saved ? `${input.title} was saved.` : `${input.title} was added.`),
  });
  const set = (changes: Partial<BannerForm>) => setForm((f) => ({ ...f, ...changes }));
  return (
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        save.submit(formToBannerInput(form));
      }}
      noValidate
      aria-label={saved ? 'Edit banner' : 'New banner'}
    >
      <SaveProblems
        what="banner"
        errors={save.errors}
        problem={save.problem}
        attempt={save.attempt}
        labels={(k) => BANNER_LABELS[k] ?? k}
      />
      <fieldset>
        <legend>Banner</legend>
        <TextField
          id={fieldId('title')}
          label="Title"
          hint="Shown on the banner, and read out for its picture."
          required
          value={form.title}
          error={save.errors.title}
          onChange={(e) => set({ title: e.target.value })}
        />
        <TextField
          id={fieldId('link')}
          label="Link"
          hint={LINK_HINT}
          value={form.link}
          error={save.errors.link}
          onChange={(e) => set({ link: e.target.value })}
        />
      </fieldset>
      <LogoField
        id={fieldId('image')}
        label="Banner image"
        value={form.image}
        onChange={(image) => set({ image })}
        assetsUrl={assetsUrl}
        error={save.errors.image}
      />
      <ShownField what="banner" value={form.enabled} onChange={(enabled) => set({ enabled })} />
      <div className="actions">
        <button type="submit" className="button" disabled={save.pending}>
          {save.pending ? 'Saving…' : saved ? 'Save banner' : 'Add banner'}
        </button>
        <Link to="/home-page/banners">Cancel</Link>
      </div>
    </form>
  );
}

export function PopupEditorPage() {
  const { id } = useParams();
  const popups = usePopups();
  return (
    <EditorFrame<AdminPopup>
      backPath="/home-page/popups"
      backLabel="Popups"
      title={id === undefined ? 'New popup' : (popups.data?.find((p) => p.id === id)?.name ?? 'Popup')}
      id={id}
      list={popups}
      find={(items) => items.find((p) => p.id === id)}
    >
      {(saved) => <PopupEditor key={saved?.id ?? 'new'} saved={saved} />}
    </EditorFrame>
  );
}

function PopupEditor({ saved }: { saved: AdminPopup | null }) {
  const assetsUrl = useShopConfig().data?.assets_url;
  const [form, setForm] = useState<PopupForm>(() => (saved ? popupToForm(saved) : emptyPopupForm()));
  const save = useContentSave<AdminPopupInput>({
    queryKey: POPUPS_KEY,
    backPath: '/home-page/popups',
    send: (input) =>
      saved ? api.put('/admin/popup/:id', { params: { id: saved.id }, body: input }) : api.post('/admin/popup', { body: input }),
    news: (input) => (saved ? `${input.name} was saved.` : `${input.name} was added.`),
  });
  const set = (changes: Partial<PopupForm>) => setForm((f) => ({ ...f, ...changes }));
  return (
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        save.submit(formToPopupInput(form));
      }}
      noValidate
      aria-label={saved ? 'Edit popup' : 'New popup'}
    >
      <SaveProblems what="popup" errors={save.errors} problem={save.problem} attempt={save.attempt} labels={(k) => POPUP_LABELS[k] ?? k} />
      <fieldset>
        <legend>Popup</legend>
        <TextField
          id={fieldId('name')}
          label="Name"
          hint="The popup's heading."
          required
          value={form.name}
          error={save.errors.name}
          onChange={(e) => set({ name: e.target.value })}
        />
        <TextField
          id={fieldId('link')}
          label="Link"
          hint={LINK_HINT}
          value={form.link}
          error={save.errors.link}
          onChange={(e) => set({ link: e.target.value })}
        />
      </fieldset>
      <LogoField
        id={fieldId('image')}
        label="Popup image"
        value={form.image}
        onChange={(image) => set({ image })}
        assetsUrl={assetsUrl}
        error={save.errors.image}
      />
      <ShownField what="popup" value={form.enabled} onChange={(enabled) => set({ enabled })} />
      <div className="actions">
        <button type="submit" className="button" disabled={save.pending}>
          {save.pending ? 'Saving…' : saved ? 'Save popup' : 'Add popup'}
        </button>
        <Link to="/home-page/popups">Cancel</Link>
      </div>
    </form>
  );
}
