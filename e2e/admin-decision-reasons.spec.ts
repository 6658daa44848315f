// Admin: the workspace's decision reasons. The admin sees the defaults per decision, adds one,
// which the API then lists, and removes it again (other specs share the demo workspace).
import { expect, expectAccessible, screenshot, test } from './support/fixtures';

test('an admin adds a decision reason and removes it again', async ({ signedIn: page }) => {
  const stored = async () => {
    const response = await page.request.get('/api/console/decision-reasons');
    expect(response.ok(), String(response.status())).toBe(true);
    return ((await response.json()) as { reasons: { decision: string; label: string }[] }).reasons;
  };

  await page.goto('/admin/settings');
  const card = page.getByRole('region', { name: 'Decision reasons' });
  const decline = card.getByRole('list', { name: 'Decline' });
  await expect(decline.getByRole('listitem')).toHaveText([
    /Synthetic identity/,
    /Stolen identity/,
    /Sanctions match/,
  ]);
  await expect(card.getByRole('list', { name: 'Approve' })).toContainText('Verified identity');
  await expect(card.getByRole('list', { name: 'Review' })).toContainText('Needs documents');
  await expectAccessible(page, 'admin with the decision reasons');

  // An empty label is refused in the form, naming the field.
  await card.getByRole('button', { name: 'Add reason' }).click();
  await expect(card.getByLabel('New reason')).toHaveAttribute('aria-invalid', 'true');

  await card.getByLabel('For').selectOption('decline');
  await card.getByLabel('New reason').fill('Money mule');
  await card.getByRole('button', { name: 'Add reason' }).click();
  await expect(decline.getByRole('listitem')).toHaveCount(4);
  await expect(decline).toContainText('Money mule');
  await screenshot(page, 'admin-decision-reasons');
  expect(await stored()).toContainEqual({ decision: 'decline', label: 'Money mule' });

  await decline.getByRole('button', { name: 'Remove Money mule' }).click();
  await expect(decline.getByRole('listitem')).toHaveCount(3);
  expect(await stored()).not.toContainEqual({ decision: 'decline', label: 'Money mule' });
});
