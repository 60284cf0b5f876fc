/**
 * The order chat live from both sides (issue 29): the shopper on the storefront's order page and a
 * staff member on the back office's order page, two browser contexts, both through their pages.
 * Each sees the other typing ("… from the shop is typing…", "Nur (shopper) is typing…") and each
 * other's messages without a reload. Then a shopper whose browser cannot open the socket: the page
 * says nothing is wrong and the reply still arrives, by polling.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { admin, signInAsDemoOwner } from './admin-sign-in';
import { caller, cardOrders, journeyEmail, productWithStock, registerVerified, shoot, signInThroughPage } from './support';

/**
 * Resolves once the page's socket follows the order: the API answers a subscription with the
 * thread's read marks. Typing frames sent before the other side follows are dropped.
 */
function following(page: Page, orderId: string): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', (frame) => {
        const text = String(frame.payload);
        if (text.includes('"type":"read"') && text.includes(orderId)) resolve();
      }),
    );
  });
}

/**
 * Types into `box` until `shown` says the other side saw it. Both sides follow the order first, so
 * one try is the rule; another (each side sends a typing frame at most every 3 s) covers a frame lost.
 */
async function typeUntilSeen(box: Locator, text: string, shown: Locator): Promise<void> {
  let typed = '';
  await expect(async () => {
    typed = typed ? `${typed} ` : text;
    await box.fill(typed);
    await expect(shown).toBeVisible({ timeout: 3_500 });
  }).toPass({ intervals: [0], timeout: 20_000 });
}

test('the shopper and the shop see each other typing and each other’s messages live', async ({ page, browser, request }, info) => {
  test.setTimeout(120_000);
  const productId = await productWithStock(request, 3);
  const email = journeyEmail('chat-live', info);
  await registerVerified(request, email, 'Rahsia123!', { firstName: 'Nur', lastName: 'Aisyah', birthDate: '1993-02-11' });
  await signInThroughPage(page, email, 'Rahsia123!', 'Nur');
  const shopper = await caller(page.context());
  const order = await (await cardOrders(shopper, productId, 'Nur Aisyah'))();

  // The shopper on the order's page, its socket following the order.
  const shopperFollows = following(page, order.id);
  await page.goto(`/orders/${order.id}`);
  const chat = page.locator('main').getByRole('region', { name: /Messages with the shop/ });
  await expect(chat.getByText('Questions about this order? Write to the shop here.')).toBeVisible();
  await shopperFollows;

  // A staff member on the same order in the back office, in their own context.
  const staffContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const staffPage = await staffContext.newPage();
  await signInAsDemoOwner(staffPage);
  const staffFollows = following(staffPage, order.id);
  await staffPage.goto(`${admin}/orders/${order.id}`);
  const thread = staffPage.getByRole('region', { name: 'Conversation with the shopper' });
  const reply = thread.getByRole('textbox', { name: 'Reply to the shopper' });
  await expect(reply).toBeVisible();
  await staffFollows;

  // The shopper types: the shop sees it, then the message, without a reload.
  const box = chat.getByRole('textbox', { name: 'Your message' });
  const staffTyping = thread.getByRole('status').filter({ hasText: 'Nur (shopper) is typing…' });
  await typeUntilSeen(box, 'Can I still change the colour', staffTyping);
  await box.fill('Can I still change the colour to white?');
  await box.press('Enter');
  await expect(box).toHaveValue('');
  // Exact: the screen reader's announcement of it ("New message from Nur (shopper): Can I…") holds the words too.
  await expect(thread.getByText('Can I still change the colour to white?', { exact: true })).toBeVisible();
  // A message ends the typing it announced.
  await expect(thread.getByText('is typing…')).toHaveCount(0);

  // The shop types: the shopper sees who, then the reply, without a reload.
  const shopperTyping = chat.getByRole('status').filter({ hasText: /^\S.* from the shop is typing…$/ });
  await typeUntilSeen(reply, 'Yes, we can', shopperTyping);
  await shoot(page, info, 'order-chat-typing');
  await reply.fill('Yes, we can swap it for white before it ships.');
  await reply.press('Enter');
  await expect(reply).toHaveValue('');
  const answer = chat.locator('[data-role="staff"]').filter({ hasText: 'Yes, we can swap it for white before it ships.' });
  await expect(answer).toBeVisible();
  await expect(answer).toContainText(/, the shop/);
  await expect(chat.getByText('is typing…')).toHaveCount(0);
  await shoot(page, info, 'order-chat-live-reply');

  await staffContext.close();
});

test('without a socket the order page still gets the shop’s reply, by polling', async ({ page, browser, request }, info) => {
  test.setTimeout(120_000);
  const productId = await productWithStock(request, 3);
  const email = journeyEmail('chat-poll', info);
  await registerVerified(request, email, 'Rahsia123!', { firstName: 'Nur', lastName: 'Aisyah', birthDate: '1993-02-11' });
  await signInThroughPage(page, email, 'Rahsia123!', 'Nur');
  const shopper = await caller(page.context());
  const order = await (await cardOrders(shopper, productId, 'Nur Aisyah'))();

  // A network that refuses websockets: every socket the page opens goes to a port nobody listens on.
  await page.addInitScript(() => {
    const attempts: string[] = [];
    (window as unknown as { socketAttempts: string[] }).socketAttempts = attempts;
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        attempts.push(String(url));
        super('ws://127.0.0.1:9/', protocols);
      }
    };
  });
  const attempts = () => page.evaluate(() => (window as unknown as { socketAttempts: string[] }).socketAttempts);
  await page.goto(`/orders/${order.id}`);
  const chat = page.locator('main').getByRole('region', { name: /Messages with the shop/ });
  const box = chat.getByRole('textbox', { name: 'Your message' });
  await box.fill('Is it packed yet?');
  await box.press('Enter');
  await expect(chat.locator('[data-role="shopper"]').filter({ hasText: 'Is it packed yet?' })).toBeVisible();
  // The page tried its socket (and failed): what follows comes by polling.
  await expect.poll(async () => (await attempts()).some((url) => url.endsWith('/api/ws'))).toBe(true);

  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await signInAsDemoOwner(staffPage);
  await (await caller(staffContext)).post(`/admin/order/${order.id}/messages`, { message: 'Packed and ready for the courier.' });

  // The page reads the thread again every 10 s while the socket is not open.
  await expect(chat.locator('[data-role="staff"]').filter({ hasText: 'Packed and ready for the courier.' })).toBeVisible({
    timeout: 20_000,
  });
  await shoot(page, info, 'order-chat-polling');
  await staffContext.close();
});
