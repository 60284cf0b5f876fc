import type { Metadata } from 'next';
import { RequireSignIn } from '../../../../features/account/RequireSignIn';
import styles from '../../../../features/checkout/checkout.module.css';
import { ReceiptView } from '../../../../features/receipts/ReceiptView';

export const metadata: Metadata = {
  title: 'Your receipt',
  robots: { index: false, follow: false },
};

/** `/orders/<id>/receipt` (issue 30): a paid order's receipt or tax invoice, to print or download. */
export default async function ReceiptPage({ params }: PageProps<'/orders/[id]/receipt'>) {
  const { id } = await params;
  return (
    <section className={styles.page}>
      <RequireSignIn>
        <ReceiptView key={id} orderId={id} />
      </RequireSignIn>
    </section>
  );
}
