// Admin: a deletion recorded from the console. The admin names an email and a phone that the
// graph and a Verify session hold, reads that it reaches only this workspace's contributions and
// sessions, confirms in a dialog that says it cannot be undone, and sees the rows erased per
// table; this workspace's Verify then answers 410 DATA_DELETED for the email.
import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, screenshot, server, test } from './support/fixtures';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** A key-authenticated public API call with the demo workspace's key. */
async function api(request: APIRequestContext, path: string, body: unknown) {
  return request.post(path, { data: body, headers: { Authorization: `Bearer ${server.demoKey}` } });
}

test('an admin records a deletion, confirms it, and sees what was erased', async ({ signedIn: page }) => {
  const email = `forget.me.${unique()}@example.com`;
  const phone = `+1415${200 + Math.floor(Math.random() * 800)}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
  const fed = await api(page.request, '/api/events', [
    { type: 'signup', observedAt: Date.now() - 3_600_000, source: 'e2e', email, phone },
  ]);
  expect(await fed.json()).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
  expect((await api(page.request, '/api/verify', { email, phone })).status()).toBe(201);

  await page.goto('/admin');
  const card = page.getByRole('region', { name: "Delete a person's data" });
  await expect(card).toBeVisible();
  // The scope is said before anything is named: this workspace's data, not the person everywhere.
  await expect(card).toContainText("Other workspaces' records and sessions are not touched");
  await expect(card).toContainText('npm run deletions -- erase');
  await expectAccessible(page, 'admin with the deletion form');
  await screenshot(page, 'admin-deletion-form');

  // Nothing named: the form says so next to the first field and sends nothing.
  await card.getByRole('button', { name: 'Review deletion…' }).click();
  await expect(card.getByText('Enter at least one email, phone, SSN or profile to delete.')).toBeVisible();
  await expect(card.getByLabel('Emails')).toBeFocused();

  await card.getByLabel('Emails').fill(email);
  await card.getByLabel('Phones').fill(phone);
  await card.getByRole('button', { name: 'Review deletion…' }).click();
  const dialog = page.getByRole('dialog', { name: "Delete this person's data for good?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('You are about to delete 1 email and 1 phone. This cannot be undone.');
  await expect(dialog).toContainText("Other workspaces' records and sessions stay.");
  // The safe choice has the focus: Enter on a stray keypress cancels rather than deletes.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAccessible(page, 'deletion confirmation');
  // The viewport, not the full page: a modal's backdrop covers only what is on screen.
  await page.screenshot({ path: 'e2e/output/screenshots/admin-deletion-confirm.png' });

  await dialog.getByRole('button', { name: 'Delete permanently' }).click();
  await expect(dialog).toBeHidden();
  const outcome = card.getByText(/^Deletion recorded: \d+ rows erased$/);
  await expect(outcome).toBeVisible();
  await expect(outcome).toBeFocused();
  const counts = card.getByRole('table', { name: 'Rows erased per table' });
  const erased = async (label: string) =>
    Number(
      (await counts
        .getByRole('row', { name: new RegExp(`^${label}`) })
        .getByRole('cell')
        .textContent()) ?? '',
    );
  // The email and the phone; their link; one sign-up each plus one Verify sighting each (a call is
  // one sighting, no longer a verification and an id_resolution observation: issue 9).
  expect(await erased('Identifiers')).toBe(2);
  expect(await erased('Links between identifiers')).toBe(1);
  expect(await erased('Observations')).toBe(4);
  expect(await erased('Phone carrier records')).toBe(0);
  expect(await erased('Verify sessions')).toBe(1);
  expect(await erased('Verify calls')).toBe(1);
  await expect(card).toContainText('4 new tombstones (keyed hashes)');
  await expect(card.getByRole('button', { name: 'Copy request id' })).toBeVisible();
  await expect(card.getByLabel('Emails')).toHaveValue('');
  await expectAccessible(page, 'deletion result');
  await screenshot(page, 'admin-deletion-result');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, 'deletion result, dark');
  await screenshot(page, 'admin-deletion-result-dark');

  const refused = await api(page.request, '/api/verify', { email });
  expect(refused.status()).toBe(410);
  expect(refused.headers()['content-type']).toBe('application/problem+json');
  expect(await refused.json()).toMatchObject({ code: 'DATA_DELETED', status: 410 });
});

test('the server’s field errors land on the field, and nothing is deleted', async ({
  signedIn: page,
  consoleErrors,
}) => {
  await page.goto('/admin');
  const card = page.getByRole('region', { name: "Delete a person's data" });
  await card.getByLabel('Emails').fill(`kept.${unique()}@example.com\nnot an address`);
  await card.getByRole('button', { name: 'Review deletion…' }).click();
  const dialog = page.getByRole('dialog', { name: "Delete this person's data for good?" });
  await expect(dialog).toContainText('2 emails');
  await dialog.getByRole('button', { name: 'Delete permanently' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('alert').filter({ hasText: 'Nothing was deleted' })).toContainText(
    'emails.1: must be an email address or its MD5, SHA1 or SHA-256 hex digest',
  );
  const emails = card.getByLabel('Emails');
  await expect(emails).toHaveAttribute('aria-invalid', 'true');
  await expect(emails).toBeFocused();
  await expect(
    card.getByText('Line 2: must be an email address or its MD5, SHA1 or SHA-256 hex digest'),
  ).toBeVisible();
  // Chromium logs the refused request itself; that one line is expected, nothing else.
  expect(consoleErrors).toEqual([expect.stringMatching(/status of 400/)]);
  consoleErrors.splice(0, consoleErrors.length);
  await expectAccessible(page, 'deletion with a field error');
  await screenshot(page, 'admin-deletion-field-error');
  // A phone-sized screen: the fields stack in one column.
  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await expectAccessible(page, 'deletion form, narrow');
  await screenshot(page, 'admin-deletion-narrow');
});
