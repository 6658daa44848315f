// Issue 33, a workspace's lists in bulk and by hand: an admin imports a CSV, sees the rows the
// browser refuses by line before anything is sent, imports the others and sees the one the server
// refuses by line too; exports the lists as a file holding them; edits an entry's reason in a
// dialog (a blank one refused under its field). The page passes axe, also at 390 px.
import { readFile } from 'node:fs/promises';
import { expect, expectAccessible, screenshot, test } from './support/fixtures';

test('an admin imports a CSV with a preview of the rejected rows, exports the lists and edits an entry', async ({
  signedIn: page,
}) => {
  const stamp = Date.now();
  const domain = `import-${stamp}.example`;
  const email = `vip-${stamp}@example.com`;
  await page.goto('/lists');
  const card = page.getByRole('region', { name: 'Your lists' });
  const imports = card.getByRole('region', { name: 'Import and export CSV' });
  await imports.getByLabel('Choose a CSV file').setInputFiles({
    name: 'entries.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      [
        'list,kind,value,reason,expires_at',
        `block,email_domain,${domain},Disposable domain,2099-12-31`,
        'grey,ip,10.0.0.1,unsure,',
        'block,phone,call me,ring,',
        `allow,email,${email},Known customer,`,
      ].join('\n'),
    ),
  });
  const preview = imports.getByTestId('import-preview');
  await expect(preview.getByRole('status')).toHaveText(
    'entries.csv: 3 entries ready to import, 1 row rejected.',
  );
  const browserRefusals = preview.getByRole('table', { name: 'Rows that will not be imported' });
  await expect(browserRefusals.getByRole('row')).toHaveCount(2);
  await expect(browserRefusals.getByRole('row').nth(1)).toHaveText(/3\s*list\s*must be block or allow/);
  await expectAccessible(page, 'the import preview');
  await screenshot(page, 'lists-import-preview');

  await preview.getByRole('button', { name: 'Import 3 entries' }).click();
  await expect(imports.getByRole('status')).toContainText(
    'Imported 2 entries from entries.csv. 2 rows not imported, listed below.',
  );
  const refusals = imports.getByRole('table', { name: 'Rows not imported' });
  await expect(refusals.getByRole('row').nth(1)).toHaveText(/3\s*list\s*must be block or allow/);
  await expect(refusals.getByRole('row').nth(2)).toHaveText(/4\s*value\s*phone is not a phone number/);
  await expect(card.getByRole('row').filter({ hasText: domain })).toContainText('Disposable domain');
  await expect(card.getByRole('row').filter({ hasText: email })).toContainText('Allow');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    imports.getByRole('link', { name: 'Export all entries (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^workspace-lists-all-\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = await readFile(await download.path(), 'utf8');
  expect(exported.split('\r\n')[0]).toBe('list,kind,value,reason,expires_at,created_by,created_at');
  expect(exported).toContain(`block,email_domain,${domain},Disposable domain,2099-12-31T23:59:59.000Z,`);
  expect(exported).toContain(`allow,email,${email},Known customer,,`);

  const row = card.getByRole('row').filter({ hasText: domain });
  await row.getByRole('button', { name: `Edit ${domain} on the block list` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${domain}` });
  await expect(dialog.getByLabel('Expires (optional)')).toHaveValue('2099-12-31');
  await dialog.getByLabel('Reason').fill('');
  await dialog.getByRole('button', { name: 'Save entry' }).click();
  await expect(dialog.getByText('say why: a reason is required')).toBeVisible();
  await expectAccessible(page, 'the edit dialog');
  await dialog.getByLabel('Reason').fill('Disposable domain, two chargebacks');
  await dialog.getByLabel('Expires (optional)').fill('');
  await dialog.getByRole('button', { name: 'Save entry' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('status').first()).toContainText(`${domain} on the block list saved.`);
  await expect(row).toContainText('Disposable domain, two chargebacks');
  await expect(row).toContainText('Never');

  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'the lists after an import, phone');
  await screenshot(page, 'lists-import-phone');
});
