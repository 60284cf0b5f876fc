/** What the journeys share: the API's address, screenshots, and accounts made through the API. */
import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type BrowserContext, type Page, type TestInfo } from '@playwright/test';

const apiPort = Number(process.env.E2E_API_PORT ?? 4700);
export const api = `http://127.0.0.1:${apiPort}`;
const screenshots = join(import.meta.dirname, 'screenshots');

/** Saves `screenshots/<project>-<name>.png` (the viewport, or the whole page). */
export async function shoot(page: Page, info: TestInfo, name: string, options: { fullPage?: boolean } = {}) {
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: join(screenshots, `${info.project.name}-${name}.png`), fullPage: options.fullPage ?? false });
}

/**
 * The newest verification code mailed to `email`, read from the development outbox. The newest mail
 * with a code: an order's mail, sent by the server's job runner a moment after its change, may come
 * after the code.
 */
export async function mailedCode(request: APIRequestContext, email: string, apiBase = api): Promise<string> {
  const answer = await request.get(`${apiBase}/dev/outbox?to=${encodeURIComponent(email)}`);
  expect(answer.ok()).toBe(true);
  const { messages } = (await answer.json()) as { messages: { text: string }[] };
  const withCode = messages.find((message) => /code is \d{6}\b/.test(message.text));
  const code = /code is (\d{6})\b/.exec(withCode?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

export interface Person {
  firstName: string;
  lastName: string;
  birthDate: string;
}

/**
 * A verified account made through the API (the registration page has its own journey in auth.spec.ts);
 * `apiBase` another shop's API (the Stripe journeys' shop).
 */
export async function registerVerified(
  request: APIRequestContext,
  email: string,
  password: string,
  person: Person,
  apiBase = api,
): Promise<void> {
  await request.get(`${apiBase}/ping`);
  // `__Host-XSRF-TOKEN` when the shop runs with COOKIE_SECURE (decision 0008).
  const { cookies } = await request.storageState();
  const xsrf = ['__Host-XSRF-TOKEN', 'XSRF-TOKEN'].map((name) => cookies.find((cookie) => cookie.name === name)?.value).find(Boolean);
  if (!xsrf) throw new Error('no XSRF-TOKEN cookie from /ping');
  const headers = { 'x-xsrf-token': xsrf };
  const registered = await request.post(`${apiBase}/auth/register`, {
    headers,
    data: { email, password, ...person, phoneNumber: '+65 9123 4567', country: 'SG', gender: 'female', acceptTerms: true },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const code = await mailedCode(request, email, apiBase);
  const verified = await request.post(`${apiBase}/auth/verifyEmail`, { headers, data: { email, code } });
  expect(verified.status(), await verified.text()).toBe(200);
}

/** Signs in through the sign-in page and waits for the account menu (named after the first name). */
export async function signInThroughPage(page: Page, email: string, password: string, firstName: string): Promise<void> {
  await page.goto('/sign_in');
  await fillSignIn(page, email, password);
  await expect(page.getByRole('button', { name: new RegExp(firstName) })).toBeVisible();
}

/** Fills and submits the sign-in form of the page it is on. */
export async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  const main = page.locator('main');
  await main.getByLabel('E-mail').fill(email);
  await main.getByLabel('Password', { exact: true }).fill(password);
  await main.getByRole('button', { name: /^sign in$/i }).click();
}

/** A fresh address for a journey's account: unique per project and run. */
export function journeyEmail(journey: string, info: TestInfo): string {
  return `e2e.${journey}.${info.project.name}.${Date.now().toString(36)}@example.com`;
}

/** RFC 4648 base32 to bytes (an authenticator key as a page shows it, spaces allowed). */
function base32Bytes(key: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of key.replace(/[\s=]/g, '').toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => parseInt(byte, 2)));
}

/** The six-digit TOTP (RFC 6238: HMAC-SHA1, 30 s steps) an authenticator app shows for `step`. */
export function totpAt(key: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Bytes(key)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** Calls the API as the browser context does: its cookies (one host, any port) and its anti-forgery token. */
export async function caller(context: BrowserContext, apiBase = api) {
  const request: APIRequestContext = context.request;
  await request.get(`${apiBase}/ping`);
  const cookies = await context.cookies();
  const xsrf = ['__Host-XSRF-TOKEN', 'XSRF-TOKEN'].map((name) => cookies.find((c) => c.name === name)?.value).find(Boolean) ?? '';
  const send = async (method: 'get' | 'post' | 'delete', path: string, data?: unknown) => {
    const answer = await request[method](`${apiBase}${path}`, {
      headers: { 'x-xsrf-token': xsrf },
      ...(data === undefined ? {} : { data }),
    });
    expect(answer.status(), `${method} ${path}: ${await answer.text()}`).toBeLessThan(300);
    return answer.status() === 204 ? undefined : await answer.json();
  };
  return { get: (path: string) => send('get', path), post: (path: string, data: unknown = {}) => send('post', path, data) };
}

/** A product without variants sold in Singapore with at least `minStock` units (other journeys buy from the same catalogue). */
export async function productWithStock(request: APIRequestContext, minStock: number, apiBase = api): Promise<string> {
  const search = (await (await request.get(`${apiBase}/product/search?limit=100&inStock=true&sort=newest`)).json()) as {
    products: { uuid: string; price: Record<string, number>; hasVariants: boolean }[];
  };
  for (const candidate of search.products.filter((p) => !p.hasVariants && p.price.SG !== undefined)) {
    const { stock } = (await (await request.get(`${apiBase}/product/one/${candidate.uuid}`)).json()) as { stock: number };
    if (stock >= minStock) return candidate.uuid;
  }
  throw new Error(`the demo catalogue has no product without variants sold in Singapore with ${minStock} in stock`);
}

/**
 * Gives the shopper a Singapore address and answers a function that places an order of one unit of
 * `productId`, to be paid by card, through the API as the checkout does.
 */
export async function cardOrders(shopper: Awaited<ReturnType<typeof caller>>, productId: string, fullName: string) {
  const { address } = (await shopper.post('/address', {
    fullName,
    address: '1 Raffles Place',
    unitNumber: '#10-01',
    city: '',
    state: '',
    country: 'SG',
    phoneNumber: '+65 6123 4567',
    postalCode: '048616',
  })) as { address: { id: string } };
  return async (): Promise<{ id: string }> => {
    const line = (await shopper.post('/cart', { productId, quantity: 1 })) as { cartItem: { id: string } };
    const { key } = (await shopper.post('/checkout/session', { cartItemIds: [line.cartItem.id] })) as { key: string };
    return (await shopper.post('/checkout/create_order', {
      checkoutSessionKey: key,
      paymentMethod: 'card',
      shippingAddressId: address.id,
    })) as { id: string };
  };
}
