/** Pieces the home page's editors share: the summary of a refused save, the shown/hidden choice, and the save hook. */
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorText, fieldErrorsOf } from '../../lib/errors';
import { Alert, LoadError, Loading } from '../../ui/Alert';
import { fieldId } from '../../ui/Field';
import { PageHeading } from '../../ui/PageHeading';
import type { FieldErrors } from './home-content';

/** The frame of an editor page: back link, heading, and the item once the list has loaded (or "not found"). */
export function EditorFrame<T>(props: {
  backPath: string;
  backLabel: string;
  title: string;
  id: string | undefined;
  list: { data?: T[] | undefined; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  find: (items: T[]) => T | undefined;
  children: (saved: T | null) => ReactNode;
}) {
  const { backPath, backLabel, title, id, list, find, children } = props;
  const saved = id !== undefined && list.data ? (find(list.data) ?? null) : null;
  return (
    <>
      <p>
        <Link to={backPath}>← {backLabel}</Link>
      </p>
      <PageHeading title={title} />
      {id !== undefined && list.isPending ? <Loading /> : null}
      {list.isError ? <LoadError message={errorText(list.error)} onRetry={() => void list.refetch()} /> : null}
      {id !== undefined && list.data && !saved ? <Alert tone="error">This was not found. It may have been deleted.</Alert> : null}
      {id === undefined || saved ? children(saved) : null}
    </>
  );
}

/** What a refused save says: each field's problem as a link to it, or the API's sentence. */
export function SaveProblems({
  what,
  errors,
  problem,
  attempt,
  labels,
}: {
  what: string;
  errors: FieldErrors;
  problem: string | null;
  attempt: number;
  labels: (key: string) => string;
}) {
  const count = Object.keys(errors).length;
  if (!problem && count === 0) return null;
  return (
    <Alert key={attempt} tone="error" title={`The ${what} was not saved`} focusOnShow>
      {problem && count === 0 ? <p>{problem}</p> : null}
      {count > 0 ? (
        <ul>
          {Object.entries(errors).map(([key, message]) => (
            <li key={key}>
              <a href={`#${fieldId(key)}`}>
                {labels(key)}: {message}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </Alert>
  );
}

/** Shown on the storefront or hidden. */
export function ShownField({ value, onChange, what }: { value: boolean; onChange: (enabled: boolean) => void; what: string }) {
  return (
    <fieldset id={fieldId('enabled')}>
      <legend>Status</legend>
      <label className="choice">
        <input type="radio" name="enabled" checked={value} onChange={() => onChange(true)} />
        Shown on the storefront
      </label>
      <label className="choice">
        <input type="radio" name="enabled" checked={!value} onChange={() => onChange(false)} />
        Hidden: the {what} is kept but not shown
      </label>
    </fieldset>
  );
}

/**
 * Saving an editor's input: on success the list is reloaded and staff go back to it with the news;
 * a refusal puts each field's problem beside it.
 */
export function useContentSave<I>(options: {
  queryKey: readonly unknown[];
  backPath: string;
  send: (input: I) => Promise<unknown>;
  news: (input: I) => string;
  extraErrors?: (error: unknown) => FieldErrors;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const mutation = useMutation({
    mutationFn: options.send,
    onSuccess: async (_answer, input) => {
      await queryClient.invalidateQueries({ queryKey: options.queryKey });
      void navigate(options.backPath, { state: { news: options.news(input) } });
    },
    onError: (error) => {
      setErrors({ ...fieldErrorsOf(error), ...options.extraErrors?.(error) });
      setProblem(errorText(error));
      setAttempt((n) => n + 1);
    },
  });
  /** Sends the form's input, or shows the problems found before sending it. */
  const submit = (result: { ok: true; input: I } | { ok: false; errors: FieldErrors }) => {
    setProblem(null);
    if (!result.ok) {
      setErrors(result.errors);
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    mutation.mutate(result.input);
  };
  return { errors, problem, attempt, pending: mutation.isPending, submit };
}
