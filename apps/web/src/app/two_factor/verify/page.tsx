import type { Metadata } from 'next';
import { TwoFactorVerifyForm } from '../../../features/account/TwoFactorVerifyForm';
import pageStyles from '../../../ui/page.module.css';

export const metadata: Metadata = {
  title: 'Two-factor authentication',
  robots: { index: false, follow: false },
};

/** `/two_factor/verify`: the second step of signing in when two-factor authentication is on. */
export default function TwoFactorVerifyPage() {
  return (
    <section className={pageStyles.page} aria-labelledby="tfa-verify-title">
      <h1 id="tfa-verify-title">Two-factor authentication</h1>
      <p className={pageStyles.lead}>Open your authenticator app and enter the code it shows for this shop.</p>
      <TwoFactorVerifyForm />
    </section>
  );
}
