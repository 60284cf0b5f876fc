import { PageHeading } from '../../ui/PageHeading';
import { useSignOut } from './session';

/** A shopper's account: signed in, but the back office is not for it (rules: access.md "Staff"). */
export function NoAccess({ email }: { email: string }) {
  const signOut = useSignOut();
  return (
    <main id="main" className="narrow">
      <PageHeading title="No access to the back office" />
      <div className="panel">
        <p>
          You are signed in as <strong>{email}</strong>. This account is a shopper&apos;s account and has no access to the back office.
        </p>
        <p className="hint">If you work for the shop, ask its owner to give your account a staff role, then sign in again.</p>
        <button type="button" className="button" onClick={() => void signOut()}>
          Sign out
        </button>
      </div>
    </main>
  );
}
