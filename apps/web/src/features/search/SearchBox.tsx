'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { Suspense, useEffect, useId, useRef, useState, type ComponentType, type FormEvent, type Ref } from 'react';
import { cleanText, MAX_QUERY_LENGTH, SEARCH_INPUT_ATTRIBUTES } from './query-text';
import type { SearchComboboxProps } from './SearchCombobox';
import { SearchSubmit, type SearchBoxProps } from './SearchSubmit';

type Combobox = ComponentType<SearchComboboxProps>;

/**
 * The header's product search. It first renders a plain GET form to `/search` (works without
 * JavaScript; the text box is already a combobox, collapsed) and loads the suggestions
 * (`SearchCombobox`) only on the first focus, pointer or input, so they are not in the first-load
 * JS. The loaded combobox takes over the text typed so far, the focus, and a search submitted
 * while it was loading. The text box is never inside a `<Suspense>` fallback: one that a streamed
 * page swapped out would take with it what a shopper typed before the page's scripts ran. The
 * search words of the address reach it once known (`UrlQuery`), unless the shopper has typed.
 */
export function SearchBox({ region, assetsUrl }: SearchBoxProps) {
  const [urlQuery, setUrlQuery] = useState('');

  const [Combobox, setCombobox] = useState<Combobox | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const loading = useRef<'idle' | 'loading' | 'failed'>('idle');
  const submitted = useRef(false);

  function enhance() {
    if (loading.current !== 'idle') return;
    loading.current = 'loading';
    import('./SearchCombobox').then(
      ({ SearchCombobox }) => setCombobox(() => SearchCombobox),
      () => {
        // The plain form keeps working; a search submitted meanwhile goes the plain way.
        loading.current = 'failed';
        if (submitted.current) formRef.current?.submit();
      },
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (loading.current === 'failed') return; // a plain GET
    event.preventDefault();
    submitted.current = true;
    enhance();
  }

  // The box follows the address (a search, back/forward) while it shows the address's words, not the shopper's own.
  const shownUrlQuery = useRef('');
  useEffect(() => {
    const input = inputRef.current;
    if (input && input.value === shownUrlQuery.current) input.value = urlQuery;
    shownUrlQuery.current = urlQuery;
  }, [urlQuery]);

  const urlQueryReader = (
    <Suspense fallback={null}>
      <UrlQuery onChange={setUrlQuery} />
    </Suspense>
  );

  if (Combobox) {
    // Read while the plain text box is still in the page (until this render commits), so nothing
    // typed in the meantime is lost; the combobox uses these only when it mounts.
    const input = inputRef.current;
    return (
      <>
        {urlQueryReader}
        <Combobox
          region={region}
          assetsUrl={assetsUrl}
          initialValue={input?.value ?? urlQuery}
          autoFocus={input !== null && typeof document !== 'undefined' && document.activeElement === input}
          submittedMeanwhile={() => submitted.current}
        />
      </>
    );
  }

  return (
    <>
      {urlQueryReader}
      <SearchForm formRef={formRef} inputRef={inputRef} onActivate={enhance} onSubmit={onSubmit} />
    </>
  );
}

/** Tells the search box the address's search words (on `/search`), once the address is known; renders nothing. */
function UrlQuery({ onChange }: { onChange: (query: string) => void }) {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const query = pathname === '/search' ? (cleanText(searchParams.get('q') ?? undefined, MAX_QUERY_LENGTH) ?? '') : '';
  useEffect(() => onChange(query), [query, onChange]);
  return null;
}

interface SearchFormProps {
  formRef?: Ref<HTMLFormElement>;
  inputRef?: Ref<HTMLInputElement>;
  onActivate?: () => void;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
}

/** The plain GET search form, with the text box marked up as a collapsed combobox. */
function SearchForm({ formRef, inputRef, onActivate, onSubmit }: SearchFormProps) {
  const baseId = useId();
  const inputId = `${baseId}-q`;
  const listId = `${baseId}-list`;
  return (
    <form
      ref={formRef}
      className="site-search"
      role="search"
      action="/search"
      method="get"
      onSubmit={onSubmit}
      onFocus={onActivate}
      onPointerEnter={onActivate}
      onTouchStart={onActivate}
    >
      <label htmlFor={inputId} className="visually-hidden">
        Search products
      </label>
      <div className="site-search__field">
        <input
          ref={inputRef}
          id={inputId}
          {...SEARCH_INPUT_ATTRIBUTES}
          role="combobox"
          aria-expanded={false}
          aria-controls={listId}
          onInput={onActivate}
        />
        <ul id={listId} role="listbox" aria-label="Suggested products" className="site-search__list" hidden />
      </div>
      <SearchSubmit />
    </form>
  );
}
