// Admin: members, settings and the audit log. The admin moves between the admin tabs by keyboard,
// adds an analyst (whose one-time password is shown once), adds a second member and makes them
// admin, changes the trial quota and puts it back; the analyst signs in with that password and
// cannot open Admin; the admin then finds each change in the audit log and exports it as CSV.
import { readFile } from 'node:fs/promises';
import { expect, expectAccessible, screenshot, signIn, test } from './support/fixtures';

const stamp = `${process.pid}-${Date.now()}`;

test('an admin adds an analyst, who cannot open Admin, and finds every change in the audit log', async ({
  signedIn: page,
  browser,
}) => {
  const analystEmail = `analyst-${stamp}@example.com`;
  const colleagueEmail = `colleague-${stamp}@example.com`;

  // The admin tabs: plain links, reached with Tab and followed with Enter, the current one marked.
  await page.goto('/admin');
  const tabs = page.getByRole('navigation', { name: 'Admin' });
  await expect(tabs.getByRole('link', { name: 'Keys' })).toHaveAttribute('aria-current', 'page');
  await tabs.getByRole('link', { name: 'Keys' }).focus();
  await page.keyboard.press('Tab');
  await expect(tabs.getByRole('link', { name: 'Members' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/members$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
  await expect(tabs.getByRole('link', { name: 'Members' })).toHaveAttribute('aria-current', 'page');
  await expect(tabs.getByRole('link', { name: 'Keys' })).not.toHaveAttribute('aria-current', 'page');
  const members = page.getByRole('table', { name: 'Members of this workspace' });
  await expect(members.getByRole('row', { name: /admin@verity\.local/ })).toContainText('(you)');
  await expectAccessible(page, 'members');

  // Bad input is said next to the field, nothing is sent.
  const add = page.getByRole('region', { name: 'Add a member' });
  await add.getByLabel('E-mail').fill('not an e-mail');
  await add.getByRole('button', { name: 'Add member' }).click();
  await expect(add.getByText('must be an e-mail address such as ana@example.com')).toBeVisible();

  await add.getByLabel('E-mail').fill(analystEmail);
  await add.getByLabel('Role').selectOption('analyst');
  await add.getByRole('button', { name: 'Add member' }).click();
  const added = page.getByText(`${analystEmail} added as analyst. Copy their password now`);
  await expect(added).toBeFocused();
  const password = (await page.locator('.secret code').textContent()) ?? '';
  expect(password).toMatch(/^\S{16,}$/);
  await expect(page.getByRole('button', { name: 'Copy password' })).toBeVisible();
  await expectAccessible(page, 'members with a one-time password');
  await screenshot(page, 'admin-member-added');
  await page.getByRole('button', { name: 'I have handed it over' }).click();
  await expect(page.locator('.secret')).toHaveCount(0);
  await expect(members.getByRole('row', { name: new RegExp(analystEmail) })).toContainText('analyst');

  // A second member, made admin through the confirmation dialog.
  await add.getByLabel('E-mail').fill(colleagueEmail);
  await add.getByRole('button', { name: 'Add member' }).click();
  await page.getByRole('button', { name: 'I have handed it over' }).click();
  await members.getByRole('button', { name: `Make ${colleagueEmail} admin` }).click();
  const dialog = page.getByRole('dialog', { name: `Make ${colleagueEmail} admin?` });
  await expectAccessible(page, 'role change dialog');
  await dialog.getByRole('button', { name: 'Make admin' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${colleagueEmail} is now admin.` })).toBeVisible();
  await expect(members.getByRole('row', { name: new RegExp(colleagueEmail) })).toContainText('admin');

  // Settings: the trial quota, changed and put back (the other specs share the demo workspace).
  await tabs.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Workspace settings' })).toBeVisible();
  await expect(tabs.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
  const quota = page.getByRole('region', { name: 'Trial quota' });
  const quotaField = quota.getByLabel('Verify calls allowed');
  await expect(quotaField).toBeVisible();
  const before = await quotaField.inputValue();
  await expectAccessible(page, 'workspace settings');
  await quotaField.fill('-1');
  await quota.getByRole('button', { name: 'Save trial quota' }).click();
  await expect(quota.getByText('must be 0 or more')).toBeVisible();
  await quotaField.fill('500000');
  await quota.getByRole('button', { name: 'Save trial quota' }).click();
  await expect(quota.getByRole('status')).toHaveText(/^Saved: 500,000 Verify calls \(was /);
  await quotaField.fill(before);
  await quota.getByRole('button', { name: 'Save trial quota' }).click();
  await expect(quota.getByRole('status')).toHaveText(/\(was 500,000 Verify calls\)\.$/);
  await expect(page.getByRole('link', { name: 'Open the risk policy' })).toHaveAttribute(
    'href',
    '/admin/risk-policy',
  );

  // The analyst signs in with the one-time password and cannot open Admin.
  const analystContext = await browser.newContext();
  const analyst = await analystContext.newPage();
  await signIn(analyst, analystEmail, password);
  const consoleNav = analyst.getByRole('navigation', { name: 'Console' });
  await expect(consoleNav).toBeVisible();
  await expect(consoleNav.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  for (const path of ['/admin', '/admin/members', '/admin/audit', '/admin/settings']) {
    await analyst.goto(path);
    await expect(analyst.getByText('Admins only')).toBeVisible();
    await expect(analyst.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
  }
  await expectAccessible(analyst, 'admin page as an analyst');
  await analystContext.close();

  // The admin finds each change in the audit log, filters it, and exports it.
  await page.goto('/admin/audit');
  await expect(tabs.getByRole('link', { name: 'Audit log' })).toHaveAttribute('aria-current', 'page');
  const log = page.getByRole('table', { name: 'Audit log of this workspace, newest first' });
  await expect(
    log.getByRole('row', {
      name: new RegExp(`member\\.add.*email: ${analystEmail}, newAccount: true, role: analyst`),
    }),
  ).toBeVisible();
  await expect(
    log.getByRole('row', {
      name: new RegExp(`member\\.change_role.*email: ${colleagueEmail}, from: analyst, to: admin`),
    }),
  ).toBeVisible();
  await expect(log.getByRole('row', { name: /workspace\.trial_quota.*to: 500000/ })).toBeVisible();
  await expectAccessible(page, 'audit log');
  await screenshot(page, 'admin-audit-log');

  const filters = page.getByRole('form', { name: 'Filter the audit log' });
  await filters.getByLabel('Action').selectOption('member.change_role');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(log.getByRole('row')).toHaveCount(2);
  await expect(log.getByRole('row').nth(1)).toContainText(colleagueEmail);
  await expect(page.getByText('One change, all shown.')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV (filtered)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-demo-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await file.path(), 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('time,actor,actor_email,action,target,request_id,details');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain('member.change_role');
  expect(lines[1]).toContain(colleagueEmail);

  // No match: an empty state that says what to do.
  await filters.getByLabel('From (UTC)').fill('2001-01-01');
  await filters.getByLabel('To (UTC)').fill('2001-01-02');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText('No change matches these filters')).toBeVisible();
  await expectAccessible(page, 'audit log, nothing matches');
  await filters.getByRole('button', { name: 'Clear' }).click();
  await expect(
    log.getByRole('row', {
      name: new RegExp(`member\\.add.*email: ${analystEmail}, newAccount: true, role: analyst`),
    }),
  ).toBeVisible();
});
