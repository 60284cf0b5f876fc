import type { Metadata } from 'next';
import { RequireSignIn } from '../../../features/account/RequireSignIn';
import pageStyles from '../../../ui/page.module.css';
import { AddressBook } from '../../../features/addresses/AddressBook';

export const metadata: Metadata = {
  title: 'Your addresses',
  robots: { index: false, follow: false },
};

/** `/profile/addresses`: the signed-in user's address book. */
export default function AddressesPage() {
  return (
    <section className={pageStyles.pageWide} aria-labelledby="addresses-title">
      <h1 id="addresses-title">Your addresses</h1>
      <RequireSignIn>
        <AddressBook />
      </RequireSignIn>
    </section>
  );
}
