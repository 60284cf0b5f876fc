import type { Metadata } from 'next';
import { RequireSignIn } from '../../features/account/RequireSignIn';
import { TwoFactorSettings } from '../../features/account/TwoFactorSettings';
import pageStyles from '../../ui/page.module.css';

export const metadata: Metadata = {
  title: 'Two-factor authentication',
  robots: { index: false, follow: false },
};

/** `/two_factor`: turn two-factor authentication on or off. */
export default function TwoFactorPage() {
  return (
    <section className={pageStyles.page} aria-labelledby="tfa-title">
      <h1 id="tfa-title">Two-factor authentication</h1>
      <RequireSignIn>
        <TwoFactorSettings />
      </RequireSignIn>
    </section>
  );
}
