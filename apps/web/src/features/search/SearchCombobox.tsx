'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useId, useReducer, useRef, useState, type ChangeEvent, type Dispatch, type FormEvent, type KeyboardEvent } from 'react';
import type { ProductSummary } from '@kedai/contract';
import { assetUrl } from '@kedai/domain';
import { searchEvent, selectItem } from '../analytics/analytics';
import { productHref } from '../catalogue/links';
import { displayPrice } from '../catalogue/price';
import { browserApi } from '../../lib/browser-api';
import { comboboxReducer, escapeClearsText, initialComboboxState, keyAction, suggestionTerm, type ComboboxAction } from './combobox';
import { SEARCH_INPUT_ATTRIBUTES } from './query-text';
import { MAX_QUERY_LENGTH, parseSearchParams, searchHref } from './url-state';
import { SearchSubmit, type SearchBoxProps } from './SearchSubmit';

/** Wait this long after the last key press before asking for suggestions. */
const SUGGEST_DEBOUNCE_MS = 200;
/** Suggestions shown at most. */
const SUGGEST_LIMIT = 6;
const SUGGESTIONS_LIST_NAME = 'Search suggestions';

export interface SearchComboboxProps extends SearchBoxProps {
  /** Text already in the plain form this replaces (see `SearchBox`); the URL's query otherwise. */
  initialValue?: string;
  /** Take the focus on mount (the plain form's text box had it). */
  autoFocus?: boolean;
  /**
   * Whether the plain form was submitted while this was loading: asked when this has mounted, so a
   * search submitted between this render and its commit (the plain form still in the page) runs too.
   */
  submittedMeanwhile?: () => boolean;
}

/**
 * The header's product search: a GET form to `/search` (works without JavaScript) enhanced into a
 * combobox with product suggestions as you type (see `combobox.ts` for the keyboard model).
 * Choosing a suggestion opens the product; Enter without one runs the search and reports `search`.
 * Loaded on demand by `SearchBox` (first focus, pointer or input), so it is not in the first-load JS.
 */
export function SearchCombobox({ region, assetsUrl, initialValue, autoFocus, submittedMeanwhile }: SearchComboboxProps) {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const urlQuery = pathname === '/search' ? (parseSearchParams(searchParams).q ?? '') : '';

  const baseId = useId();
  const inputId = `${baseId}-q`;
  const listId = `${baseId}-list`;
  const optionId = (i: number) => `${baseId}-opt-${i}`;

  const [value, setValue] = useState(initialValue ?? urlQuery);
  const [typed, setTyped] = useState(initialValue !== undefined && initialValue !== urlQuery);
  const inputRef = useRef<HTMLInputElement>(null);
  const seenUrlQuery = useRef(urlQuery);
  const [state, dispatch] = useReducer(comboboxReducer, initialComboboxState);

  // Follow the URL (back/forward, a new search) until the shopper types something else.
  useEffect(() => {
    if (seenUrlQuery.current === urlQuery) return; // on mount: keep the text handed over
    seenUrlQuery.current = urlQuery;
    setValue(urlQuery);
    setTyped(false);
    dispatch({ type: 'close' });
  }, [urlQuery]);

  const term = typed ? suggestionTerm(value) : null;

  const { suggestions, announcement } = useSuggestions(term, region, dispatch);

  const open = state.open && suggestions.length > 0;
  const active = open ? state.active : -1;

  function choose(index: number) {
    const product = suggestions[index];
    if (!product) return;
    selectItem(product, region, SUGGESTIONS_LIST_NAME, index);
    dispatch({ type: 'close' });
    setTyped(false);
    router.push(productHref(product.paramName));
  }

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    setValue(event.target.value);
    setTyped(true);
    dispatch({ type: 'input', empty: event.target.value.trim() === '' });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      if (active >= 0) {
        event.preventDefault();
        choose(active);
      }
      return; // else the form submits
    }
    const action = keyAction(event.key, event.altKey);
    if (!action) return;
    if (action.type === 'escape') {
      event.preventDefault(); // also stops the browser's own clearing of a search field
      if (open && !escapeClearsText(state)) {
        dispatch(action);
      } else if (value !== '') {
        setValue('');
        setTyped(true);
        dispatch({ type: 'input', empty: true });
      }
      return;
    }
    if (suggestions.length === 0) return;
    event.preventDefault(); // the arrows move through the options, not the caret
    dispatch(action);
  }

  function search(text: string) {
    const q = text.replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_LENGTH);
    dispatch({ type: 'close' });
    setTyped(false);
    if (q) searchEvent(q);
    router.push(searchHref(q ? { q } : {}));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    search(value);
  }

  // Take over from the plain form: the focus (caret at the end) and a search submitted meanwhile.
  const mountActions = useRef({ autoFocus, submittedMeanwhile, search: () => search(value) });
  useEffect(() => {
    const { autoFocus: focus, submittedMeanwhile: submitted, search: run } = mountActions.current;
    mountActions.current = { autoFocus: false, submittedMeanwhile: undefined, search: run };
    const input = inputRef.current;
    if (focus && input) {
      input.focus();
      try {
        input.setSelectionRange(input.value.length, input.value.length);
      } catch {
        // Not every input type supports a selection; the focus is what matters.
      }
    }
    if (submitted?.()) run();
  }, []);

  return (
    <form className="site-search" role="search" action="/search" method="get" onSubmit={onSubmit}>
      <label htmlFor={inputId} className="visually-hidden">
        Search products
      </label>
      <div className="site-search__field">
        <input
          ref={inputRef}
          id={inputId}
          {...SEARCH_INPUT_ATTRIBUTES}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          value={value}
          onChange={onChange}
          onKeyDown={onKeyDown}
          onBlur={() => dispatch({ type: 'close' })}
          onFocus={() => {
            if (typed && suggestions.length > 0) dispatch({ type: 'results', count: suggestions.length });
          }}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label="Suggested products"
          className="site-search__list"
          hidden={!open}
          // Keep focus in the text box while the pointer picks an option.
          onMouseDown={(event) => event.preventDefault()}
        >
          {suggestions.map((product, i) => (
            <SuggestionOption
              key={product.uuid}
              id={optionId(i)}
              product={product}
              region={region}
              assetsUrl={assetsUrl}
              active={i === active}
              onChoose={() => choose(i)}
              onHover={() => {
                if (i !== active) dispatch({ type: 'hover', index: i });
              }}
            />
          ))}
        </ul>
      </div>
      <SearchSubmit />
      <p className="visually-hidden" role="status" aria-live="polite">
        {typed && term ? announcement : ''}
      </p>
    </form>
  );
}

/**
 * Product suggestions for `term` (null: none), SUGGEST_DEBOUNCE_MS after it last changed; each
 * answer tells the combobox how many options it has and what to announce. A failure only empties
 * them: the form still searches.
 */
function useSuggestions(term: string | null, region: string, dispatch: Dispatch<ComboboxAction>) {
  const [suggestions, setSuggestions] = useState<ProductSummary[]>([]);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (!term) {
      setSuggestions([]);
      dispatch({ type: 'results', count: 0 });
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      browserApi
        .get('/product/search', { query: { q: term, limit: SUGGEST_LIMIT, region }, signal: controller.signal })
        .then((result) => {
          if (controller.signal.aborted) return;
          const products = result.products.slice(0, SUGGEST_LIMIT);
          setSuggestions(products);
          dispatch({ type: 'results', count: products.length });
          setAnnouncement(
            products.length === 0
              ? 'No suggestions.'
              : `${products.length} ${products.length === 1 ? 'suggestion' : 'suggestions'}. Use the up and down arrow keys to choose.`,
          );
        })
        .catch(() => {
          if (controller.signal.aborted) return;
          setSuggestions([]);
          setAnnouncement('');
          dispatch({ type: 'results', count: 0 });
        });
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [term, region, dispatch]);
  return { suggestions, announcement };
}

interface SuggestionOptionProps {
  id: string;
  product: ProductSummary;
  region: string;
  assetsUrl: string;
  active: boolean;
  onChoose(): void;
  onHover(): void;
}

/** One suggested product: its thumbnail, name and price in the region. */
function SuggestionOption({ id, product, region, assetsUrl, active, onChoose, onHover }: SuggestionOptionProps) {
  const price = displayPrice(product, region);
  return (
    // The keyboard works on the text box (aria-activedescendant), as the combobox pattern wants.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events
    <li
      id={id}
      role="option"
      aria-selected={active}
      className={active ? 'site-search__option site-search__option--active' : 'site-search__option'}
      onClick={onChoose}
      onMouseMove={onHover}
    >
      <img src={assetUrl(assetsUrl, product.mainImage, 'thumb')} alt="" width={40} height={40} decoding="async" />
      <span className="site-search__option-text">
        <span className="site-search__option-name">{product.name}</span>
        {price ? <span className="site-search__option-price">{price.label}</span> : null}
      </span>
    </li>
  );
}
