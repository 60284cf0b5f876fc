import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { errorText } from '../../lib/errors';
import { Alert } from '../../ui/Alert';
import { PageHeading } from '../../ui/PageHeading';
import { CodeForm } from './CodeForm';
import { useSignOut } from './session';

/** The password was right; the session owes its second factor (decision 0008: within its first 15 minutes). */
export function TwoFactorCode() {
  const signOut = useSignOut();
  const reset = useMutation({ mutationFn: () => api.post('/tfa/requestReset') });
  return (
    <main id="main" className="narrow">
      <PageHeading title="Two-factor authentication" />
      <div className="panel">
        <CodeForm submitLabel="Continue" />
      </div>
      <h2>Lost your authenticator?</h2>
      <p className="hint">We can e-mail you a link that turns two-factor authentication off; you then set it up again here.</p>
      {reset.isSuccess ? <Alert tone="success">We sent the link to your e-mail address.</Alert> : null}
      {reset.isError ? <Alert tone="error">{errorText(reset.error)}</Alert> : null}
      <div className="actions">
        <button type="button" className="button button--secondary" disabled={reset.isPending} onClick={() => reset.mutate()}>
          E-mail me a reset link
        </button>
        <button type="button" className="linklike" onClick={() => void signOut()}>
          Sign out
        </button>
      </div>
    </main>
  );
}
