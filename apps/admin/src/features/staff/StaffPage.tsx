import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffMember } from '@kedai/contract';
import type { StaffRole } from '@kedai/domain';
import { api } from '../../lib/api';
import { codeOf, errorText, statusOf } from '../../lib/errors';
import { Alert, LoadError, Loading } from '../../ui/Alert';
import { SelectField, TextField } from '../../ui/Field';
import { PageHeading } from '../../ui/PageHeading';
import { sessionAllows } from '../auth/gate';
import { SESSION_KEY, useSession } from '../auth/session';
import {
  addedOn,
  addedText,
  auditPathOf,
  changedText,
  checkInvite,
  confirmationOf,
  confirmationsNeeded,
  emptyInviteForm,
  LAST_OWNER_TEXT,
  leavesNoOwner,
  memberName,
  ROLE_LABELS,
  sortStaff,
  staffErrorText,
  tfaResetConfirmation,
  tfaResetText,
  type InviteForm,
  type RoleChoice,
} from './staff';

const STAFF_KEY = ['staff'] as const;
const EMAIL_ID = 'staff-email';
const HEADING_ID = 'staff-heading';

const rowId = (id: string, what: string) => `staff-${id}-${what}`;

/** `/staff` (owners): who has the back office and with which role; add someone by e-mail, change a role, take the access away. */
export function StaffPage() {
  const { data: session } = useSession();
  const owner = sessionAllows(session, 'owner');
  const staff = useQuery({
    queryKey: STAFF_KEY,
    queryFn: ({ signal }) => api.get('/admin/staff', { signal }),
    enabled: owner,
  });
  if (!owner) {
    return (
      <>
        <PageHeading title="Staff" />
        <p>Only the shop&apos;s owners can see and change who has the back office.</p>
      </>
    );
  }
  const list = staff.data ? sortStaff(staff.data.staff) : undefined;
  return (
    <>
      <PageHeading title="Staff" />
      <p className="hint">
        Staff look after the catalogue and the shop&apos;s content; owners may also manage the staff, the shop&apos;s settings and read the
        audit log. Everyone here signs in with a password and a second factor.
      </p>
      <AddSection staff={list} />
      <section className="panel" aria-labelledby={HEADING_ID}>
        <h2 id={HEADING_ID} tabIndex={-1}>
          People with access to the back office
        </h2>
        {staff.isPending ? <Loading what="Loading the staff…" /> : null}
        {staff.isError ? <LoadError message={errorText(staff.error)} onRetry={() => void staff.refetch()} /> : null}
        {list && list.length === 0 ? <p role="status">Nobody has access to the back office yet.</p> : null}
        {list && list.length > 0 ? <StaffTable staff={list} selfId={session?.profile?.id ?? null} /> : null}
      </section>
    </>
  );
}

function AddSection({ staff }: { staff: StaffMember[] | undefined }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<InviteForm>(emptyInviteForm);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string; n: number } | null>(null);
  const tell = (tone: 'error' | 'success', text: string) => setMessage((old) => ({ tone, text, n: (old?.n ?? 0) + 1 }));
  const focusEmail = () => document.getElementById(EMAIL_ID)?.focus();

  const add = useMutation({
    mutationFn: (input: InviteForm) => api.post('/admin/staff', { body: input }),
    onSuccess: async (answer, input) => {
      setForm(emptyInviteForm());
      await queryClient.invalidateQueries({ queryKey: STAFF_KEY });
      tell('success', addedText(answer.member, input));
      focusEmail();
    },
    onError: (error) => {
      const text = staffErrorText(error);
      if (statusOf(error) === 400) setFieldError(text);
      else tell('error', `Nobody was added: ${text}`);
      focusEmail();
    },
  });

  return (
    <section className="panel" aria-labelledby="staff-add-heading">
      <h2 id="staff-add-heading">Add someone</h2>
      <form
        className="filters"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (add.isPending) return;
          setMessage(null);
          const checked = checkInvite(form, staff);
          if (!checked.ok) {
            setFieldError(checked.error);
            focusEmail();
            return;
          }
          setFieldError(null);
          add.mutate(checked.input);
        }}
      >
        <TextField
          id={EMAIL_ID}
          label="E-mail address"
          type="email"
          autoComplete="off"
          spellCheck={false}
          hint="We e-mail them a link to choose a password (an account is made for a new address). The first time they sign in to the back office they must set up two-factor authentication with an authenticator app."
          error={fieldError ?? undefined}
          value={form.email}
          onChange={(e) => setForm((f) => ({ ...f, email: e.target.value }))}
        />
        <SelectField
          id="staff-role"
          label="Role"
          value={form.role}
          onChange={(e) => setForm((f) => ({ ...f, role: e.target.value as StaffRole }))}
        >
          <option value="staff">{ROLE_LABELS.staff}</option>
          <option value="owner">{ROLE_LABELS.owner} (also staff, settings and the audit log)</option>
        </SelectField>
        <button type="submit" className="button" aria-busy={add.isPending || undefined}>
          {add.isPending ? 'Adding…' : 'Add and e-mail the link'}
        </button>
      </form>
      {message ? (
        <Alert key={message.n} tone={message.tone}>
          {message.text}
        </Alert>
      ) : null}
    </section>
  );
}

interface Pending {
  member: StaffMember;
  role: RoleChoice;
  step: 1 | 2;
}

function StaffTable({ staff, selfId }: { staff: StaffMember[]; selfId: string | null }) {
  const queryClient = useQueryClient();
  const [news, setNews] = useState<{ text: string; n: number } | null>(null);
  const [problem, setProblem] = useState<{ text: string; n: number } | null>(null);
  const [confirming, setConfirming] = useState<Pending | null>(null);
  /** The member whose two-factor reset is being asked about (owners, never oneself). */
  const [resetting, setResetting] = useState<StaffMember | null>(null);
  const focusNext = useRef<string | null>(null);

  useEffect(() => {
    if (focusNext.current === null) return;
    const target = document.getElementById(focusNext.current);
    if (target) {
      focusNext.current = null;
      target.focus();
    }
  }, [staff, news, problem, confirming, resetting]);

  const tell = (text: string) => setNews((old) => ({ text, n: (old?.n ?? 0) + 1 }));
  const fail = (text: string) => setProblem((old) => ({ text, n: (old?.n ?? 0) + 1 }));

  const change = useMutation({
    mutationFn: ({ member, role }: { member: StaffMember; role: RoleChoice }) =>
      api.put('/admin/staff/:id', { params: { id: member.id }, body: { role } }),
    onSuccess: async (_answer, { member, role }) => {
      const self = member.id === selfId;
      setConfirming(null);
      focusNext.current = role === 'shopper' ? HEADING_ID : rowId(member.id, 'role');
      await queryClient.invalidateQueries({ queryKey: STAFF_KEY });
      tell(changedText(member, role, self));
      // Your own role decides what the shell shows (a shopper's account leaves the back office).
      if (self) await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
    },
    onError: async (error, { member }) => {
      setConfirming(null); // the problem takes focus (focusOnShow)
      fail(`${memberName(member)} was not changed: ${staffErrorText(error)}`);
      if (codeOf(error) === 'user/not_found' || codeOf(error) === 'staff/last_owner') {
        await queryClient.invalidateQueries({ queryKey: STAFF_KEY });
      }
    },
  });

  function start(member: StaffMember, role: RoleChoice) {
    if (change.isPending) return;
    setNews(null);
    setProblem(null);
    setResetting(null);
    if (leavesNoOwner(staff, member, role)) {
      fail(`${memberName(member)} was not changed: ${LAST_OWNER_TEXT}`);
      return;
    }
    if (confirmationsNeeded(role, member.id === selfId) === 0) change.mutate({ member, role });
    else setConfirming({ member, role, step: 1 });
  }

  function confirm() {
    if (!confirming || change.isPending) return;
    const needed = confirmationsNeeded(confirming.role, confirming.member.id === selfId);
    if (confirming.step < needed) setConfirming({ ...confirming, step: 2 });
    else change.mutate({ member: confirming.member, role: confirming.role });
  }

  function cancel() {
    if (!confirming) return;
    focusNext.current = rowId(confirming.member.id, confirming.role === 'shopper' ? 'remove' : 'role');
    setConfirming(null);
  }

  const resetTfa = useMutation({
    mutationFn: (member: StaffMember) => api.post('/admin/staff/:id/reset_tfa', { params: { id: member.id } }),
    onSuccess: async (_answer, member) => {
      setResetting(null);
      // Its own button is gone (nothing left to reset): the row's next action takes focus.
      focusNext.current = rowId(member.id, 'role');
      tell(tfaResetText(member));
      await queryClient.invalidateQueries({ queryKey: STAFF_KEY });
    },
    onError: async (error, member) => {
      setResetting(null); // the problem takes focus (focusOnShow)
      fail(`${memberName(member)}'s two-factor authentication was not reset: ${staffErrorText(error)}`);
      if (codeOf(error) === 'user/not_found') await queryClient.invalidateQueries({ queryKey: STAFF_KEY });
    },
  });

  function startTfaReset(member: StaffMember) {
    if (resetTfa.isPending || change.isPending) return;
    setNews(null);
    setProblem(null);
    setConfirming(null);
    setResetting(member);
  }

  function cancelTfaReset() {
    if (!resetting) return;
    focusNext.current = rowId(resetting.id, 'tfa');
    setResetting(null);
  }

  const resetQuestion = resetting ? tfaResetConfirmation(resetting) : null;
  const question = confirming ? confirmationOf(confirming.member, confirming.role, confirming.member.id === selfId, confirming.step) : null;
  return (
    <>
      {news ? (
        <Alert key={news.n} tone="success">
          {news.text}
        </Alert>
      ) : null}
      {problem ? (
        <Alert key={problem.n} tone="error" title="That did not work" focusOnShow>
          <p>{problem.text}</p>
        </Alert>
      ) : null}
      {confirming && question ? (
        <Alert key={`${confirming.member.id}-${confirming.step}`} tone="error" title={question.title} focusOnShow>
          <p>{question.body}</p>
          <div className="actions">
            <button type="button" className="button button--danger" aria-busy={change.isPending || undefined} onClick={confirm}>
              {change.isPending ? 'Saving…' : question.confirm}
            </button>
            <button type="button" className="button button--secondary" onClick={cancel}>
              {question.cancel}
            </button>
          </div>
        </Alert>
      ) : null}
      {resetting && resetQuestion ? (
        <Alert key={`${resetting.id}-tfa`} tone="error" title={resetQuestion.title} focusOnShow>
          <p>{resetQuestion.body}</p>
          <div className="actions">
            <button
              type="button"
              className="button button--danger"
              aria-busy={resetTfa.isPending || undefined}
              onClick={() => {
                if (!resetTfa.isPending) resetTfa.mutate(resetting);
              }}
            >
              {resetTfa.isPending ? 'Resetting…' : resetQuestion.confirm}
            </button>
            <button type="button" className="button button--secondary" onClick={cancelTfaReset}>
              {resetQuestion.cancel}
            </button>
          </div>
        </Alert>
      ) : null}
      <div className="table-scroll" role="region" aria-labelledby="staff-caption" tabIndex={0}>
        <table>
          <caption id="staff-caption">Staff and owners ({staff.length})</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col">Two-factor</th>
              <th scope="col">Added on</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {staff.map((member) => {
              const self = member.id === selfId;
              const nameId = rowId(member.id, 'name');
              const added = addedOn(member.createdAt);
              const otherRole: StaffRole = member.role === 'owner' ? 'staff' : 'owner';
              return (
                <tr key={member.id}>
                  <th scope="row" id={nameId}>
                    {memberName(member)}
                    {self ? <span className="hint"> (you)</span> : null}
                  </th>
                  <td>{member.email}</td>
                  <td>{ROLE_LABELS[member.role]}</td>
                  <td>
                    <span className={`badge ${member.tfaEnabled ? 'badge--on' : 'badge--off'}`}>
                      {member.tfaEnabled ? 'Set up' : 'Not set up yet'}
                    </span>
                  </td>
                  <td>
                    <time dateTime={added.iso}>{added.text}</time>
                  </td>
                  <td>
                    <span className="tree-actions">
                      <button
                        type="button"
                        id={rowId(member.id, 'role')}
                        className="linklike"
                        aria-describedby={nameId}
                        aria-busy={change.isPending || undefined}
                        onClick={() => start(member, otherRole)}
                      >
                        {otherRole === 'owner' ? 'Make owner' : 'Make staff'}
                      </button>
                      <button
                        type="button"
                        id={rowId(member.id, 'remove')}
                        className="linklike linklike--danger"
                        aria-describedby={nameId}
                        aria-busy={change.isPending || undefined}
                        onClick={() => start(member, 'shopper')}
                      >
                        Remove from the back office
                      </button>
                      {!self && member.tfaEnabled ? (
                        <button
                          type="button"
                          id={rowId(member.id, 'tfa')}
                          className="linklike linklike--danger"
                          aria-describedby={nameId}
                          aria-busy={(resetTfa.isPending && resetting?.id === member.id) || undefined}
                          onClick={() => startTfaReset(member)}
                        >
                          Reset two-factor
                        </button>
                      ) : null}
                      <Link to={auditPathOf(member)} aria-describedby={nameId}>
                        Audit entries
                      </Link>
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
