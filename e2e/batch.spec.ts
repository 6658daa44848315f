// Batch: a CSV of applicants is checked row by row, verified with a progress bar, and the
// results come back as a CSV with the input columns and Verify's verdict on each row.
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { expect, expectAccessible, screenshot, test } from './support/fixtures';

const CSV = [
  'customer_id,email,phone,first_name,last_name,ip,birthday',
  'c-1,jane.doe@gmail.com,+14155552671,Jane,Doe,73.223.14.201,1988-04-12',
  'c-2,throwaway@mailinator.com,,,,,',
  'c-3,ok@example.com,,,,999.1.1.1,1990-02-30',
].join('\n');

test('a CSV of applicants is checked, verified and downloaded as results', async ({ signedIn: page }) => {
  await page.goto('/batch');
  await expect(page.getByRole('heading', { level: 1, name: 'Batch' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download template CSV' })).toHaveAttribute(
    'download',
    'verity-batch-template.csv',
  );
  await expectAccessible(page, 'batch, no file');
  await screenshot(page, 'batch-empty');

  await page.getByLabel('Choose a CSV file').setInputFiles({
    name: 'applicants.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(CSV),
  });
  await expect(page.getByText('3 rows, 2 rows ready, 1 row with errors (not sent).')).toBeVisible();
  await expect(page.getByText('Not sent to Verify (kept in the results CSV): "customer_id"')).toBeVisible();
  const preview = page.getByRole('table', { name: 'The first 3 rows' });
  const invalid = preview.getByRole('row', { name: /ok@example\.com/ });
  await expect(invalid.getByText('Invalid')).toBeVisible();
  await expect(invalid).toContainText('ipAddress: must be an IPv4 or IPv6 address');
  await expect(invalid).toContainText('birthday: is not a calendar date');
  await expect(preview.getByRole('row', { name: /jane\.doe@gmail\.com/ }).getByText('Ready')).toBeVisible();
  await expectAccessible(page, 'batch preview');
  await screenshot(page, 'batch-preview');

  await page.getByRole('button', { name: 'Verify 2 rows' }).click();
  const progress = page.getByRole('progressbar', { name: 'Progress' });
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByText('2 of 2 rows verified')).toBeVisible();
  await expect(page.getByText('2 done · 0 failed · 0 left · 1 invalid, not sent')).toBeVisible();

  const results = page.getByRole('table', { name: 'Verify results per row' });
  for (const email of ['jane.doe@gmail.com', 'throwaway@mailinator.com']) {
    const row = results.getByRole('row', { name: new RegExp(email.replaceAll('.', '\\.')) });
    await expect(row.getByRole('cell').nth(2)).toHaveText(/^(0\.\d\d|1\.00)$/);
    await expect(row.getByRole('cell').nth(3)).toHaveText(/^(Low|Medium|High)$/);
    await expect(row.getByRole('cell').nth(5)).toHaveText(/^ses_[A-Za-z0-9]+$/);
    // The session id opens that session's page.
    await expect(row.getByRole('cell').nth(5).getByRole('link')).toHaveAttribute(
      'href',
      /^\/sessions\/ses_[A-Za-z0-9]+$/,
    );
  }
  await expectAccessible(page, 'batch results');
  await screenshot(page, 'batch-results');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download results CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('applicants-results.csv');
  const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
  expect(parsed.meta.fields).toEqual([
    'customer_id',
    'email',
    'phone',
    'first_name',
    'last_name',
    'ip',
    'birthday',
    'risk',
    'band',
    'sessionId',
    'high_checks',
    'med_checks',
    'error',
  ]);
  expect(parsed.data).toHaveLength(3);
  const [jane, throwaway, broken] = parsed.data;
  expect(jane).toMatchObject({ customer_id: 'c-1', phone: '+14155552671', error: '' });
  expect(jane?.risk).toMatch(/^\d\.\d{4}$/);
  expect(jane?.band).toMatch(/^(low|medium|high)$/);
  expect(jane?.sessionId).toMatch(/^ses_/);
  expect(throwaway?.sessionId).toMatch(/^ses_/);
  expect(broken).toMatchObject({ customer_id: 'c-3', risk: '', sessionId: '' });
  expect(broken?.error).toContain('ipAddress: must be an IPv4 or IPv6 address');

  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, 'batch results, dark');
  await screenshot(page, 'batch-results-dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'batch results, phone');
  await screenshot(page, 'batch-results-phone');
});

test('a file without a known column is refused with the reason', async ({ signedIn: page }) => {
  await page.goto('/batch');
  await page.getByLabel('Choose a CSV file').setInputFiles({
    name: 'notes.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('note,amount\nhello,3\n'),
  });
  const error = page.getByRole('alert').filter({ hasText: 'The file was not loaded' });
  await expect(error).toContainText('No column of the file is one the batch reads (found: note, amount)');
  await expect(page.getByRole('heading', { name: '2. Check the rows' })).toHaveCount(0);
});
