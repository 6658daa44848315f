// Admin: sharing the identity graph (issue 32). A new workspace does not share; the card says so
// and lists what the workspace has contributed. Turning sharing on shows that list again and asks
// to confirm (Cancel changes nothing); turning it off takes effect at once.
import { expect, expectAccessible, screenshot, test } from './support/fixtures';

test('sharing is off by default, turning it on asks to confirm with what it shares', async ({
  signedIn: page,
}) => {
  const stored = async () => {
    const response = await page.request.get('/api/console/graph-sharing');
    expect(response.ok(), String(response.status())).toBe(true);
    return ((await response.json()) as { shareGraph: boolean }).shareGraph;
  };

  await page.goto('/admin/settings');
  const card = page.getByRole('region', { name: 'Sharing the identity graph' });
  const toggle = card.getByRole('switch', { name: /Share this workspace's contributions/ });
  await expect(toggle).not.toBeChecked();
  await expect(card).toContainText('Not shared. Other workspaces see none of the contributions below.');
  // The demo workspace's seeded graph: people with emails, phones and addresses, linked.
  const contributions = card.getByRole('definition');
  await expect(contributions.first()).toBeVisible();
  await expect(card.getByText('Links between identifiers')).toBeVisible();
  await expectAccessible(page, 'admin with the graph sharing switch');
  await screenshot(page, 'admin-graph-sharing-off');

  await toggle.click();
  const dialog = page.getByRole('dialog', { name: "Share this workspace's contributions?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Postal addresses')).toBeVisible();
  await expect(dialog.getByText('Links between identifiers')).toBeVisible();
  await expectAccessible(page, 'the sharing confirmation');
  await screenshot(page, 'admin-graph-sharing-confirm');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(toggle).not.toBeChecked();
  expect(await stored()).toBe(false);

  await toggle.click();
  await dialog.getByRole('button', { name: 'Share with other workspaces' }).click();
  await expect(card.getByRole('status')).toHaveText(
    'Saved: other workspaces see this workspace’s contributions.',
  );
  await expect(toggle).toBeChecked();
  await expect(card).toContainText('Shared now. Other workspaces see the contributions below.');
  expect(await stored()).toBe(true);

  // Off again, at once: sharing less needs no confirmation.
  await toggle.click();
  await expect(card.getByRole('status')).toHaveText(
    'Saved: other workspaces no longer see this workspace’s contributions.',
  );
  await expect(toggle).not.toBeChecked();
  await expect(card).toContainText('Not shared.');
  expect(await stored()).toBe(false);
});
