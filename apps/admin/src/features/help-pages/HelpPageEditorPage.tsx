import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TextPage } from '@kedai/contract';
import { TEXT_PAGE_BODY_MAX, TEXT_PAGE_TITLE_MAX } from '@kedai/domain';
import { api } from '../../lib/api';
import { storefrontBase, storefrontPage } from '../../lib/assets';
import { errorText, fieldErrorsOf } from '../../lib/errors';
import { useShopConfig } from '../../lib/shop-config';
import { Alert, LoadError, Loading } from '../../ui/Alert';
import { TextArea, TextField } from '../../ui/Field';
import { PageHeading } from '../../ui/PageHeading';
import { when } from '../products/reference';
import { helpPageOf, storefrontHelpPath, type HelpSlug } from './help-pages';
import { NotFound } from '../../app/NotFound';

/** `/help-pages/:slug`: one help page's title and Markdown, when it last changed, and where the shop shows it. */
export function HelpPageEditorPage() {
  const { slug } = useParams();
  const help = helpPageOf(slug);
  const page = useQuery({
    queryKey: ['text-page', help?.slug],
    queryFn: ({ signal }) => api.get('/text_page/:slug', { params: { slug: help!.slug }, signal }),
    enabled: help !== null,
    staleTime: Infinity, // a background refresh must not replace what staff are typing
  });
  if (!help) return <NotFound />;
  return (
    <>
      <p>
        <Link to="/help-pages">← Help pages</Link>
      </p>
      <PageHeading title={page.data?.textPage.title ?? help.label} />
      {page.isPending ? <Loading /> : null}
      {page.isError ? <LoadError message={errorText(page.error)} onRetry={() => void page.refetch()} /> : null}
      {page.data ? <HelpPageEditor key={help.slug} slug={help.slug} saved={page.data.textPage} /> : null}
    </>
  );
}

function HelpPageEditor({ slug, saved }: { slug: HelpSlug; saved: TextPage }) {
  const queryClient = useQueryClient();
  const config = useShopConfig();
  const [current, setCurrent] = useState(saved);
  const [title, setTitle] = useState(saved.title);
  const [body, setBody] = useState(saved.body);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: () => api.put('/admin/text_page/:slug', { params: { slug }, body: { title, body } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(['text-page', slug], answer);
      setCurrent(answer.textPage);
      setTitle(answer.textPage.title);
      setBody(answer.textPage.body);
      setNotice('The page was saved. The storefront shows it now.');
    },
    onError: (error) => {
      setErrors(fieldErrorsOf(error));
      setProblem(errorText(error));
      setAttempt((n) => n + 1);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    setProblem(null);
    const found: Record<string, string> = {};
    if (title.trim() === '') found.title = 'Enter the page’s title';
    if (body.trim() === '') found.body = 'Enter the page’s text';
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setAttempt((n) => n + 1);
      return;
    }
    save.mutate();
  }

  const updated = when(current.updatedAt);
  const where = storefrontPage(storefrontBase(config.data), storefrontHelpPath(slug));
  const count = Object.keys(errors).length;
  return (
    <>
      <p>
        Last updated <time dateTime={updated.iso}>{updated.text}</time>.{' '}
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
      <form onSubmit={submit} noValidate aria-label={`Edit ${current.title}`}>
        {problem || count > 0 ? (
          <Alert key={attempt} tone="error" title="The page was not saved" focusOnShow>
            {problem && count === 0 ? <p>{problem}</p> : null}
            {count > 0 ? (
              <ul>
                {Object.entries(errors).map(([key, message]) => (
                  <li key={key}>
                    <a href={`#text-page-${key}`}>
                      {key === 'title' ? 'Title' : 'Text'}: {message}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </Alert>
        ) : null}
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        <TextField
          id="text-page-title"
          label="Title"
          required
          maxLength={TEXT_PAGE_TITLE_MAX}
          value={title}
          error={errors.title}
          onChange={(e) => setTitle(e.target.value)}
        />
        <TextArea
          id="text-page-body"
          label="Text"
          className="field--full"
          hint={
            <>
              Markdown: <code>## Heading</code>, <code>**bold**</code>, <code>- item</code>, <code>[link](https://…)</code>; HTML is not
              shown. At most {TEXT_PAGE_BODY_MAX.toLocaleString('en-GB')} characters ({body.length.toLocaleString('en-GB')} now).
            </>
          }
          rows={22}
          value={body}
          error={errors.body}
          onChange={(e) => setBody(e.target.value)}
        />
        <div className="actions">
          <button type="submit" className="button" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save page'}
          </button>
        </div>
      </form>
    </>
  );
}
