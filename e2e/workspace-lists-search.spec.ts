// Issue 33, "Block/Allow from search results": an analyst searches the sessions for a phone, and
// from the result's row, by keyboard alone, opens its values and blocks the e-mail's domain (the
// session page's Block, reason filled in, Enter), sees it confirmed and marked on the list. The
// results with the dialog open pass axe.
import { expect, expectAccessible, server, test } from './support/fixtures';

test('an analyst blocks a domain from a search result without leaving the search', async ({
  signedIn: page,
}) => {
  const domain = `search-ring-${Date.now()}.example`;
  const email = `trent@${domain}`;
  const phone = `+1 415 727 ${String(Math.floor(Math.random() * 9000) + 1000)}`;
  // A session of the workspace's API traffic, which the search covers.
  const created = await page.request.post('/api/verify', {
    data: { emails: [email], phones: [phone] },
    headers: { Authorization: `Bearer ${server.demoKey}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { sessionId } = (await created.json()) as { sessionId: string };

  await page.goto(`/sessions?q=${encodeURIComponent(phone)}`);
  const result = page.getByRole('row').filter({ hasText: sessionId });
  const open = result.getByRole('button', { name: `Block or allow values of session ${sessionId}` });
  await open.focus();
  await page.keyboard.press('Enter');
  const values = page.getByRole('dialog', { name: `Block or allow: ${sessionId}` });
  const row = values.getByRole('row').filter({ hasText: 'E-mail domain' });
  await expect(row).toContainText('Not listed');
  await expectAccessible(page, 'a search result with its list actions');

  await row.getByRole('button', { name: `Block e-mail domain ${domain}` }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Block ${domain}` });
  await expect(dialog.getByLabel('Reason')).toHaveValue(`Seen in session ${sessionId}`);
  await dialog.getByLabel('Reason').fill('Ring found by search');
  await dialog.getByLabel('Reason').press('Enter');
  await expect(dialog).toBeHidden();
  await expect(values.getByRole('status')).toHaveText(`${domain} added to the block list.`);
  await expect(row).toContainText('On block list');

  // Closing returns to the results, where the search still stands.
  await values.getByRole('button', { name: 'Close' }).click();
  await expect(values).toBeHidden();
  await expect(result).toBeVisible();
});
