/**
 * A list of the home page's content (banners, popups, product groups, image pages): each item with
 * its picture, name and state, moved up or down (when the list is ordered), switched on or off,
 * edited, or deleted after a confirmation. Every change is saved at once and the list reloaded.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useMutation, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { errorText } from '../../lib/errors';
import { Alert, LoadError, Loading } from '../../ui/Alert';
import { reorderPlan } from './home-content';

interface Item {
  id: string;
  enabled: boolean;
  sortOrder?: number;
}

interface Props<T extends Item> {
  /** "banner", "popup"…: in sentences. */
  what: string;
  caption: string;
  list: UseQueryResult<T[]>;
  queryKey: readonly unknown[];
  newPath: string;
  editPath: (item: T) => string;
  name: (item: T) => string;
  picture: (item: T) => ReactNode;
  details: (item: T) => ReactNode;
  /** Whether the list has an order staff change (banners, popups, groups). */
  ordered: boolean;
  /** Saves an item as it is with a new place or state. */
  save: (item: T, changes: { sortOrder?: number; enabled?: boolean }) => Promise<unknown>;
  remove: (item: T) => Promise<unknown>;
}

const buttonId = (id: string, what: string) => `content-${id}-${what}`;

export function ContentList<T extends Item>(props: Props<T>) {
  const { what, caption, list, queryKey, newPath, editPath, name, picture, details, ordered, save, remove } = props;
  const queryClient = useQueryClient();
  // An editor that saved comes back here saying so.
  const saved = (useLocation().state as { news?: unknown } | null)?.news;
  const [news, setNews] = useState<{ text: string; n: number } | null>(typeof saved === 'string' ? { text: saved, n: 0 } : null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<T | null>(null);
  const focusNext = useRef<string | null>(null);
  const items = list.data;

  useEffect(() => {
    if (focusNext.current === null) return;
    const target = document.getElementById(focusNext.current);
    if (target) {
      focusNext.current = null;
      target.focus();
    }
  }, [items, news, confirming]);

  const tell = (text: string) => setNews((old) => ({ text, n: (old?.n ?? 0) + 1 }));
  const refresh = () => queryClient.invalidateQueries({ queryKey });

  const change = useMutation({
    mutationFn: async ({ steps }: { steps: { item: T; changes: { sortOrder?: number; enabled?: boolean } }[]; done: string }) => {
      for (const step of steps) await save(step.item, step.changes);
    },
    onSuccess: async (_answer, { done }) => {
      await refresh();
      tell(done);
    },
    onError: async (error) => {
      setProblem(errorText(error));
      await refresh();
    },
  });

  const deletion = useMutation({
    mutationFn: (item: T) => remove(item),
    onSuccess: async (_answer, item) => {
      setConfirming(null);
      focusNext.current = 'main';
      await refresh();
      tell(`${name(item)} was deleted.`);
    },
    onError: (error) => {
      setConfirming(null);
      setProblem(errorText(error));
    },
  });

  function move(item: T, by: -1 | 1) {
    if (!items || change.isPending) return;
    const plan = reorderPlan(items as (T & { sortOrder: number })[], item.id, by);
    if (plan.length === 0) return;
    setProblem(null);
    const index = items.findIndex((i) => i.id === item.id) + by;
    const atEnd = index === 0 || index === items.length - 1;
    const direction = by === -1 ? 'up' : 'down';
    focusNext.current = buttonId(item.id, atEnd ? (direction === 'up' ? 'down' : 'up') : direction);
    change.mutate({
      steps: plan.map(({ item: step, sortOrder }) => ({ item: step, changes: { sortOrder } })),
      done: `${name(item)} was moved ${direction}.`,
    });
  }

  function toggle(item: T) {
    setProblem(null);
    focusNext.current = buttonId(item.id, 'toggle');
    change.mutate({
      steps: [{ item, changes: { enabled: !item.enabled } }],
      done: item.enabled ? `${name(item)} is hidden from the storefront.` : `${name(item)} is shown on the storefront.`,
    });
  }

  return (
    <>
      <p>
        <Link className="button" to={newPath}>
          Add a {what}
        </Link>
      </p>
      {news ? (
        <Alert key={news.n} tone="success">
          {news.text}
        </Alert>
      ) : null}
      {problem ? (
        <Alert tone="error" title="That did not work" focusOnShow>
          <p>{problem}</p>
        </Alert>
      ) : null}
      {list.isPending ? <Loading /> : null}
      {list.isError ? <LoadError message={errorText(list.error)} onRetry={() => void list.refetch()} /> : null}
      {items && items.length === 0 ? <p role="status">There are none yet.</p> : null}
      {confirming ? (
        <Alert tone="error" title={`Delete ${name(confirming)}?`} focusOnShow>
          <p>It is removed from the storefront at once and cannot be brought back.</p>
          <div className="actions">
            <button
              type="button"
              className="button button--danger"
              disabled={deletion.isPending}
              onClick={() => deletion.mutate(confirming)}
            >
              Delete {name(confirming)}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                focusNext.current = buttonId(confirming.id, 'delete');
                setConfirming(null);
              }}
            >
              Keep it
            </button>
          </div>
        </Alert>
      ) : null}
      {items && items.length > 0 ? (
        <div className="table-scroll" role="region" aria-labelledby="content-caption" tabIndex={0}>
          <table>
            <caption id="content-caption">
              {caption} ({items.length})
            </caption>
            <thead>
              <tr>
                {ordered ? <th scope="col">Place</th> : null}
                <th scope="col">Picture</th>
                <th scope="col">Name</th>
                <th scope="col">Details</th>
                <th scope="col">Shown</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item, index) => {
                const nameId = buttonId(item.id, 'name');
                return (
                  <tr key={item.id}>
                    {ordered ? <td className="number">{index + 1}</td> : null}
                    <td>{picture(item)}</td>
                    <th scope="row" id={nameId}>
                      <Link to={editPath(item)}>{name(item)}</Link>
                    </th>
                    <td>{details(item)}</td>
                    <td>
                      <span className={`badge ${item.enabled ? 'badge--on' : 'badge--off'}`}>{item.enabled ? 'Shown' : 'Hidden'}</span>
                    </td>
                    <td>
                      <span className="tree-actions">
                        {ordered ? (
                          <>
                            <button
                              type="button"
                              id={buttonId(item.id, 'up')}
                              className="linklike"
                              aria-describedby={nameId}
                              disabled={index === 0}
                              aria-busy={change.isPending || undefined}
                              onClick={() => move(item, -1)}
                            >
                              Move up
                            </button>
                            <button
                              type="button"
                              id={buttonId(item.id, 'down')}
                              className="linklike"
                              aria-describedby={nameId}
                              disabled={index === items.length - 1}
                              aria-busy={change.isPending || undefined}
                              onClick={() => move(item, 1)}
                            >
                              Move down
                            </button>
                          </>
                        ) : null}
                        <button
                          type="button"
                          id={buttonId(item.id, 'toggle')}
                          className="linklike"
                          aria-describedby={nameId}
                          aria-busy={change.isPending || undefined}
                          onClick={() => toggle(item)}
                        >
                          {item.enabled ? 'Hide' : 'Show'}
                        </button>
                        <button
                          type="button"
                          id={buttonId(item.id, 'delete')}
                          className="linklike linklike--danger"
                          aria-describedby={nameId}
                          onClick={() => {
                            setProblem(null);
                            setConfirming(item);
                          }}
                        >
                          Delete
                        </button>
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
