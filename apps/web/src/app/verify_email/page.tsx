import type { Metadata } from 'next';
import { VerifyEmailForm } from '../../features/account/VerifyEmailForm';
import { firstQueryValue } from '../../features/account/query';
import pageStyles from '../../ui/page.module.css';

export const metadata: Metadata = {
  title: 'Verify your e-mail',
  robots: { index: false, follow: false },
};

/** `/verify_email?email=…`: the code sent after registering; a new one on request. */
export default async function VerifyEmailPage({ searchParams }: PageProps<'/verify_email'>) {
  const { email } = await searchParams;
  return (
    <section className={pageStyles.page} aria-labelledby="verify-email-title">
      <h1 id="verify-email-title">Verify your e-mail</h1>
      <p className={pageStyles.lead}>We have sent a 6-digit code to your e-mail address. Enter it here to activate your account.</p>
      <VerifyEmailForm initialEmail={firstQueryValue(email)} />
    </section>
  );
}
