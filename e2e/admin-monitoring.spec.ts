// Admin: continuous sanctions monitoring (issue 34). Settings has the window in days (90 by
// default, 0 for off), validated under the field, saved with what it was; and the latest runs with
// their progress, or an empty state before any list update has queued one.
import { expect, expectAccessible, screenshot, test } from './support/fixtures';

test('the monitoring window is set in Settings, and runs are listed with their progress', async ({
  signedIn: page,
}) => {
  await page.goto('/admin/settings');
  const card = page.getByRole('region', { name: 'Sanctions monitoring' });
  const field = card.getByLabel('Monitoring window in days');
  await expect(field).toHaveValue('90');
  await expect(card.getByText('No monitoring runs yet')).toBeVisible();
  await expectAccessible(page, 'admin settings with sanctions monitoring');
  await screenshot(page, 'admin-monitoring');

  await field.fill('-1');
  await card.getByRole('button', { name: 'Save monitoring window' }).click();
  await expect(card.getByText('must be 0 (off) or more')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  await field.fill('30');
  await card.getByRole('button', { name: 'Save monitoring window' }).click();
  await expect(card.getByRole('status')).toHaveText('Saved: 30 days (was 90 days).');
  const stored = await page.request.get('/api/console/monitoring');
  expect(((await stored.json()) as { windowDays: number }).windowDays).toBe(30);

  // The shared demo workspace as the other specs expect it.
  await field.fill('90');
  await card.getByRole('button', { name: 'Save monitoring window' }).click();
  await expect(card.getByRole('status')).toHaveText('Saved: 90 days (was 30 days).');
});
