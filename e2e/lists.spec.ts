// Lists: with nothing imported the page says how to import and which checks wait; after
// `npm run lists -- import reference-data/ssn` it shows the SSA tables with their date, size and
// age; after importing the shipped Tor lists (from 2024) it flags them stale.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { appDatabaseUrl, cliEnv } from './support/cli-env';
import { expect, expectAccessible, screenshot, test } from './support/fixtures';

const run = promisify(execFile);

/** `npm run lists -- ARGS` as documented, against the e2e server's DATA_DIR. */
async function listsCli(args: string[]): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    ['node_modules/tsx/dist/cli.mjs', 'scripts/lists.ts', ...args],
    {
      env: { ...process.env, ...cliEnv() },
    },
  );
  return stdout;
}

// The SSA tables and Tor lists are removed again afterwards: the other specs start with no lists,
// as the server does.
test.afterAll(async () => {
  const client = new pg.Client({ connectionString: appDatabaseUrl() });
  await client.connect();
  try {
    await client.query("DELETE FROM reference_lists WHERE category LIKE 'ssa-%' OR category = 'tor'");
  } finally {
    await client.end();
  }
});

test('the empty Lists page, then the SSA tables after an import', async ({ signedIn: page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/lists');
  await expect(page.getByRole('heading', { level: 1, name: 'Lists' })).toBeVisible();
  const empty = page.getByRole('region', { name: 'No reference lists imported yet' });
  await expect(empty).toBeVisible();
  await expect(empty.getByText('npm run lists -- import DIR', { exact: true })).toBeVisible();
  await empty.getByRole('button', { name: 'Copy command' }).click();
  await expect(empty.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('npm run lists -- import DIR');
  // Each group says which checks wait for it.
  const ssa = page.getByRole('region', { name: 'SSA tables' });
  await expect(ssa).toContainText('None imported');
  await expect(ssa).toContainText('SYNTHETIC_SSN_ISSUE_DATE');
  await expect(ssa).toContainText('SYNTHETIC_SSN_BEFORE_BIRTH');
  await expect(page.getByRole('region', { name: 'Sanctions lists' })).toContainText('IDENTITY_OFAC_LIST');
  await expect(page.getByRole('region', { name: 'IP lists' })).toContainText('IP_TYPE');
  // Each missing kind is marked "Not loaded", with the command that loads it.
  const sanctionsMissing = page.getByRole('list', { name: 'Sanctions lists not loaded' });
  await expect(sanctionsMissing.getByRole('listitem')).toHaveCount(5);
  await expect(sanctionsMissing.getByRole('listitem').first()).toHaveText('OFAC: Not loaded');
  await expect(page.getByRole('region', { name: 'Sanctions lists' })).toContainText(
    'Load them with npm run lists -- update',
  );
  await expect(page.getByRole('region', { name: /stale or undated/ })).toHaveCount(0);
  await expectAccessible(page, 'lists empty');
  await screenshot(page, 'lists-empty');
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, 'lists-empty-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  const summary = JSON.parse(await listsCli(['import', 'reference-data/ssn'])) as { imported: unknown[] };
  expect(summary.imported).toHaveLength(3);

  // The server caches the list summary for a few seconds: refresh until the import shows.
  const highGroups = ssa.getByRole('row', { name: /high_groups_june_24_2011_raw\.txt/ });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(highGroups).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(empty).toHaveCount(0);
  await expect(ssa).toContainText('3 lists, 879 entries');
  await expect(ssa).not.toContainText('None imported');
  await expect(highGroups.getByRole('cell').nth(0)).toHaveText('High groups');
  await expect(highGroups.getByRole('cell').nth(1)).toHaveText('ssa-high-groups');
  await expect(highGroups.getByRole('cell').nth(2)).toHaveText('755');
  await expect(highGroups.getByRole('cell').nth(3)).toHaveText('Jun 24, 2011');
  await expect(highGroups.getByRole('cell').nth(4)).toContainText('just now');
  // Its age counts from its publication date; the SSA tables are frozen, so never stale.
  const highGroupsAge = highGroups.getByRole('cell').nth(5);
  await expect(highGroupsAge).toContainText(/^\d+ years old \(published Jun 24, 2011\)$/);
  await expect(highGroupsAge.locator('time')).toHaveAttribute('datetime', '2011-06-24T00:00:00.000Z');
  const areas = ssa.getByRole('row', { name: /ssn\/area_data\.txt/ });
  await expect(areas.getByRole('cell').nth(0)).toHaveText('Areas');
  await expect(areas.getByRole('cell').nth(2)).toHaveText('58');
  await expect(areas.getByRole('cell').nth(3)).toHaveText('Not stated');
  await expect(areas.getByRole('cell').nth(5)).toContainText('age unknown (imported');
  await expect(
    ssa
      .getByRole('row', { name: /ssn\/area_data_raw\.txt/ })
      .getByRole('cell')
      .nth(2),
  ).toHaveText('66');
  // The other groups still say what is missing.
  await expect(page.getByRole('region', { name: 'Sanctions lists' })).toContainText('None imported');
  await expect(page.getByText('3 lists loaded')).toBeVisible();
  await expect(page.getByRole('region', { name: /stale or undated/ })).toHaveCount(0);
  await expectAccessible(page, 'lists with SSA tables');
  await screenshot(page, 'lists-ssa');
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, 'lists-ssa-dark');
});

test('the shipped Tor lists, from 2024, are flagged stale', async ({ signedIn: page }) => {
  const summary = JSON.parse(await listsCli(['import', 'reference-data/ip/tor'])) as { imported: unknown[] };
  expect(summary.imported).toHaveLength(2);
  await page.goto('/lists');
  const ip = page.getByRole('region', { name: 'IP lists' });
  const exits = ip.getByRole('row', { name: /tor\/exit-addresses/ });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(exits).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  // Published 2024-03-12 (its latest LastStatus): far past Tor's one-day limit.
  const age = exits.getByRole('cell').nth(5);
  await expect(age).toContainText(/years? old \(published Mar 12, 2024\)/);
  await expect(age).toContainText('Stale: older than 1 day');
  await expect(age.locator('time')).toHaveAttribute('datetime', /^2024-03-12T/);
  const stale = page.getByRole('region', { name: /stale or undated/ });
  await expect(stale).toBeVisible();
  await expect(stale).toContainText('tor/exit-addresses');
  await expect(stale).toContainText('npm run lists -- update');
  // The kinds still missing keep their "Not loaded" marks.
  await expect(page.getByRole('list', { name: 'IP lists not loaded' })).toContainText('VPN: Not loaded');
  await expectAccessible(page, 'lists with stale Tor lists');
  await screenshot(page, 'lists-stale');
});
