import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCategoryInput, Category } from '@kedai/contract';
import { api } from '../../lib/api';
import { codeOf, errorText, fieldErrorsOf } from '../../lib/errors';
import { Alert, LoadError, Loading } from '../../ui/Alert';
import { SelectField, TextField } from '../../ui/Field';
import { PageHeading } from '../../ui/PageHeading';
import { useCategories } from '../products/reference';
import {
  buildTree,
  formOf,
  formToInput,
  parentOptions,
  reorderPlan,
  type CategoryForm,
  type FieldErrors,
  type TreeNode,
} from './category-tree';

type Editing = { kind: 'new'; parentId: string | null } | { kind: 'edit'; category: Category };

const buttonId = (id: string, what: string) => `category-${id}-${what}`;

/** `/categories`: the tree with names and paths; add, rename, re-key, move, reorder and delete. */
export function CategoriesPage() {
  const categories = useCategories();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [news, setNews] = useState<{ text: string; n: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const focusNext = useRef<string | null>(null);
  const list = categories.data?.categories;

  useEffect(() => {
    if (focusNext.current === null) return;
    const target = document.getElementById(focusNext.current);
    if (target) {
      focusNext.current = null;
      target.focus();
    }
  }, [list, editing, news]);

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['categories'] });
    void queryClient.invalidateQueries({ queryKey: ['products'] });
  };
  const tell = (text: string) => setNews((old) => ({ text, n: (old?.n ?? 0) + 1 }));

  const reorder = useMutation({
    mutationFn: async ({ plan }: { plan: { id: string; input: AdminCategoryInput }[]; category: Category; by: -1 | 1 }) => {
      for (const step of plan) await api.put('/admin/category/:id', { params: { id: step.id }, body: step.input });
    },
    onSuccess: async (_answer, { category, by }) => {
      await refresh();
      tell(`${category.name} was moved ${by === -1 ? 'up' : 'down'}.`);
    },
    onError: async (error) => {
      setProblem(errorText(error));
      await refresh();
    },
  });

  function move(category: Category, by: -1 | 1) {
    if (!list || reorder.isPending) return;
    const plan = reorderPlan(list, category.id, by);
    if (plan.length === 0) return;
    setProblem(null);
    const to = plan.findIndex((step) => step.id === category.id);
    const same = by === -1 ? 'up' : 'down';
    const atEnd = (same === 'up' && to === 0) || (same === 'down' && to === plan.length - 1);
    focusNext.current = buttonId(category.id, atEnd ? (same === 'up' ? 'down' : 'up') : same);
    reorder.mutate({ plan, category, by });
  }

  return (
    <>
      <div className="page-head">
        <PageHeading title="Categories" />
        <button
          type="button"
          className="button"
          onClick={() => {
            setEditing({ kind: 'new', parentId: null });
            setProblem(null);
          }}
        >
          Add a category
        </button>
      </div>
      <p className="hint">
        The shop&apos;s categories and their paths (the address of a category&apos;s page). Products keep their category when it is renamed
        or moved.
      </p>
      {news ? (
        <Alert key={news.n} tone="success">
          {news.text}
        </Alert>
      ) : null}
      {problem ? (
        <Alert tone="error" title="That did not work">
          <p>{problem}</p>
        </Alert>
      ) : null}
      {categories.isPending ? <Loading what="Loading the categories…" /> : null}
      {categories.isError ? <LoadError message={errorText(categories.error)} onRetry={() => void categories.refetch()} /> : null}
      {list && editing ? (
        <CategoryEditor
          key={editing.kind === 'edit' ? editing.category.id : `new:${editing.parentId ?? ''}`}
          editing={editing}
          categories={list}
          onDone={async (saved) => {
            const was = editing;
            setEditing(null);
            if (saved) {
              await refresh();
              focusNext.current = buttonId(saved.id, 'edit');
              tell(was.kind === 'new' ? `${saved.name} was added.` : `${saved.name} was saved.`);
            } else if (was.kind === 'edit') focusNext.current = buttonId(was.category.id, 'edit');
          }}
        />
      ) : null}
      {list && list.length === 0 ? <p role="status">There are no categories yet.</p> : null}
      {list && list.length > 0 ? (
        <ul className="tree" aria-label="Categories">
          {buildTree(list).map((node, index, siblings) => (
            <TreeItem
              key={node.category.id}
              node={node}
              first={index === 0}
              last={index === siblings.length - 1}
              busy={reorder.isPending}
              onEdit={(category) => {
                setProblem(null);
                setEditing({ kind: 'edit', category });
              }}
              onAdd={(parent) => {
                setProblem(null);
                setEditing({ kind: 'new', parentId: parent.id });
              }}
              onMove={move}
              onDeleted={async (category, nextFocus) => {
                focusNext.current = nextFocus;
                await refresh();
                tell(`${category.name} was deleted.`);
              }}
            />
          ))}
        </ul>
      ) : null}
    </>
  );
}

interface ItemProps {
  node: TreeNode;
  first: boolean;
  last: boolean;
  busy: boolean;
  onEdit: (category: Category) => void;
  onAdd: (parent: Category) => void;
  onMove: (category: Category, by: -1 | 1) => void;
  onDeleted: (category: Category, nextFocus: string) => Promise<void>;
}

function TreeItem({ node, first, last, busy, onEdit, onAdd, onMove, onDeleted }: ItemProps) {
  const { category, children } = node;
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const nameId = `category-${category.id}-name`;
  const remove = useMutation({
    mutationFn: () => api.delete('/admin/category/:id', { params: { id: category.id } }),
    onSuccess: () => onDeleted(category, 'main'),
    onError: (error) => {
      setConfirming(false);
      setRefusal(
        codeOf(error) === 'category/not_empty'
          ? `${category.name} was not deleted: a category can be deleted only when it has no subcategories and no products. ` +
              (children.length > 0
                ? `It has ${children.length === 1 ? '1 subcategory' : `${children.length} subcategories`}: move or delete ${children.length === 1 ? 'it' : 'them'} first. `
                : '') +
              'Give its products another category (in each product’s editor) and try again.'
          : errorText(error),
      );
    },
  });

  return (
    <li className="tree-item">
      <div className="tree-row">
        <span className="tree-name" id={nameId}>
          <strong>{category.name}</strong> <code className="hint">{category.path}</code>
        </span>
        <span className="tree-actions">
          <button
            type="button"
            id={buttonId(category.id, 'edit')}
            className="linklike"
            aria-describedby={nameId}
            onClick={() => onEdit(category)}
          >
            Edit
          </button>
          <button
            type="button"
            id={buttonId(category.id, 'up')}
            className="linklike"
            aria-describedby={nameId}
            disabled={first}
            aria-busy={busy || undefined}
            onClick={() => onMove(category, -1)}
          >
            Move up
          </button>
          <button
            type="button"
            id={buttonId(category.id, 'down')}
            className="linklike"
            aria-describedby={nameId}
            disabled={last}
            aria-busy={busy || undefined}
            onClick={() => onMove(category, 1)}
          >
            Move down
          </button>
          <button type="button" className="linklike" aria-describedby={nameId} onClick={() => onAdd(category)}>
            Add a subcategory
          </button>
          <button
            type="button"
            className="linklike linklike--danger"
            aria-describedby={nameId}
            onClick={() => {
              setRefusal(null);
              setConfirming(true);
            }}
          >
            Delete
          </button>
        </span>
      </div>
      {confirming ? (
        <Alert tone="error" title={`Delete ${category.name}?`} focusOnShow>
          <p>The category is removed from the shop. Only a category without subcategories and products can be deleted.</p>
          <div className="actions">
            <button type="button" className="button button--danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
              Delete {category.name}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setConfirming(false);
                document.getElementById(buttonId(category.id, 'edit'))?.focus();
              }}
            >
              Keep it
            </button>
          </div>
        </Alert>
      ) : null}
      {refusal ? (
        <Alert tone="error" title="Not deleted" focusOnShow>
          <p>{refusal}</p>
        </Alert>
      ) : null}
      {children.length > 0 ? (
        <ul aria-label={`Subcategories of ${category.name}`}>
          {children.map((child, index) => (
            <TreeItem
              key={child.category.id}
              node={child}
              first={index === 0}
              last={index === children.length - 1}
              busy={busy}
              onEdit={onEdit}
              onAdd={onAdd}
              onMove={onMove}
              onDeleted={onDeleted}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

interface EditorProps {
  editing: Editing;
  categories: Category[];
  /** Called with the saved category, or null when staff cancel. */
  onDone: (saved: Category | null) => Promise<void>;
}

const LABELS: Record<string, string> = { name: 'Name', key: 'Key', parentId: 'Parent', sortOrder: 'Order', image: 'Image' };

function CategoryEditor({ editing, categories, onDone }: EditorProps) {
  const current = editing.kind === 'edit' ? editing.category : null;
  const [form, setForm] = useState<CategoryForm>(() => formOf(current, editing.kind === 'new' ? editing.parentId : null));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);

  const save = useMutation({
    mutationFn: (input: AdminCategoryInput) =>
      current ? api.put('/admin/category/:id', { params: { id: current.id }, body: input }) : api.post('/admin/category', { body: input }),
    onSuccess: (answer) => onDone(answer.category),
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      if (codeOf(error) === 'category/key_taken') fields.key ??= errorText(error);
      setErrors(fields);
      setProblem(errorText(error));
      setAttempt((n) => n + 1);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const result = formToInput(form, categories, current);
    if (!result.ok) {
      setErrors(result.errors);
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    save.mutate(result.input);
  }

  const set = (changes: Partial<CategoryForm>) => setForm((f) => ({ ...f, ...changes }));
  const title = current ? `Edit ${current.name}` : 'Add a category';
  const count = Object.keys(errors).length;
  return (
    <form className="panel" onSubmit={submit} noValidate aria-labelledby="category-editor-title">
      <h2 id="category-editor-title" ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {problem || count > 0 ? (
        <Alert key={attempt} tone="error" title="The category was not saved" focusOnShow>
          {problem && count === 0 ? <p>{problem}</p> : null}
          {count > 0 ? (
            <ul>
              {Object.entries(errors).map(([key, message]) => (
                <li key={key}>
                  <a href={`#category-${key}`}>
                    {LABELS[key] ?? key}: {message}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </Alert>
      ) : null}
      <TextField
        id="category-name"
        label="Name"
        required
        value={form.name}
        error={errors.name}
        onChange={(e) => set({ name: e.target.value })}
      />
      <TextField
        id="category-key"
        label="Key"
        hint="Its part of the category's path, e.g. batik-shirts. Left empty, it is made from the name. Changing it changes the addresses of its pages and its subcategories'."
        value={form.key}
        error={errors.key}
        onChange={(e) => set({ key: e.target.value })}
      />
      <SelectField
        id="category-parentId"
        label="Parent"
        hint={current ? 'Moving it takes its subcategories along; it goes last under its new parent.' : 'It goes last under its parent.'}
        value={form.parentId}
        error={errors.parentId}
        onChange={(e) => set({ parentId: e.target.value })}
      >
        <option value="">None: a top-level category</option>
        {parentOptions(categories, current?.id ?? null).map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <div className="actions">
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : current ? 'Save category' : 'Add category'}
        </button>
        <button type="button" className="button button--secondary" onClick={() => void onDone(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
