import type { Metadata } from 'next';
import { ChangePasswordForm } from '../../../features/account/ChangePasswordForm';
import { RequireSignIn } from '../../../features/account/RequireSignIn';
import pageStyles from '../../../ui/page.module.css';

export const metadata: Metadata = {
  title: 'Change your password',
  robots: { index: false, follow: false },
};

/** `/profile/password`: change the password of the signed-in user. */
export default function ChangePasswordPage() {
  return (
    <section className={pageStyles.page} aria-labelledby="change-password-title">
      <h1 id="change-password-title">Change your password</h1>
      <RequireSignIn>
        <ChangePasswordForm />
      </RequireSignIn>
    </section>
  );
}
