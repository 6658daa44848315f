// Admin: the life of an API key. The admin issues a key with an expiry, the list shows its expiry,
// that it was never used and no requests; after three API calls it shows the last use and 3 / 3;
// the admin edits its rate, rotates it with a chosen grace of 7 days (the old key now ends then)
// and revokes the successor after a confirmation dialog (cancelled once); the usage page charts
// the key's requests by status class. axe is clean on the list, the dialogs and the usage page.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, screenshot, test } from './support/fixtures';

interface ListedKey {
  id: string;
  start: string;
  expiresAt: string | null;
  status: string;
  rateLimitPerSec: number | null;
}

const DAY_MS = 86_400_000;

async function listedKeys(page: Page): Promise<ListedKey[]> {
  const response = await page.request.get('/api/console/keys');
  expect(response.ok(), String(response.status())).toBe(true);
  return ((await response.json()) as { keys: ListedKey[] }).keys;
}

async function issuedSecret(page: Page): Promise<string> {
  const secret = (await page.locator('.secret code').textContent()) ?? '';
  expect(secret).toMatch(/^vty_/);
  return secret;
}

test('an admin issues, edits, rotates with a chosen grace and revokes a key, and sees its usage', async ({
  signedIn: page,
}) => {
  const label = `e2e key ${Date.now()}`;
  const expiry = new Date(Date.now() + 90 * DAY_MS).toISOString().slice(0, 10);
  await page.goto('/admin');
  const keysTable = page.getByRole('table', { name: 'API keys of this workspace' });
  await expect(keysTable.getByRole('columnheader', { name: 'Expires' })).toBeVisible();
  await expect(keysTable.getByRole('columnheader', { name: 'Last used' })).toBeVisible();
  await expect(keysTable.getByRole('columnheader', { name: /Requests/ })).toBeVisible();

  // Issue: label, scopes, an expiry date; the secret is shown once.
  const create = page.getByRole('region', { name: 'Create a key' });
  await create.getByLabel('Label').fill(label);
  await create.getByLabel('Expires').fill(expiry);
  await create.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByText('Key created. Copy the secret now')).toBeVisible();
  const key = await issuedSecret(page);
  await page.getByRole('button', { name: 'I have stored it' }).click();

  // A row by its own prefix (the first cell's code): a rotated pair's rows also name each other's.
  const row = (start: string) =>
    keysTable.getByRole('row').filter({ has: page.locator('td:first-child > code', { hasText: start }) });
  const original = row(key.slice(0, 10));
  await expect(original).toContainText(label);
  await expect(original).toContainText('Active');
  await expect(original.locator(`time[datetime^="${expiry}"]`)).toBeVisible();
  await expect(original).toContainText('0 / 0');
  await expectAccessible(page, 'admin keys with a new key');

  // Three calls: two answered, one refused for its input. The list counts them (flushed on read).
  const call = (body: unknown, secret = key) =>
    page.request.post('/api/verify', { data: body, headers: { Authorization: `Bearer ${secret}` } });
  expect((await call({ emails: ['e2e.keys.1@example.com'] })).status()).toBe(201);
  expect((await call({ emails: ['e2e.keys.2@example.com'] })).status()).toBe(201);
  expect((await call({})).status()).toBe(400);
  await page.reload();
  await expect(original).toContainText('3 / 3');
  await expect(original).toContainText('just now');

  // Edit: a rate of its own.
  await original.getByRole('button', { name: `Edit ${label}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${label}` });
  await edit.getByLabel('Rate limit (requests per second)').fill('5');
  await expectAccessible(page, 'edit key dialog');
  await edit.getByRole('button', { name: 'Save key' }).click();
  await expect(edit).toBeHidden();
  await expect(original).toContainText('5/s');

  // Rotate with a grace of 7 days: the old key keeps working until then, the new one at once.
  await original.getByRole('button', { name: `Rotate ${label}` }).click();
  const rotate = page.getByRole('dialog', { name: `Rotate ${label}` });
  await rotate.getByLabel('The old key keeps working for').selectOption({ label: '7 days' });
  await expect(rotate).toContainText('same scopes and rate limit');
  await expectAccessible(page, 'rotate key dialog');
  const before = Date.now();
  await rotate.getByRole('button', { name: 'Rotate key' }).click();
  await expect(page.getByText('Key rotated. Copy the new secret now')).toBeVisible();
  const successor = await issuedSecret(page);
  await page.getByRole('button', { name: 'I have stored it' }).click();
  await expect(original).toContainText('Expiring');
  const keys = await listedKeys(page);
  const old = keys.find((k) => key.startsWith(k.start));
  const next = keys.find((k) => successor.startsWith(k.start));
  const oldEnd = Date.parse(old?.expiresAt ?? '');
  expect(oldEnd).toBeGreaterThanOrEqual(before + 7 * DAY_MS - 1000);
  expect(oldEnd).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS);
  expect(next).toMatchObject({ status: 'active', expiresAt: null, rateLimitPerSec: 5 });
  expect((await call({ emails: ['e2e.keys.3@example.com'] })).status()).toBe(201);
  expect((await call({ emails: ['e2e.keys.4@example.com'] }, successor)).status()).toBe(201);
  await screenshot(page, 'admin-keys-rotated');

  // The rotated pair is linked both ways.
  const newRow = row(successor.slice(0, 10));
  await expect(newRow).toContainText(`replaces ${key.slice(0, 10)}…`);
  await expect(original).toContainText(`replaced by ${successor.slice(0, 10)}…`);

  // Revoke the successor: a dialog asks first; Cancel changes nothing.
  await newRow.getByRole('button', { name: `Revoke ${label}` }).click();
  const confirm = page.getByRole('dialog', { name: `Revoke ${label}?` });
  await expect(confirm).toContainText('refused from the moment you confirm');
  await expectAccessible(page, 'revoke key dialog');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(newRow).toContainText('Active');
  await newRow.getByRole('button', { name: `Revoke ${label}` }).click();
  await page
    .getByRole('dialog', { name: `Revoke ${label}?` })
    .getByRole('button', { name: 'Revoke key' })
    .click();
  await expect(newRow).toContainText('Revoked');
  await expect(newRow.getByRole('button')).toHaveCount(0);
  await expect
    .poll(async () => (await call({ emails: ['e2e.keys.5@example.com'] }, successor)).status())
    .toBe(401);

  // Each change is in the audit log with the key it acted on, the admin as actor and the request id.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit log' }).click();
  const log = page.getByRole('table', { name: 'Audit log of this workspace, newest first' });
  for (const [action, id] of [
    ['key\\.create', old?.id],
    ['key\\.update', old?.id],
    ['key\\.rotate', old?.id],
    ['key\\.revoke', next?.id],
  ] as const) {
    await expect(
      // The target reads as the Keys tab names the key: its label and prefix, then its id.
      log.getByRole('row', {
        name: new RegExp(`admin@verity\\.local ${action} ${label} \\(vty_\\w+…\\) ${id} req_`),
      }),
    ).toBeVisible();
  }
  await page.goto('/admin');

  // Usage: the original key's requests by status class, charted by day.
  await page.getByRole('link', { name: 'Usage by day and endpoint' }).click();
  await expect(page.getByRole('heading', { name: 'Usage', level: 1 })).toBeVisible();
  const usage = page.getByRole('region', { name: 'Requests' });
  await usage.getByLabel('Key', { exact: true }).selectOption(old?.id ?? '');
  const totals = usage.getByRole('list', { name: 'Requests by status class' });
  await expect(totals.locator('[data-status-class="2xx"] strong')).toHaveText('3');
  await expect(totals.locator('[data-status-class="4xx"] strong')).toHaveText('1');
  await expect(usage.locator('figure svg').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Trial quota' })).toBeVisible();
  await expectAccessible(page, 'usage page');
  await screenshot(page, 'admin-usage');
});

test('a key needs a label, and each new secret keeps its own panel until dismissed', async ({
  signedIn: page,
}) => {
  await page.goto('/admin');
  const create = page.getByRole('region', { name: 'Create a key' });
  await create.getByRole('button', { name: 'Create key' }).click();
  await expect(create.getByText('give the key a label')).toBeVisible();
  await expect(page.getByText('Key created. Copy the secret now')).toHaveCount(0);

  const stamp = Date.now();
  await create.getByLabel('Label').fill(`first ${stamp}`);
  await create.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByText('Key created. Copy the secret now')).toHaveCount(1);
  await create.getByLabel('Label').fill(`second ${stamp}`);
  await create.getByRole('button', { name: 'Create key' }).click();
  // The first secret is still there beside the second one.
  await expect(page.getByText('Key created. Copy the secret now')).toHaveCount(2);
  const secrets = await page.locator('.secret code').allTextContents();
  expect(secrets).toHaveLength(2);
  expect(new Set(secrets).size).toBe(2);
  await page.getByRole('button', { name: 'I have stored it' }).first().click();
  await expect(page.getByText('Key created. Copy the secret now')).toHaveCount(1);
  await expect(page.locator('.secret code')).toHaveText(secrets[1] ?? '');
});
