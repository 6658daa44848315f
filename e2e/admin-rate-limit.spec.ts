// Admin: the workspace's default rate limit. The admin sees the current rate, is told next to the
// field when a value is not a positive number, saves a new one, and the very next API call with a
// key that has no rate of its own carries it as RateLimit-Limit. The rate is put back at the end
// (the other specs share the demo workspace).
import { expect, expectAccessible, screenshot, server, test } from './support/fixtures';

test('an admin changes the default rate limit and the API applies it at once', async ({ signedIn: page }) => {
  const limitOfDemoKey = async () => {
    const response = await page.request.post('/api/signals', {
      data: { emails: ['rate.limit.e2e@example.com'] },
      headers: { Authorization: `Bearer ${server.demoKey}` },
    });
    expect(response.ok(), String(response.status())).toBe(true);
    return response.headers()['ratelimit-limit'];
  };

  await page.goto('/admin');
  // The demo key has no rate of its own: the key list says it follows the workspace's default.
  const demoRow = page
    .getByRole('table', { name: 'API keys of this workspace' })
    .getByRole('row', { name: /^demo vty_/ });
  await expect(demoRow).toContainText('Workspace default');
  // The default itself is on the Settings tab.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Workspace settings' })).toBeVisible();
  const card = page.getByRole('region', { name: 'Rate limit' });
  const field = card.getByLabel('Default requests per second per key');
  await expect(field).toBeVisible();
  const before = await field.inputValue();
  expect(Number(before)).toBeGreaterThan(0);
  expect(await limitOfDemoKey()).toBe(String(Math.floor(Number(before))));
  await expectAccessible(page, 'admin with the rate limit form');

  // Not a positive number: said next to the field, nothing sent.
  await field.fill('0');
  await card.getByRole('button', { name: 'Save rate limit' }).click();
  await expect(card.getByText('must be more than 0')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill('');
  await card.getByRole('button', { name: 'Save rate limit' }).click();
  await expect(card.getByText('must be a number of requests per second')).toBeVisible();
  await expectAccessible(page, 'rate limit form with an error');

  const next = Number(before) + 150;
  await field.fill(String(next));
  await card.getByRole('button', { name: 'Save rate limit' }).click();
  await expect(card.getByRole('status')).toHaveText(
    `Saved: ${next} requests per second (was ${Number(before)}).`,
  );
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  await screenshot(page, 'admin-rate-limit-saved');
  expect(await limitOfDemoKey()).toBe(String(next));

  // Back to where it was, through the same form.
  await field.fill(before);
  await card.getByRole('button', { name: 'Save rate limit' }).click();
  await expect(card.getByRole('status')).toHaveText(
    `Saved: ${Number(before)} requests per second (was ${next}).`,
  );
  expect(await limitOfDemoKey()).toBe(String(Math.floor(Number(before))));
});
