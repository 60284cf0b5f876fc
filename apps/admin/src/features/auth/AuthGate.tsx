import type { ReactNode } from 'react';
import { errorText } from '../../lib/errors';
import { LoadError, Loading } from '../../ui/Alert';
import { TestModeBanner } from '../../ui/TestModeBanner';
import { gateOf } from './gate';
import { NoAccess } from './NoAccess';
import { SignInPage } from './SignInPage';
import { TwoFactorCode } from './TwoFactorCode';
import { TwoFactorSetup } from './TwoFactorSetup';
import { useSession } from './session';

/** Shows the step of signing in the session is at, and `children` (the back office) once it is through. */
export function AuthGate({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.isPending) {
    return (
      <main id="main" className="narrow">
        <Loading />
      </main>
    );
  }
  if (session.isError && !session.data) {
    return (
      <main id="main" className="narrow">
        <LoadError message={errorText(session.error)} onRetry={() => void session.refetch()} />
      </main>
    );
  }
  // Test mode is said on the signing-in steps too; the back office's shell says it once through.
  const step = (screen: ReactNode) => (
    <>
      <TestModeBanner />
      {screen}
    </>
  );
  switch (gateOf(session.data)) {
    case 'sign-in':
      return step(<SignInPage />);
    case 'no-access':
      return step(<NoAccess email={session.data?.profile?.email ?? ''} />);
    case 'tfa-setup':
      return step(<TwoFactorSetup />);
    case 'tfa-code':
      return step(<TwoFactorCode />);
    case 'open':
      return children;
  }
}
