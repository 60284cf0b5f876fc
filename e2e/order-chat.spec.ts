/**
 * The order chat on the storefront (issue 29): a shopper writes to the shop on an order's page, with
 * a link that shows its preview; a staff member (a second browser context, signed in to the back
 * office) answers, and the answer appears on the shopper's page without a reload, over the live
 * socket; the header's bell counts it and lists it; a photo is attached. Then the page of all
 * notifications and the profile's e-mail choices.
 */
import { expect, test } from '@playwright/test';
import { TINY_PNG, signInAsDemoOwner } from './admin-sign-in';
import { baseURL, marketplaceOrigin } from './playwright.config';
import { caller, cardOrders, journeyEmail, productWithStock, registerVerified, shoot, signInThroughPage } from './support';

test('a shopper and the shop talk about an order live; the bell counts the reply; a link is previewed and a photo sent', async ({
  page,
  browser,
  request,
}, info) => {
  test.setTimeout(180_000);
  const productId = await productWithStock(request, 3);
  const email = journeyEmail('order-chat', info);
  await registerVerified(request, email, 'Rahsia123!', { firstName: 'Nur', lastName: 'Aisyah', birthDate: '1993-02-11' });

  // The live socket the page opens, and what it receives.
  const sockets: string[] = [];
  const received: string[] = [];
  page.on('websocket', (socket) => {
    sockets.push(socket.url());
    socket.on('framereceived', (frame) => received.push(String(frame.payload)));
  });

  // How each socket the page opened was closed (code and reason), for the attachment below.
  await page.addInitScript(() => {
    const closes: string[] = [];
    (window as unknown as { socketCloses: string[] }).socketCloses = closes;
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        this.addEventListener('close', (event) => closes.push(`${event.code} ${event.reason}`));
      }
    };
  });
  await signInThroughPage(page, email, 'Rahsia123!', 'Nur');
  const shopper = await caller(page.context());
  const order = await (await cardOrders(shopper, productId, 'Nur Aisyah'))();
  const main = page.locator('main');

  await page.goto(`/orders/${order.id}`);
  const chat = main.getByRole('region', { name: /Messages with the shop/ });
  await expect(chat.getByText('Questions about this order? Write to the shop here.')).toBeVisible();

  // The shopper writes, with a link: sent with Enter, shown as text with the link clickable and previewed.
  const link = `${marketplaceOrigin}/p/og-lamp`;
  const box = chat.getByRole('textbox', { name: 'Your message' });
  await box.fill(`Could it come in white? Like this one: ${link}`);
  await box.press('Enter');
  await expect(box).toHaveValue('');
  const sent = chat.locator('[data-role="shopper"]').first();
  await expect(sent.getByRole('link', { name: link })).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
  const preview = sent.locator('[data-link-preview]');
  await expect(preview).toContainText('Arc Floor Lamp');
  await expect(preview).toContainText('Lamp Street');
  await expect.poll(() => sockets.some((url) => url.endsWith('/api/ws'))).toBe(true);

  // The shop answers from the back office (its own browser context and session).
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await signInAsDemoOwner(staffPage);
  const staff = await caller(staffContext);
  await staff.post(`/admin/order/${order.id}/messages`, { message: 'Yes, white is in stock. We will swap it for you.' });

  // It arrives without a reload, through the socket, with the staff member's name.
  const reply = chat.locator('[data-role="staff"]').first();
  await expect(reply)
    .toContainText('Yes, white is in stock. We will swap it for you.')
    .catch(async (error: unknown) => {
      // What the socket carried, to tell a lost frame from a closed socket.
      const closes = await page.evaluate(() => (window as unknown as { socketCloses: string[] }).socketCloses);
      await info.attach('socket', { body: JSON.stringify({ sockets, received, closes }, null, 2), contentType: 'application/json' });
      throw error;
    });
  await expect(reply).toContainText(/, the shop/);
  expect(received.some((frame) => frame.includes('"type":"message"') && frame.includes('white is in stock'))).toBe(true);
  // One socket held the whole time (the storefront's server alone answers the upgrade).
  expect(await page.evaluate(() => (window as unknown as { socketCloses: string[] }).socketCloses)).toEqual([]);

  // The bell counts it (live) and lists it.
  const bell = page.getByTestId('notification-bell');
  await expect(page.getByTestId('notification-count')).toHaveText('1', { timeout: 20_000 });
  await bell.click();
  const menu = page.getByRole('region', { name: 'Notifications' });
  await expect(menu.getByRole('link', { name: /The shop replied about order/ })).toBeVisible({ timeout: 20_000 });
  await shoot(page, info, 'order-chat-bell');
  await page.keyboard.press('Escape');
  await expect(bell).toBeFocused();

  // Once the newest message is in view, the thread is marked read.
  await chat.getByRole('textbox', { name: 'Your message' }).scrollIntoViewIfNeeded();
  await expect.poll(async () => ((await shopper.get('/chat/unread')) as { total: number }).total).toBe(0);
  await shoot(page, info, 'order-chat');

  // A photo, attached and shown: loaded from the order's own photo route (chat photos are private).
  await chat.locator('input[type="file"]').setInputFiles({ name: 'parcel.png', mimeType: 'image/png', buffer: TINY_PNG });
  const photo = chat.getByRole('img', { name: 'A photo you sent' });
  await expect(photo).toBeVisible();
  await expect(photo).toHaveAttribute('src', new RegExp(`^/api/order/${order.id}/messages/photos/[0-9a-f-]{36}_thumb\\.webp$`));
  await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  // Nobody else reads it: not a visitor, and it is not on the assets host.
  const src = (await photo.getAttribute('src'))!;
  const visitor = await browser.newContext();
  expect((await visitor.request.get(`${baseURL}${src}`)).status()).toBe(401);
  expect((await visitor.request.get(`${baseURL}/assets/chat/${src.split('/').pop()}`)).status()).toBe(404);
  await visitor.close();

  // The staff member sees the shopper's messages read back: "Seen" once the shop reads the thread.
  const thread = (await staff.get(`/admin/order/${order.id}/messages`)) as { messages: { id: number }[] };
  await staff.post(`/admin/order/${order.id}/update_chat_status`, { lastReadMessageId: thread.messages.at(-1)!.id });
  await expect(chat.getByText('Seen')).toBeVisible();
  await chat.getByText('Seen').scrollIntoViewIfNeeded();
  await shoot(page, info, 'order-chat-photo');

  // The page of all notifications, and the profile's e-mail choices.
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(main.getByRole('list', { name: 'Notifications' }).getByRole('listitem')).not.toHaveCount(0);
  await shoot(page, info, 'notifications', { fullPage: true });

  await page.goto('/profile');
  const emails = main.getByRole('region', { name: 'E-mails' });
  const replies = emails.getByRole('checkbox', { name: 'Replies from the shop' });
  await expect(replies).toBeChecked();
  await replies.uncheck();
  await emails.getByRole('button', { name: 'Save e-mail choices' }).click();
  await expect(emails.getByText('Your e-mail choices have been saved.')).toBeVisible();
  expect(((await shopper.get('/notification/preferences')) as { email: Record<string, boolean> }).email['chat.reply']).toBe(false);
  await emails.scrollIntoViewIfNeeded();
  await shoot(page, info, 'profile-emails');

  // Another reply while the shopper is elsewhere: the order list says it waits.
  await staff.post(`/admin/order/${order.id}/messages`, { message: 'It leaves our warehouse tomorrow.' });
  await page.goto('/orders');
  await expect(main.getByRole('link', { name: '1 new message from the shop' })).toHaveAttribute('href', `/orders/${order.id}`);
  await shoot(page, info, 'orders-new-message');

  // An unsubscribe link that is not the shop's changes nothing and says so.
  await page.goto('/unsubscribe?token=not-a-token');
  await expect(main.getByRole('alert')).toContainText('This unsubscribe link does not work');
  expect(((await shopper.get('/notification/preferences')) as { email: Record<string, boolean> }).email['product.back_in_stock']).toBe(
    true,
  );

  await staffContext.close();
});
