// Risk policy: an admin raises one level (IP_TYPE PRIVATE, MED by default), previews how the
// workspace's recent sessions would move between bands, confirms the save, sees the version in
// the history, and a console Verify answers with the new level and says where it came from.
import { expect, expectAccessible, screenshot, test } from './support/fixtures';

const PRIVATE_IP = '10.20.30.40';

test('an admin changes a level, previews the impact, saves, and Verify reflects it', async ({
  signedIn: page,
}) => {
  test.setTimeout(120_000);
  // A recent session the change moves: a private address alone scores low with IP_TYPE at MED.
  const seeded = await page.request.post('/api/console/verify', { data: { ipAddress: PRIVATE_IP } });
  expect(seeded.status()).toBe(201);

  await page.goto('/admin');
  await page.getByRole('link', { name: 'Risk policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Risk policy' })).toBeVisible();
  const levels = page.getByRole('region', { name: 'Risk levels' });
  await expect(levels).toContainText('Version 0 is in force');
  await expect(page.getByText('No policy saved yet')).toBeVisible();
  await expect(levels.getByRole('button', { name: 'Save…' })).toBeDisabled();
  await expectAccessible(page, 'risk policy (defaults)');
  // Learning from decisions (issue 30, item 5): the demo workspace has too few decided sessions
  // to fit weights, and the card says how many it needs and has.
  const learned = page.getByRole('region', { name: 'Learn from decisions' });
  await expect(learned.getByText('Not enough decisions yet')).toBeVisible();
  await expect(learned).toContainText(
    /A suggestion needs at least \d+ approved or declined sessions, with at least \d+ of each\. This workspace has \d+/,
  );

  const level = levels.getByLabel('Level for IP_TYPE PRIVATE');
  await expect(level).toHaveValue('MED');
  await level.focus();
  await level.selectOption('HIGH');
  await expect(levels.getByText('1 level changed from version 0: IP_TYPE PRIVATE MED → HIGH.')).toBeVisible();
  await expect(levels.getByText('Preview the impact of these levels before saving them.')).toBeVisible();
  await expect(levels.getByRole('button', { name: 'Save…' })).toBeDisabled();

  // Only the differing rows, to review the draft.
  await levels.getByLabel('Only levels that differ from the defaults or from the policy in force').check();
  await expect(levels.locator('select')).toHaveCount(1);

  await levels.getByRole('button', { name: 'Preview impact' }).click();
  const impact = levels.getByRole('region', { name: 'Impact on the last 30 days' });
  await expect(impact).toBeVisible();
  await expect(impact).toContainText(/Replayed \d+ sessions? of the last 30 days/);
  await expect(impact).toContainText(/\d+ sessions? low → medium/);
  await expect(
    impact.getByRole('table', { name: 'Sessions per risk band, policy in force and draft' }),
  ).toBeVisible();
  await expectAccessible(page, 'risk policy preview');
  await screenshot(page, 'risk-policy-preview');

  await levels.getByRole('button', { name: 'Save…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save version 1 of the risk policy?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('IP_TYPE PRIVATE: MED → HIGH');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Save version 1' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Version 1 saved' })).toBeVisible();
  await expect(levels).toContainText('Version 1 is in force');
  const history = page.getByRole('table', { name: 'Saved versions of the risk policy' });
  await expect(history).toContainText('IP_TYPE PRIVATE: HIGH (default MED)');

  // A console Verify now answers IP_TYPE at HIGH, saying the workspace's policy set it.
  await page.goto('/');
  await page.getByLabel('IP address').fill(PRIVATE_IP);
  await page.getByRole('button', { name: 'Run Verify' }).click();
  await expect(page.getByText("Risk set by the workspace's policy (default MED).")).toBeVisible();
  await screenshot(page, 'risk-policy-verify');
  // The session page names the version the call was scored under.
  await page.getByRole('link', { name: 'Open session' }).click();
  await expect(page.getByText("Scored under the workspace's risk policy version 1.")).toBeVisible();

  // Back to the defaults, so the specs after this one see the catalog's levels.
  const restored = await page.request.put('/api/console/risk-policy', {
    data: { overrides: {}, expectedVersion: 1 },
  });
  expect(restored.status()).toBe(200);
});
