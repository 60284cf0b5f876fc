import type { Metadata } from 'next';
import { RequireSignIn } from '../../../features/account/RequireSignIn';
import styles from '../../../features/account/account.module.css';
import { AddressBook } from '../../../features/addresses/AddressBook';

export const metadata: Metadata = {
  title: 'Your addresses',
  robots: { index: false, follow: false },
};

/** `/profile/addresses`: the signed-in user's address book. */
export default function AddressesPage() {
  return (
    <section className={styles.pageWide} aria-labelledby="addresses-title">
      <h1 id="addresses-title">Your addresses</h1>
      <RequireSignIn>
        <AddressBook />
      </RequireSignIn>
    </section>
  );
}
