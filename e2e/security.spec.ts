/** What an attacker tries through the storefront: forged client addresses, the outbox, scripts the shop did not send. */
import { request as httpRequest } from 'node:http';
import { expect, test } from '@playwright/test';
import { baseURL, loginLimitPerAddress } from './playwright.config';
import { api } from './support';

const web = new URL(baseURL);

interface Answer {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * A request to the storefront from a loopback address of its own (127.0.0.x), so its per-address
 * counters are its own and the other journeys, which come from 127.0.0.1, are not limited by it.
 */
function send(method: string, path: string, from: string, headers: Record<string, string> = {}, body?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(
      {
        host: web.hostname,
        port: web.port,
        method,
        path,
        localAddress: from,
        headers: { ...headers, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

test.describe('through the storefront', () => {
  // The journeys share one server: this runs once, at desktop size.
  test.skip(({ isMobile }) => isMobile, 'one run is enough');

  test('a browser that rotates X-Forwarded-For still meets the per-address sign-in limit', async () => {
    const from = `127.0.0.${2 + Math.floor(Math.random() * 250)}`;
    const xsrf = { cookie: 'XSRF-TOKEN=e2e-security', 'x-xsrf-token': 'e2e-security' };
    const statuses: number[] = [];
    // Another made-up public address on every try (198.51.100.1, .2, … then 198.51.101.1, …).
    const forged = (i: number) => `198.51.${100 + Math.floor(i / 250)}.${(i % 250) + 1}`;
    // RATE_LIMIT_LOGIN is `loginLimitPerAddress` tries per address in 15 minutes; each try names
    // another address and another e-mail, so only the storefront's own view of the client can count them.
    for (let i = 0; i < loginLimitPerAddress + 2; i++) {
      const answer = await send(
        'POST',
        '/api/auth/login',
        from,
        { ...xsrf, 'x-forwarded-for': forged(i), 'x-real-ip': forged(i), forwarded: `for=${forged(i)}` },
        { email: `nobody-${i}-${Date.now()}@example.com`, password: 'Wrong123!' },
      );
      statuses.push(answer.status);
      if (answer.status === 429) expect(JSON.parse(answer.body)).toMatchObject({ errorCode: 'general/rate_limited' });
    }
    expect(statuses.slice(0, loginLimitPerAddress)).toEqual(Array(loginLimitPerAddress).fill(400));
    expect(statuses.slice(loginLimitPerAddress)).toEqual([429, 429]);
  });

  test('the development outbox cannot be read through the storefront', async () => {
    for (const path of [
      '/api/dev/outbox?to=someone@example.com',
      '/api//dev/outbox?to=someone@example.com',
      '/api/%64ev/outbox?to=a@b.co',
    ]) {
      const answer = await send('GET', path, '127.0.0.1');
      // Not found, or (for `//`) Next's redirect to the clean path, which is not found in turn.
      expect([404, 308], path).toContain(answer.status);
      expect(answer.body, path).not.toMatch(/messages|code is/);
    }
    // The demo's outbox is still there for a developer on the API's own machine (support.ts reads codes so).
    const direct = await fetch(`${api}/dev/outbox?to=someone@example.com`);
    expect(direct.status).toBe(200);
    expect(await direct.json()).toEqual({ messages: [] });
  });

  test('the API reference, which lists every back-office route, cannot be read through the storefront', async () => {
    for (const path of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html', '/api/%64ocs/json']) {
      const answer = await send('GET', path, '127.0.0.1');
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).not.toContain('/admin/');
    }
    // Developers still read it on the API's own address (not production: API_DOCS decides there).
    const direct = await fetch(`${api}/docs/json`);
    expect(direct.status).toBe(200);
    expect(Object.keys(((await direct.json()) as { paths: object }).paths)).toContain('/admin/settings');
  });
});

test('pages carry the security headers and run no script the policy refuses', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect)/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto('/');
  const headers = response!.headers();
  expect(headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  // Next's scripts carry the nonce, so the page is interactive: the header's search works.
  const box = page.getByRole('combobox', { name: /search products/i });
  // Focus loads the suggestions (a script chunk the policy must allow); once their live region is
  // in the page the loaded box has taken over, so what follows is typed into it.
  await box.focus();
  await expect(page.getByRole('search').getByRole('status')).toBeAttached();
  await box.fill('lapton');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=lapton/);
  await page.getByRole('main').getByRole('article').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/product\//);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});
