// Issue 33, a workspace's own lists on the Lists page: an analyst blocks an e-mail domain with a
// reason and an expiry, sees a wrong value refused under its field (the server reads each kind),
// and removes the entry; the page passes axe.
import { expect, expectAccessible, screenshot, test } from './support/fixtures';

test('an analyst adds a block-list entry, sees a wrong one refused under its field, and removes it', async ({
  signedIn: page,
  consoleErrors,
}) => {
  const domain = `abused-${Date.now()}.example`;
  await page.goto('/lists');
  const card = page.getByRole('region', { name: 'Your lists' });
  await expect(card.getByText('No entries yet.').or(card.getByRole('table'))).toBeVisible();
  const form = card.getByRole('form', { name: 'Add an entry' });

  // The form's own check first: a reason is required.
  await form.getByLabel('Kind').selectOption('email_domain');
  await form.getByLabel('Value').fill(domain);
  await form.getByRole('button', { name: 'Add to the list' }).click();
  await expect(form.getByText('say why: a reason is required')).toBeVisible();

  await form.getByLabel('Reason').fill('Disposable domain abused last week');
  await form.getByLabel('Expires (optional)').fill('2099-12-31');
  await form.getByRole('button', { name: 'Add to the list' }).click();
  await expect(card.getByRole('status')).toContainText(`Block list: ${domain} saved.`);
  const row = card.getByRole('row').filter({ hasText: domain });
  await expect(row).toContainText('Disposable domain abused last week');
  await expect(row).toContainText('Block');
  await expect(form.getByLabel('Value')).toHaveValue('');

  // The server reads each kind: "call me" is no phone number, said under the field.
  await form.getByLabel('Kind').selectOption('phone');
  await form.getByLabel('Value').fill('call me');
  await form.getByLabel('Reason').fill('ring');
  await form.getByRole('button', { name: 'Add to the list' }).click();
  await expect(form.getByText('phone is not a phone number')).toBeVisible();
  // The refusal is the answer expected here; the browser logs its 400 as an error.
  expect(consoleErrors).toEqual([expect.stringMatching(/status of 400/)]);
  consoleErrors.splice(0, consoleErrors.length);
  await expectAccessible(page, 'the workspace lists');
  await screenshot(page, 'lists-workspace');

  await row.getByRole('button', { name: `Remove ${domain} from the block list` }).click();
  await expect(card.getByRole('status')).toContainText(`${domain} removed from the block list.`);
  await expect(card.getByRole('row').filter({ hasText: domain })).toHaveCount(0);
});
