/**
 * The back office's Messages (issue 29): a shopper writes about two orders; staff find them in the
 * inbox, the one waiting longest first with how long it has waited, and the Messages link counts
 * them. A new shopper message updates the list live (over the socket at /api/ws, which the back
 * office's Content-Security-Policy allows as its own origin). Staff open the conversation (beside the
 * list on a wide screen, on its own on a phone), reply with Enter, the shopper's side has the reply,
 * and they mark it done; it then offers Reopen. The order's page holds the same conversation.
 *
 * The shopper has their own browser context and calls the API as the storefront would (`caller`).
 * Conversations other journeys left waiting are marked done first, so the inbox shows this journey's.
 */
import { expect, test } from '@playwright/test';
import { admin, signInAsDemoOwner } from './admin-sign-in';
import { caller, cardOrders, journeyEmail, productWithStock, registerVerified, shoot } from './support';

test('staff answer the shopper waiting longest from the inbox, live, and mark the conversation done', async ({
  page,
  browser,
  request,
}, info) => {
  test.setTimeout(180_000);
  const phone = info.project.name === 'phone';

  // The shopper, signed in in their own context, with two orders.
  const productId = await productWithStock(request, 3);
  const shopperContext = await browser.newContext();
  const email = journeyEmail('admin-inbox', info);
  await registerVerified(shopperContext.request, email, 'Rahsia123!', { firstName: 'Nur', lastName: 'Aisyah', birthDate: '1993-02-11' });
  await (await caller(shopperContext)).post('/auth/login', { email, password: 'Rahsia123!' });
  const shopper = await caller(shopperContext);
  const order = await cardOrders(shopper, productId, 'Nur Aisyah');
  const first = await order();
  const second = await order();

  // Staff: an inbox with nothing left waiting by other journeys.
  const sockets: string[] = [];
  const frames: string[] = [];
  page.on('websocket', (socket) => {
    sockets.push(socket.url());
    socket.on('framereceived', (frame) => frames.push(String(frame.payload)));
  });
  await signInAsDemoOwner(page);
  const staff = await caller(page.context());
  const waiting = (await staff.get('/admin/inbox?filter=waiting&limit=100')) as { conversations: { orderId: string }[] };
  for (const conversation of waiting.conversations) await staff.post(`/admin/order/${conversation.orderId}/chat_done`, { done: true });

  await shopper.post(`/order/${first.id}/messages`, { message: 'Hello! Has my order been sent yet?' });
  await shopper.post(`/order/${second.id}/messages`, { message: 'Can I change the size on my other order?' });
  const { orderRef: firstRef } = (await staff.get(`/admin/order/${first.id}`)) as { orderRef: string };
  const { orderRef: secondRef } = (await staff.get(`/admin/order/${second.id}`)) as { orderRef: string };

  // The Messages link counts the two waiting conversations; the inbox opens on them, longest wait first.
  await page.goto(`${admin}/products`);
  const messagesLink = page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: /^Messages/ });
  await expect(messagesLink).toContainText('2');
  await expect(messagesLink).toContainText('waiting for an answer');
  await messagesLink.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Waiting (2)' })).toHaveAttribute('aria-current', 'page');
  const list = page.getByRole('list', { name: 'Waiting conversations, disputes first, then the longest wait' });
  const rows = list.getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(`Order ${firstRef}`);
  await expect(rows.nth(0)).toContainText(/waiting (under a minute|1 min)/);
  await expect(rows.nth(0)).toContainText('Nur Aisyah');
  await expect(rows.nth(0)).toContainText(email);
  await expect(rows.nth(0)).toContainText('Shopper: Hello! Has my order been sent yet?');
  await expect(rows.nth(0)).toContainText('1 unread');
  await expect(rows.nth(1)).toContainText(`Order ${secondRef}`);

  // Live: the shopper writes again and the list follows without a reload (the socket; polling would take 2 minutes).
  await expect.poll(() => sockets.some((url) => url === `${admin.replace('http', 'ws')}/api/ws`)).toBe(true);
  await shopper.post(`/order/${second.id}/messages`, { message: 'Size M instead of L, please.' });
  await expect(rows.nth(1)).toContainText('2 unread', { timeout: 8_000 });
  await expect(rows.nth(1)).toContainText('Shopper: Size M instead of L, please.');
  expect(frames.some((frame) => frame.includes('"type":"thread"') && frame.includes(second.id))).toBe(true);
  // Nothing runs off the side, at either size.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await shoot(page, info, 'admin-inbox', { fullPage: true });

  // Open the longest waiting: the thread with its order (beside the list on a wide screen, on its own on a phone).
  await rows.nth(0).getByRole('link').click();
  const thread = page.getByRole('region', { name: 'Conversation with the shopper' });
  await expect(thread.getByText('Hello! Has my order been sent yet?')).toBeVisible();
  await expect(thread).toContainText('Nur (shopper)');
  const beside = page.getByRole('region', { name: `Order ${firstRef}` });
  await expect(beside).toContainText('Awaiting payment');
  await expect(beside.getByRole('link', { name: 'Open the order’s page' })).toHaveAttribute('href', `/orders/${first.id}`);
  if (phone) {
    await expect(list).toBeHidden();
    await expect(page.getByRole('link', { name: '← All conversations' })).toBeVisible();
  } else {
    await expect(list).toBeVisible();
    await expect(page.getByRole('link', { name: '← All conversations' })).toBeHidden();
  }

  // Reply with Enter: shown at once under the staff member's name, and the shopper's side has it.
  const box = thread.getByRole('textbox', { name: 'Reply to the shopper' });
  await box.fill('Not yet: it leaves our warehouse tomorrow morning.');
  await box.press('Enter');
  await expect(box).toHaveValue('');
  const reply = thread.getByRole('listitem').filter({ hasText: 'it leaves our warehouse tomorrow morning' });
  await expect(reply).toContainText('(staff)');
  const seen = (await shopper.get(`/order/${first.id}/messages`)) as { messages: { body: string; author: { role: string } }[] };
  expect(seen.messages.at(-1)).toMatchObject({ body: 'Not yet: it leaves our warehouse tomorrow morning.', author: { role: 'staff' } });

  // Answered, it no longer waits; marked done, it offers Reopen.
  if (!phone) await expect(rows).toHaveCount(1);
  await thread.getByRole('button', { name: 'Mark done' }).click();
  await expect(thread.getByRole('button', { name: 'Reopen' })).toBeVisible();
  await shoot(page, info, 'admin-inbox-thread', { fullPage: true });
  if (phone) await page.getByRole('link', { name: '← All conversations' }).click();
  await page.getByRole('link', { name: /^Done/ }).click();
  await expect(page.getByRole('list', { name: 'Done conversations' })).toContainText(`Order ${firstRef}`);

  // The order's page holds the same conversation.
  await page.goto(`${admin}/orders/${first.id}`);
  const onOrder = page.getByRole('region', { name: 'Conversation with the shopper' });
  await expect(onOrder.getByText('Not yet: it leaves our warehouse tomorrow morning.')).toBeVisible();
  await expect(onOrder.getByText('Hello! Has my order been sent yet?')).toBeVisible();
  await onOrder.scrollIntoViewIfNeeded();
  await shoot(page, info, 'admin-inbox-order-page');

  await shopperContext.close();
});
