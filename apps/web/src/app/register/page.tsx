import type { Metadata } from 'next';
import { RegisterForm } from '../../features/account/RegisterForm';
import { countryOptions } from '../../features/account/register-form';
import { PendingActionNotice } from '../../features/cart/PendingActionNotice';
import pageStyles from '../../ui/page.module.css';
import { currentCountry } from '../../features/region/server';
import { getDefaultRegion } from '../../lib/catalogue';

export const metadata: Metadata = {
  title: 'Create an account',
  robots: { index: false, follow: true },
};

/**
 * `/register`: a new account, verified by a code sent by e-mail. The country starts as the visitor's,
 * else the shop's own (its default region's first country).
 */
export default async function RegisterPage() {
  const country = (await currentCountry().catch(() => null)) ?? (await getDefaultRegion().catch(() => null))?.countries[0] ?? null;
  return (
    <section className={pageStyles.pageWide} aria-labelledby="register-title">
      <h1 id="register-title">Create an account</h1>
      <p className={pageStyles.lead}>All fields are required.</p>
      <PendingActionNotice verb="Create an account" />
      <RegisterForm countries={countryOptions()} defaultCountry={country ?? ''} maxBirthDate={new Date().toISOString().slice(0, 10)} />
    </section>
  );
}
