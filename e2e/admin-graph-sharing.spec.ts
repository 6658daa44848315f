// Admin: sharing the identity graph. The admin sees the switch on (the default), turns it off
// and the console's API reports the change, then turns it back on (the other specs share the
// demo workspace, whose contributions they expect to see).
import { expect, expectAccessible, screenshot, test } from './support/fixtures';

test('an admin turns sharing of the identity graph off and on again', async ({ signedIn: page }) => {
  const stored = async () => {
    const response = await page.request.get('/api/console/graph-sharing');
    expect(response.ok(), String(response.status())).toBe(true);
    return ((await response.json()) as { shareGraph: boolean }).shareGraph;
  };

  await page.goto('/admin/settings');
  const card = page.getByRole('region', { name: 'Sharing the identity graph' });
  const toggle = card.getByRole('switch', { name: /Share this workspace's contributions/ });
  await expect(toggle).toBeChecked();
  await expect(card).toContainText('other workspaces no longer see them');
  await expectAccessible(page, 'admin with the graph sharing switch');

  await toggle.click();
  await expect(card.getByRole('status')).toHaveText(
    'Saved: other workspaces no longer see this workspace’s contributions.',
  );
  await expect(toggle).not.toBeChecked();
  await screenshot(page, 'admin-graph-sharing-off');
  expect(await stored()).toBe(false);

  await toggle.click();
  await expect(card.getByRole('status')).toHaveText(
    'Saved: other workspaces see this workspace’s contributions.',
  );
  await expect(toggle).toBeChecked();
  expect(await stored()).toBe(true);
});
