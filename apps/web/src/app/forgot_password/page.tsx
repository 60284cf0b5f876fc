import type { Metadata } from 'next';
import { ForgotPasswordForm } from '../../features/account/ForgotPasswordForm';
import pageStyles from '../../ui/page.module.css';

export const metadata: Metadata = {
  title: 'Forgot your password',
  robots: { index: false, follow: true },
};

/** `/forgot_password`: e-mails a link to choose a new password. */
export default function ForgotPasswordPage() {
  return (
    <section className={pageStyles.page} aria-labelledby="forgot-title">
      <h1 id="forgot-title">Forgot your password?</h1>
      <p className={pageStyles.lead}>Enter your e-mail address and we will send you a link to choose a new password.</p>
      <ForgotPasswordForm />
    </section>
  );
}
