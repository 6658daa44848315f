// Issue 33, "add from a session in one click": on a session's page an analyst blocks its e-mail
// domain from the keyboard (Block beside the value, a dialog with a reason filled in, Enter), sees
// it confirmed and the value marked "On block list", and finds the entry on the Lists page. The
// page passes axe, the dialog too.
import { expect, expectAccessible, screenshot, test } from './support/fixtures';

test('an analyst blocks a session e-mail domain in one click and sees it on the block list', async ({
  signedIn: page,
}) => {
  const domain = `ring-${Date.now()}.example`;
  const created = await page.request.post('/api/console/verify', {
    data: { emails: [`mallory@${domain}`], ipAddress: '198.51.100.23' },
  });
  expect(created.status()).toBe(201);
  const { sessionId } = (await created.json()) as { sessionId: string };

  await page.goto(`/sessions/${sessionId}`);
  const card = page.getByRole('region', { name: 'Block or allow' });
  const row = card.getByRole('row').filter({ hasText: 'E-mail domain' });
  await expect(row).toContainText('Not listed');
  await expect(card.getByRole('row').filter({ hasText: 'm***@' })).toBeVisible();
  await expectAccessible(page, 'the session with its list actions');

  const block = row.getByRole('button', { name: `Block e-mail domain ${domain}` });
  await block.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Block ${domain}` });
  await expect(dialog.getByLabel('Reason')).toHaveValue(`Seen in session ${sessionId}`);
  await expectAccessible(page, 'the block dialog');
  await dialog.getByLabel('Reason').fill('Fraud ring domain');
  await dialog.getByLabel('Reason').press('Enter');
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('status')).toHaveText(`${domain} added to the block list.`);
  await expect(row).toContainText('On block list');
  await expect(row).toContainText('Fraud ring domain');
  await screenshot(page, 'session-list-actions');

  await page.goto('/lists');
  const entry = page.getByRole('region', { name: 'Your lists' }).getByRole('row').filter({ hasText: domain });
  await expect(entry).toContainText('Fraud ring domain');
});
