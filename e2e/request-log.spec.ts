// Issue 34, the request log as a developer uses it, in a workspace of its own: a Verify call with
// a bad field answers 400; the admin finds it on Admin → Request log by the X-Request-Id it
// carried, opens it from the keyboard and reads its problem body, with none of the request's
// personal data on the page; the status filter narrows to the successful call. axe on the list
// and on the details; the list at 390 px.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { cliEnv } from './support/cli-env';
import { expect, expectAccessible, screenshot, signIn, test } from './support/fixtures';

const run = promisify(execFile);
const tsx = 'node_modules/tsx/dist/cli.mjs';

async function newAdmin(): Promise<{ email: string; password: string; key: string }> {
  const stamp = `${process.pid}-${Date.now()}`;
  const workspace = `request-log-${stamp}`;
  const email = `request-log-admin-${stamp}@example.com`;
  const password = `pw-request-log-${stamp}`;
  const env = { ...process.env, ...cliEnv() };
  const users = ['scripts/users.ts', 'create', '--workspace', workspace, '--email', email];
  await run(process.execPath, [tsx, ...users, '--role', 'admin', '--password', password], { env });
  const created = await run(
    process.execPath,
    [tsx, 'scripts/keys.ts', 'create', '--workspace', workspace, '--scopes', 'verify', '--name', 'checkout'],
    { env },
  );
  return { email, password, key: (JSON.parse(created.stdout) as { key: string }).key };
}

test('a 400 found by its request id, with its problem body and no personal data', async ({ page }) => {
  test.setTimeout(90_000);
  const admin = await newAdmin();
  const headers = { Authorization: `Bearer ${admin.key}` };
  const bad = await page.request.post('/api/verify', {
    data: { emails: ['marisol.quintana@example.com'], name: { given: 'Marisol' }, ipAddress: 'marisol-ip' },
    headers,
  });
  expect(bad.status(), await bad.text()).toBe(400);
  const requestId = bad.headers()['x-request-id'] ?? '';
  expect(requestId).not.toBe('');
  const good = await page.request.post('/api/verify', {
    data: { emails: [`request-log.${Date.now()}@example.com`] },
    headers,
  });
  expect(good.status(), await good.text()).toBe(201);

  await signIn(page, admin.email, admin.password);
  await page.goto('/admin/request-log');
  await expect(page.getByRole('heading', { level: 1, name: 'Request log' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request log' })).toHaveAttribute('aria-current', 'page');
  const rows = page.locator('table tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(page.getByText('2 calls, all shown.')).toBeVisible();
  await expectAccessible(page, 'the request log');

  // By its request id: one row, opened from the keyboard.
  await page.getByLabel('Request id').fill(requestId);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('400');
  await expect(rows.first()).toContainText('INVALID_INPUT');
  await expect(rows.first()).toContainText('checkout');
  const open = page.getByRole('button', { name: `Details of request ${requestId}` });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Copy request id' })).toBeVisible();
  const body = dialog.getByRole('region', { name: 'Problem body' });
  await expect(body).toContainText('"code": "INVALID_INPUT"');
  await expect(body).toContainText('"path": "ipAddress"');
  await expectAccessible(page, 'a call’s details');
  await screenshot(page, 'request-log-details');
  const shown = (await page.locator('main').textContent()) ?? '';
  for (const value of ['marisol', 'Marisol', 'quintana']) expect(shown).not.toContain(value);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();

  // By status class: the successful call only.
  await page.getByRole('button', { name: 'Clear' }).click();
  await page.getByLabel('Status').fill('2xx');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('201');
  // A malformed filter is named beside its field, not sent.
  await page.getByLabel('Status').fill('4x');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText('must be a status such as 400, or 2xx, 4xx or 5xx')).toBeVisible();

  // Nothing matches: the empty state says so.
  await page.getByLabel('Status').fill('5xx');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText('No call matches these filters')).toBeVisible();

  // At 390 px the page does not scroll sideways.
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(rows).toHaveCount(2);
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(1);
  await screenshot(page, 'request-log-phone');
});
