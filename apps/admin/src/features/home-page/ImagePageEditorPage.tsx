/** `/home-page/image-pages/new|:id`: an image page's title, URL name, pictures (each with its text alternative and link) and status. */
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import type { AdminImagePage, AdminImagePageInput } from '@kedai/contract';
import { api } from '../../lib/api';
import { storefrontBase, storefrontPage } from '../../lib/assets';
import { codeOf, errorText } from '../../lib/errors';
import { useShopConfig } from '../../lib/shop-config';
import { TextField, fieldId } from '../../ui/Field';
import { LogoField } from '../images/LogoField';
import { EditorFrame, SaveProblems, ShownField, useContentSave } from './EditorParts';
import {
  emptyImagePageForm,
  formToImagePageInput,
  imagePagePath,
  imagePageToForm,
  newBlock,
  type BlockForm,
  type ImagePageForm,
} from './home-content';
import { IMAGE_PAGES_KEY, useImagePages } from './queries';

const LABELS: Record<string, string> = { title: 'Title', slug: 'URL name', blocks: 'Pictures', enabled: 'Status' };
const BLOCK_LABELS: Record<string, string> = { image: 'image', alt: 'description', link: 'link' };

/** "Picture 2: description" for `blocks.1.alt`. */
function label(key: string): string {
  const block = /^blocks\.(\d+)\.(image|alt|link)$/.exec(key);
  if (block) return `Picture ${Number(block[1]) + 1}: ${BLOCK_LABELS[block[2]!] ?? block[2]}`;
  return LABELS[key] ?? key;
}

export function ImagePageEditorPage() {
  const { id } = useParams();
  const pages = useImagePages();
  return (
    <EditorFrame<AdminImagePage>
      backPath="/home-page/image-pages"
      backLabel="Image pages"
      title={id === undefined ? 'New image page' : (pages.data?.find((p) => p.id === id)?.title ?? 'Image page')}
      id={id}
      list={pages}
      find={(items) => items.find((p) => p.id === id)}
    >
      {(saved) => <ImagePageEditor key={saved?.id ?? 'new'} saved={saved} />}
    </EditorFrame>
  );
}

function ImagePageEditor({ saved }: { saved: AdminImagePage | null }) {
  const config = useShopConfig();
  const assetsUrl = config.data?.assets_url;
  const [form, setForm] = useState<ImagePageForm>(() => (saved ? imagePageToForm(saved) : emptyImagePageForm()));
  const save = useContentSave<AdminImagePageInput>({
    queryKey: IMAGE_PAGES_KEY,
    backPath: '/home-page/image-pages',
    send: (input) =>
      saved ? api.put('/admin/image_page/:id', { params: { id: saved.id }, body: input }) : api.post('/admin/image_page', { body: input }),
    news: (input) => (saved ? `${input.title} was saved.` : `${input.title} was added.`),
    extraErrors: (error): Record<string, string> => (codeOf(error) === 'image_page/slug_taken' ? { slug: errorText(error) } : {}),
  });
  const set = (changes: Partial<ImagePageForm>) => setForm((f) => ({ ...f, ...changes }));
  const setBlock = (index: number, changes: Partial<BlockForm>) =>
    setForm((f) => ({ ...f, blocks: f.blocks.map((b, i) => (i === index ? { ...b, ...changes } : b)) }));
  const moveBlock = (index: number, by: -1 | 1) =>
    setForm((f) => {
      const to = index + by;
      if (to < 0 || to >= f.blocks.length) return f;
      const blocks = [...f.blocks];
      [blocks[index], blocks[to]] = [blocks[to]!, blocks[index]!];
      return { ...f, blocks };
    });
  const where = saved ? storefrontPage(storefrontBase(config.data), imagePagePath(saved.slug)) : null;
  return (
    <>
      {where && saved?.enabled ? (
        <p>
          {where.href ? (
            <a href={where.href} target="_blank" rel="noopener noreferrer">
              View it on the storefront<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : (
            <>
              The storefront shows it at <code>{where.path}</code>.
            </>
          )}
        </p>
      ) : null}
      <form
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          save.submit(formToImagePageInput(form));
        }}
        noValidate
        aria-label={saved ? 'Edit image page' : 'New image page'}
      >
        <SaveProblems what="image page" errors={save.errors} problem={save.problem} attempt={save.attempt} labels={label} />
        <fieldset>
          <legend>Page</legend>
          <TextField
            id={fieldId('title')}
            label="Title"
            required
            value={form.title}
            error={save.errors.title}
            onChange={(e) => set({ title: e.target.value })}
          />
          <TextField
            id={fieldId('slug')}
            label="URL name"
            hint="The page's address is /page/ and this, e.g. gift-guide. Left empty, it is made from the title."
            value={form.slug}
            error={save.errors.slug}
            onChange={(e) => set({ slug: e.target.value })}
          />
        </fieldset>
        <fieldset id={fieldId('blocks')} tabIndex={-1}>
          <legend>Pictures, top to bottom</legend>
          {save.errors.blocks ? <p className="field-error">{save.errors.blocks}</p> : null}
          {form.blocks.length === 0 ? <p>No pictures yet.</p> : null}
          {form.blocks.map((block, index) => {
            const key = (field: string) => `blocks.${index}.${field}`;
            return (
              <fieldset key={block.key ?? index}>
                <legend>Picture {index + 1}</legend>
                <LogoField
                  id={fieldId(key('image'))}
                  label={`Picture ${index + 1}`}
                  value={block.image}
                  onChange={(image) => setBlock(index, { image })}
                  assetsUrl={assetsUrl}
                  error={save.errors[key('image')]}
                />
                <TextField
                  id={fieldId(key('alt'))}
                  label="Description"
                  hint="What the picture shows, read out to people who cannot see it."
                  required
                  value={block.alt}
                  error={save.errors[key('alt')]}
                  onChange={(e) => setBlock(index, { alt: e.target.value })}
                />
                <TextField
                  id={fieldId(key('link'))}
                  label="Link"
                  hint="A page of this shop (/search?…) or an https:// address. Leave it empty for none."
                  value={block.link}
                  error={save.errors[key('link')]}
                  onChange={(e) => setBlock(index, { link: e.target.value })}
                />
                <div className="actions">
                  <button type="button" className="button button--secondary" disabled={index === 0} onClick={() => moveBlock(index, -1)}>
                    Move picture {index + 1} up
                  </button>
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={index === form.blocks.length - 1}
                    onClick={() => moveBlock(index, 1)}
                  >
                    Move picture {index + 1} down
                  </button>
                  <button
                    type="button"
                    className="button button--danger"
                    onClick={() => setForm((f) => ({ ...f, blocks: f.blocks.filter((_, i) => i !== index) }))}
                  >
                    Remove picture {index + 1}
                  </button>
                </div>
              </fieldset>
            );
          })}
          <p>
            <button type="button" className="button button--secondary" onClick={() => set({ blocks: [...form.blocks, newBlock()] })}>
              Add a picture
            </button>
          </p>
        </fieldset>
        <ShownField what="page" value={form.enabled} onChange={(enabled) => set({ enabled })} />
        <div className="actions">
          <button type="submit" className="button" disabled={save.pending}>
            {save.pending ? 'Saving…' : saved ? 'Save image page' : 'Add image page'}
          </button>
          <Link to="/home-page/image-pages">Cancel</Link>
        </div>
      </form>
    </>
  );
}
