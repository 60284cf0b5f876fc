/**
 * Disputes (issue 29): on a delivered order the shopper finds "Something wrong with this order?",
 * opens a dispute with a reason and a description, and it lands in the conversation, marked as a
 * dispute, and under the back office's Disputes. Staff refund part of the order from the order's
 * page (through the refunds ledger); the shopper reads it on the order. A second dispute on the same
 * order is declined with a reason, which the shopper reads too. Last, the page of all notifications
 * lists what happened to the order and "Mark all read" clears the bell's unread count.
 *
 * The order is paid and moved along through the API (admin-orders.spec.ts shows those steps on the pages).
 */
import { expect, test, type Page } from '@playwright/test';
import { admin, signInAsDemoOwner } from './admin-sign-in';
import { caller, cardOrders, journeyEmail, productWithStock, registerVerified, shoot, signInThroughPage } from './support';

/** Opens a dispute through the order page's form. */
async function openDispute(page: Page, reason: string, description: string): Promise<void> {
  const panel = page.locator('main').getByRole('region', { name: 'Something wrong with this order?' });
  await panel.getByRole('button', { name: 'Open a dispute' }).click();
  await expect(panel.getByLabel('What is wrong?')).toBeFocused();
  await panel.getByLabel('What is wrong?').selectOption({ label: reason });
  await panel.getByLabel('Tell us what happened').fill(description);
  await panel.getByRole('button', { name: 'Open dispute' }).click();
  // Focus moves to the news, so a screen reader reads it.
  await expect(panel.locator(':focus')).toContainText('Your dispute is open. The shop answers in the conversation below');
  await expect(panel).toContainText('Open — the shop is looking into it');
}

test('a shopper disputes a delivered order; staff refund part of it, then decline a second dispute', async ({
  page,
  browser,
  request,
}, info) => {
  test.setTimeout(120_000);
  const productId = await productWithStock(request, 3);
  const email = journeyEmail('dispute', info);
  await registerVerified(request, email, 'Rahsia123!', { firstName: 'Siti', lastName: 'Rahmah', birthDate: '1990-05-21' });
  await signInThroughPage(page, email, 'Rahsia123!', 'Siti');
  const shopper = await caller(page.context());
  const order = await (await cardOrders(shopper, productId, 'Siti Rahmah'))();
  const card = { card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123', name: 'Siti Rahmah' } };
  await shopper.post('/payment/stripe/card/pay', { orderId: order.id, ...card });

  // Staff ship and deliver it.
  const staffContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const staffPage = await staffContext.newPage();
  await signInAsDemoOwner(staffPage);
  const staff = await caller(staffContext);
  await staff.post(`/admin/order/${order.id}/status`, { to: 'processing' });
  await staff.post(`/admin/order/${order.id}/status`, { to: 'shipped', carrier: 'SingPost', trackingNumber: 'RR123456785SG' });
  const { orderRef } = (await staff.post(`/admin/order/${order.id}/status`, { to: 'delivered' })) as { orderRef: string };

  // The shopper's delivered order offers a dispute, within its window; a reason is required.
  const main = page.locator('main');
  await page.goto(`/orders/${order.id}`);
  const panel = main.getByRole('region', { name: 'Something wrong with this order?' });
  await expect(panel).toContainText('You can open a dispute until');
  await panel.getByRole('button', { name: 'Open a dispute' }).click();
  await panel.getByRole('button', { name: 'Open dispute' }).click();
  await expect(panel.getByLabel('What is wrong?')).toBeFocused();
  await panel.getByRole('button', { name: 'Cancel', exact: true }).click();
  await openDispute(page, 'An item arrived damaged', 'The box was crushed and the lamp shade is bent.');
  // One open at a time: nothing offers a second.
  await expect(panel.getByRole('button', { name: 'Open a dispute' })).toHaveCount(0);
  // It is in the order's conversation too.
  const chat = main.getByRole('region', { name: /Messages with the shop/ });
  await expect(chat).toContainText('The box was crushed and the lamp shade is bent.');
  await panel.scrollIntoViewIfNeeded();
  await shoot(page, info, 'dispute-opened');

  // Staff find it under Disputes, with its reason.
  await staffPage.goto(`${admin}/inbox?filter=disputes`);
  const disputes = staffPage.getByRole('list', { name: 'Disputes conversations' });
  const row = disputes.getByRole('listitem').filter({ hasText: `Order ${orderRef}` });
  await expect(row).toContainText('Dispute: An item arrived damaged');

  // They refund part of it from the order's page.
  await staffPage.goto(`${admin}/orders/${order.id}`);
  const staffPanel = staffPage.getByRole('region', { name: 'Disputes' });
  await expect(staffPanel).toContainText('The box was crushed and the lamp shade is bent.');
  const refund = staffPanel.getByRole('form', { name: 'Refund' });
  await refund.getByLabel(/^Amount in/).fill('1.00');
  await refund.getByLabel('Note to the shopper (optional)').fill('Sorry about the shade: part of the price back.');
  await refund.getByRole('button', { name: 'Refund', exact: true }).click();
  // The back office asks first, naming the order and the amount.
  await expect(refund).toContainText(`Refund SGD 1.00 of ${orderRef} to the card and close the dispute?`);
  await refund.getByRole('button', { name: 'Refund SGD 1.00' }).click();
  await expect(staffPanel).toContainText(/The dispute is resolved: .+ is being refunded/);
  await expect(staffPanel).toContainText('Refunded');
  await shoot(staffPage, info, 'dispute-refunded-admin', { fullPage: true });

  // The shopper reads it on the order, and may open another dispute.
  await page.reload();
  const earlier = panel.getByRole('listitem').filter({ hasText: 'An item arrived damaged' });
  await expect(earlier).toContainText(/Resolved with a refund: .*1\.00/);
  await expect(earlier).toContainText('The shop says: Sorry about the shade: part of the price back.');
  await openDispute(page, 'An item is missing', 'The lamp’s bulb was not in the box.');

  // Staff decline the second one with a reason.
  await staffPage.reload();
  await expect(staffPanel).toContainText('The lamp’s bulb was not in the box.');
  const decline = staffPanel.getByRole('form', { name: 'Decline' });
  await decline.getByRole('button', { name: 'Decline', exact: true }).click();
  await expect(decline.getByLabel('Reason')).toBeFocused();
  await decline.getByLabel('Reason').fill('This lamp is sold without a bulb, as its page says.');
  await decline.getByRole('button', { name: 'Decline', exact: true }).click();
  await decline.getByRole('button', { name: 'Decline the dispute' }).click();
  await expect(staffPanel).toContainText('The dispute is declined; the shopper reads your reason in the conversation.');

  await page.reload();
  const declined = panel.getByRole('listitem').filter({ hasText: 'An item is missing' });
  await expect(declined).toContainText('Declined');
  await expect(declined).toContainText('The shop says: This lamp is sold without a bulb, as its page says.');
  await expect(chat).toContainText('This lamp is sold without a bulb, as its page says.');
  await panel.scrollIntoViewIfNeeded();
  await shoot(page, info, 'dispute-declined');

  // The notifications page lists what happened; "Mark all read" clears the unread ones, in the bell too.
  await page.goto('/notifications');
  const bell = page.getByTestId('notification-bell');
  await expect(main.getByText(/^\d+ unread\.$/)).toBeVisible();
  await expect(bell).toHaveAccessibleName(/unread/);
  await main.getByRole('button', { name: 'Mark all read' }).click();
  await expect(main.getByText('All read.')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Mark all read' })).toHaveCount(0);
  await page.reload();
  await expect(main.getByText('All read.')).toBeVisible();
  await expect(bell).not.toHaveAccessibleName(/unread/);

  await staffContext.close();
});
