import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { errorText } from '../../lib/errors';
import { LoadError, Loading } from '../../ui/Alert';
import { PageHeading } from '../../ui/PageHeading';
import { Pager } from '../../ui/Pager';
import { sessionAllows } from '../auth/gate';
import { useSession } from '../auth/session';
import { when } from '../products/reference';
import { actorFilterPath, auditFilterText, auditQueryOf } from './audit-filter';

const json = (value: unknown) => (value === undefined || value === null ? '—' : JSON.stringify(value, null, 2));

/** Owners read who changed what (`GET /admin/audit`), newest first, optionally for one object or what one account did. */
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
  const filterText = auditFilterText(query, data?.entries ?? []);
  return (
    <>
      <PageHeading title="Audit log" />
      {filterText ? (
        <p>
          {filterText} <Link to="/audit">Show all changes</Link>
        </p>
      ) : null}
      {log.isPending ? <Loading what="Loading the audit log…" /> : null}
      {log.isError ? <LoadError message={errorText(log.error)} onRetry={() => void log.refetch()} /> : null}
      {data && data.entries.length === 0 ? (
        <p role="status">{filterText ? 'No changes match this filter.' : 'Nothing has been changed yet.'}</p>
      ) : null}
      {data && data.entries.length > 0 ? (
        <>
          <div className="table-scroll" role="region" aria-labelledby="audit-caption" tabIndex={0}>
            <table>
              <caption id="audit-caption">
                Changes, newest first, page {data.page} of {pages}
              </caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                  <th scope="col">Object</th>
                  <th scope="col">Before and after</th>
                </tr>
              </thead>
              <tbody>
                {data.entries.map((entry) => {
                  const at = when(entry.createdAt);
                  return (
                    <tr key={entry.id}>
                      <td>
                        <time dateTime={at.iso}>{at.text}</time>
                      </td>
                      <td>
                        {entry.actor && entry.actor.id.toLowerCase() !== query.actorId ? (
                          <Link to={actorFilterPath(entry.actor.id, search)}>
                            {entry.actor.email}
                            <span className="visually-hidden">: show only this account&apos;s changes</span>
                          </Link>
                        ) : (
                          (entry.actor?.email ?? 'The system')
                        )}
                      </td>
                      <td>{entry.action}</td>
                      <td>
                        {entry.objectType === 'product' ? (
                          <Link to={`/products/${entry.objectId}`}>
                            {entry.objectType} {entry.objectId}
                          </Link>
                        ) : (
                          `${entry.objectType} ${entry.objectId}`
                        )}
                      </td>
                      <td>
                        <details>
                          <summary>Show</summary>
                          <p className="label">Before</p>
                          <pre>{json(entry.before)}</pre>
                          <p className="label">After</p>
                          <pre>{json(entry.after)}</pre>
                        </details>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pager page={data.page} pages={pages} linkTo={pageLink} />
        </>
      ) : null}
    </>
  );
}
