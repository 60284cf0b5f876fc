import type { FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditEntry, AuditQuery } from '@kedai/contract';
import { AUDIT_OBJECT_KINDS } from '@kedai/domain';
import { api } from '../../lib/api';
import { errorText } from '../../lib/errors';
import { LoadError, Loading } from '../../ui/Alert';
import { SelectField, TextField } from '../../ui/Field';
import { PageHeading } from '../../ui/PageHeading';
import { Pager } from '../../ui/Pager';
import { sessionAllows } from '../auth/gate';
import { useSession } from '../auth/session';
import { when } from '../products/reference';
import {
  actorFilterPath,
  auditActionGroups,
  auditActionLabel,
  auditKindLabel,
  auditQueryOf,
  auditSearchOf,
  hasAuditFilter,
} from './audit-filter';
import './audit.css';

/**
 * `/audit`: owners read who did what (`GET /admin/audit`), newest first: when, who, what in words
 * with the object linked to its page, and what changed; filtered by days, person, action and
 * object, the filter kept in the address.
 */
export function AuditPage() {
  const { data: session } = useSession();
  const [search] = useSearchParams();
  const owner = sessionAllows(session, 'owner');
  const query = auditQueryOf(search);
  const log = useQuery({
    queryKey: ['audit', query],
    queryFn: ({ signal }) => api.get('/admin/audit', { query, signal }),
    enabled: owner,
    placeholderData: keepPreviousData,
  });
  const pageLink = (n: number) => {
    const next = new URLSearchParams(search);
    next.set('page', String(n));
    return `?${next.toString()}`;
  };

  if (!owner) {
    return (
      <>
        <PageHeading title="Audit log" />
        <p>Only the shop&apos;s owners can read the audit log.</p>
      </>
    );
  }
  const data = log.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;
  const filtered = hasAuditFilter(query);
  return (
    <>
      <PageHeading title="Audit log" />
      <AuditFilterForm key={search.toString()} query={query} entries={data?.entries ?? []} />
      {log.isPending ? <Loading what="Loading the audit log…" /> : null}
      {log.isError ? <LoadError message={errorText(log.error)} onRetry={() => void log.refetch()} /> : null}
      {data && data.entries.length === 0 ? (
        <p role="status">{filtered ? 'No changes match this filter.' : 'Nothing has been changed yet.'}</p>
      ) : null}
      {data && data.entries.length > 0 ? (
        <>
          <p role="status" className="hint">
            {data.total === 1 ? '1 entry' : `${data.total.toLocaleString('en-GB')} entries`}
            {log.isFetching ? ' · updating…' : ''}
          </p>
          <div className="table-scroll" role="region" aria-labelledby="audit-caption" tabIndex={0}>
            <table className="audit-table">
              <caption id="audit-caption">
                Changes, newest first, page {data.page} of {pages}
              </caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                  <th scope="col">What changed</th>
                </tr>
              </thead>
              <tbody>
                {data.entries.map((entry) => (
                  <AuditRow key={entry.id} entry={entry} search={search} actorFiltered={entry.actor?.id.toLowerCase() === query.actorId} />
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={data.page} pages={pages} linkTo={pageLink} />
        </>
      ) : null}
    </>
  );
}

function AuditRow({ entry, search, actorFiltered }: { entry: AuditEntry; search: URLSearchParams; actorFiltered: boolean }) {
  const at = when(entry.createdAt);
  const { lead, name, tail } = entry.summary;
  return (
    <tr>
      <td data-label="When">
        <time dateTime={at.iso}>{at.text}</time>
      </td>
      <td data-label="Who" className="break">
        {entry.actor ? (
          <>
            {entry.actor.name ? <span className="audit-actor-name">{entry.actor.name} </span> : null}
            {actorFiltered ? (
              entry.actor.email
            ) : (
              <Link to={actorFilterPath(entry.actor.id, search)}>
                {entry.actor.email}
                <span className="visually-hidden">: show only this person&apos;s changes</span>
              </Link>
            )}
          </>
        ) : (
          'The system or someone not signed in'
        )}
      </td>
      <th scope="row" data-label="What" className="audit-what">
        {lead}
        {name && entry.object.path ? <Link to={entry.object.path}>{name}</Link> : name}
        {tail}
      </th>
      <td data-label="What changed">
        {entry.changes.length === 0 ? (
          <span className="hint">Nothing to show</span>
        ) : (
          <ul className="audit-changes">
            {entry.changes.map((change) => (
              <li key={change.field}>
                <span className="audit-field">{change.field}:</span> <span className="visually-hidden">from </span>
                {change.before} <span aria-hidden="true">→</span>
                <span className="visually-hidden"> to</span> {change.after}
              </li>
            ))}
          </ul>
        )}
      </td>
    </tr>
  );
}

/** The filter: days, person, action, kind of object and the object; submitted into the address. */
function AuditFilterForm({ query, entries }: { query: AuditQuery; entries: readonly AuditEntry[] }) {
  const navigate = useNavigate();
  const staff = useQuery({ queryKey: ['staff'], queryFn: ({ signal }) => api.get('/admin/staff', { signal }) });
  const people = (staff.data?.staff ?? []).map((member) => ({ id: member.id, email: member.email }));
  // Someone who is not staff (a shopper who turned two-factor on), filtered to from their row.
  const chosen = query.actorId && !people.some((person) => person.id === query.actorId) ? query.actorId : undefined;
  if (chosen) people.push({ id: chosen, email: entries.find((entry) => entry.actor?.id === chosen)?.actor?.email ?? 'The account chosen' });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (key: string) => String(form.get(key) ?? '');
    void navigate(
      auditSearchOf({
        from: value('from'),
        to: value('to'),
        actorId: value('actorId'),
        action: value('action'),
        objectType: value('objectType'),
        object: value('object'),
        objectId: query.objectId ?? '',
      }),
    );
  }

  return (
    <form role="search" aria-label="Audit log" className="filters" onSubmit={submit}>
      <TextField id="audit-from" name="from" type="date" label="From" defaultValue={query.from ?? ''} />
      <TextField id="audit-to" name="to" type="date" label="To" defaultValue={query.to ?? ''} />
      <SelectField id="audit-actor" name="actorId" label="Person" defaultValue={query.actorId ?? ''}>
        <option value="">Anyone</option>
        {people.map((person) => (
          <option key={person.id} value={person.id}>
            {person.email}
          </option>
        ))}
      </SelectField>
      <SelectField id="audit-action" name="action" label="Action" defaultValue={query.action ?? ''}>
        <option value="">Any action</option>
        {auditActionGroups().map((group) => (
          <optgroup key={group.kind} label={group.label}>
            {group.actions.map((action) => (
              <option key={action} value={action}>
                {auditActionLabel(action)}
              </option>
            ))}
          </optgroup>
        ))}
      </SelectField>
      <SelectField id="audit-kind" name="objectType" label="Kind of object" defaultValue={query.objectType ?? ''}>
        <option value="">Anything</option>
        {Object.keys(AUDIT_OBJECT_KINDS).map((kind) => (
          <option key={kind} value={kind}>
            {auditKindLabel(kind)}
          </option>
        ))}
      </SelectField>
      <TextField
        id="audit-object"
        name="object"
        className="field--wide"
        type="search"
        label="Object"
        hint="An order reference, voucher code, e-mail or product name"
        autoComplete="off"
        spellCheck={false}
        defaultValue={query.object ?? ''}
      />
      <button type="submit" className="button">
        Show
      </button>
      {hasAuditFilter(query) ? <Link to="/audit">Clear the filter</Link> : null}
    </form>
  );
}
