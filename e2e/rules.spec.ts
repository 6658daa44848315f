// Rules (issue 33 item 2): an admin writes a rule in the form (a block-list e-mail domain match
// declines with BLOCKED_DOMAIN), sees a bad reason code refused next to its field, backtests it on
// the workspace's recent sessions, saves version 1 and finds it after a reload; Verify then
// declines an address at a block-listed domain with it and the backtest counts that session; a
// save over a version someone else saved meanwhile is refused with a reload. axe at desktop and
// phone width, light and dark.
import { expect, expectAccessible, screenshot, test } from './support/fixtures';

test('an admin writes a rule, backtests it, saves it, and a stale save is refused', async ({
  signedIn: page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  // A recent session for the backtest to replay.
  const seeded = await page.request.post('/api/console/verify', { data: { ipAddress: '10.20.30.41' } });
  expect(seeded.status()).toBe(201);

  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Rules' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rules' })).toBeVisible();
  const editor = page.getByRole('region', { name: 'Rules', exact: true });
  await expect(editor.getByRole('heading', { name: 'No rules yet' })).toBeVisible();
  await expect(editor).toContainText('Until this workspace saves rules, Verify answers carry no outcome.');
  await expect(page.getByText('No rules saved yet')).toBeVisible();
  await expect(editor.getByRole('button', { name: 'Save as version 1' })).toBeDisabled();

  // Write the rule: a new rule's name has the focus.
  await editor.getByRole('button', { name: 'Add rule' }).click();
  const rule = editor.getByRole('region', { name: /^Rule 1/ });
  await expect(rule.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await page.keyboard.type('Blocked email domain');
  await expect(rule.getByRole('heading', { name: 'Rule 1: Blocked email domain' })).toBeVisible();
  await expect(rule.getByRole('radio', { name: 'All conditions' })).toBeChecked();
  await rule.getByRole('combobox', { name: 'Condition 1' }).selectOption('list');
  await expect(rule.getByRole('radio', { name: 'Block list' })).toBeChecked();
  await rule.getByRole('checkbox', { name: 'E-mail domain' }).check();
  await rule.getByLabel('Outcome').selectOption('decline');
  // A second rule, moved above the first and back with the keyboard, then removed.
  await editor.getByRole('button', { name: 'Add rule' }).click();
  await page.keyboard.type('Second');
  await editor.getByRole('button', { name: 'Move rule Second up' }).focus();
  await page.keyboard.press('Enter');
  await expect(editor.getByRole('region', { name: /^Rule 1/ })).toHaveAccessibleName('Rule 1: Second');
  // At the top its Up button is disabled: the keyboard lands on Down.
  await expect(editor.getByRole('button', { name: 'Move rule Second down' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(editor.getByRole('region', { name: /^Rule 2/ })).toHaveAccessibleName('Rule 2: Second');
  await editor.getByRole('button', { name: 'Remove rule Second' }).click();
  await expect(editor.getByRole('region', { name: /^Rule \d/ })).toHaveCount(1);

  // A check condition lists the catalog's states of the chosen check; none ticked is refused.
  await rule.getByRole('button', { name: 'Add condition to rule Blocked email domain' }).click();
  const checkSelect = rule.getByLabel('Check', { exact: true });
  await checkSelect.selectOption('IP_TYPE');
  const states = rule.getByRole('group', { name: 'States of IP_TYPE (any one matches)' });
  await expect(states.getByRole('checkbox', { name: 'PRIVATE' })).not.toBeChecked();
  await editor.getByRole('button', { name: 'Backtest', exact: true }).click();
  await expect(states.getByText('Tick at least one state')).toBeVisible();
  // A velocity condition wants a whole number of other identities.
  await rule.getByRole('combobox', { name: 'Condition 2' }).selectOption('velocity');
  await rule.getByLabel('Shared identifier').selectOption('phone');
  await rule.getByLabel('At least (other identities)').fill('');
  await editor.getByRole('button', { name: 'Backtest', exact: true }).click();
  await expect(rule.getByText('Enter a whole number, 1 or more')).toBeVisible();
  await rule.getByRole('button', { name: 'Remove condition 2 of rule Blocked email domain' }).click();
  await expect(rule.getByRole('combobox', { name: 'Condition 2' })).toHaveCount(0);

  // Typed in lower case with a hyphen: upper-cased as typed, and the hyphen refused under the field.
  const reason = rule.getByLabel('Reason code');
  await reason.fill('blocked-domain');
  await expect(reason).toHaveValue('BLOCKED-DOMAIN');
  await editor.getByRole('button', { name: 'Backtest', exact: true }).click();
  await expect(
    rule.getByText('must be 2 to 48 upper-case letters, digits or underscores, a letter first'),
  ).toBeVisible();
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await reason.fill('BLOCKED_DOMAIN');
  await expect(reason).not.toHaveAttribute('aria-invalid', 'true');
  await expect(
    editor.getByRole('region', { name: 'When no rule matches' }).getByLabel('Outcome'),
  ).toHaveValue('approve');

  // Backtest over the last 30 days: the outcome table, the rule's matches and the analysts' side.
  await editor.getByLabel('Sessions of the last').selectOption('30');
  await editor.getByRole('button', { name: 'Backtest', exact: true }).click();
  const result = editor.getByRole('region', { name: 'Backtest of the last 30 days' });
  await expect(result).toContainText(/Replayed \d+ sessions? of the last 30 days/);
  const outcomes = result.getByRole('table', {
    name: 'Sessions per outcome, rules in force and these rules',
  });
  await expect(outcomes.getByRole('rowheader', { name: 'Decline' })).toBeVisible();
  await expect(outcomes.getByRole('columnheader', { name: 'With these rules' })).toBeVisible();
  const byRule = result.getByRole('table', { name: 'Sessions each rule decided' });
  await expect(byRule.getByRole('row', { name: /Blocked email domain/ })).toBeVisible();
  await expect(byRule.getByRole('row', { name: /When no rule matches/ })).toBeVisible();
  await expect(result).toContainText(
    /No session of the window was declined by an analyst\.|Analysts declined \d+: these rules decline \d+ of them\./,
  );
  await expectAccessible(page, 'rules editor with a rule and a backtest');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, 'rules editor, dark theme');
  await screenshot(page, 'rules-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await screenshot(page, 'rules-backtest');

  // Phone width: still readable, and still accessible.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(rule.getByLabel('Reason code')).toBeVisible();
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);
  await expectAccessible(page, 'rules editor at 390 px');
  await screenshot(page, 'rules-phone');
  await page.setViewportSize({ width: 1360, height: 900 });

  // Any edit after the backtest asks for another before saving.
  await rule.getByRole('textbox', { name: 'Name' }).fill('Blocked email domains');
  await expect(editor.getByText('The rules changed since the last backtest')).toBeVisible();
  await expect(editor.getByRole('button', { name: 'Save as version 1' })).toBeDisabled();
  await rule.getByRole('textbox', { name: 'Name' }).fill('Blocked email domain');
  await expect(result).toBeVisible();

  await editor.getByRole('button', { name: 'Save as version 1' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Version 1 saved' })).toBeVisible();
  await expect(editor).toContainText('Version 1 is in force.');
  const history = page.getByRole('table', { name: 'Saved versions of the rules' });
  await expect(history.getByRole('row', { name: /^1 / })).toContainText('1 rule: Blocked email domain');

  await page.reload();
  await expect(rule.getByRole('textbox', { name: 'Name' })).toHaveValue('Blocked email domain');
  await expect(rule.getByLabel('Reason code')).toHaveValue('BLOCKED_DOMAIN');
  await expect(rule.getByRole('checkbox', { name: 'E-mail domain' })).toBeChecked();
  await expect(rule.getByLabel('Outcome')).toHaveValue('decline');

  // The saved rule decides: a Verify of an address at a block-listed domain is declined with it...
  const domain = `rules-e2e-${Date.now()}.example`;
  const listed = await page.request.post('/api/console/lists/entries', {
    data: {
      entries: [{ list: 'block', kind: 'email_domain', value: domain, reason: 'Rules e2e: abused domain' }],
    },
  });
  expect(listed.status()).toBe(201);
  const entryId = ((await listed.json()) as { saved: { id: string }[] }).saved[0]?.id ?? '';
  expect(entryId).not.toBe('');
  const declined = await page.request.post('/api/console/verify', {
    data: { emails: [`someone@${domain}`] },
  });
  expect(declined.status()).toBe(201);
  expect(((await declined.json()) as { outcome: unknown }).outcome).toEqual({
    decision: 'decline',
    reasonCode: 'BLOCKED_DOMAIN',
    rule: { id: expect.stringMatching(/^rule-[0-9a-z]{8}$/), name: 'Blocked email domain' },
    rulesVersion: 1,
  });
  // ...and a backtest now counts that session under the rule, beside the version in force.
  await editor.getByRole('button', { name: 'Backtest', exact: true }).click();
  await expect(result.getByRole('columnheader', { name: 'Now (version 1)' })).toBeVisible();
  await expect(byRule.getByRole('row', { name: /Blocked email domain/ }).getByRole('cell')).toHaveText(
    /^[1-9]\d*$/,
  );
  await expect(
    outcomes
      .getByRole('row', { name: /Decline/ })
      .getByRole('cell')
      .last(),
  ).toHaveText(/^[1-9]\d*$/);
  const removed = await page.request.delete(`/api/console/lists/entries/${entryId}`);
  expect(removed.ok()).toBe(true);

  // Edits can be dropped: the form goes back to the version in force.
  await expect(editor.getByRole('button', { name: 'Discard changes' })).toBeDisabled();
  await rule.getByRole('textbox', { name: 'Name' }).fill('Renamed');
  await editor.getByRole('button', { name: 'Discard changes' }).click();
  await expect(rule.getByRole('textbox', { name: 'Name' })).toHaveValue('Blocked email domain');

  // A bad rule sent straight to the API is a problem+json 400 that names the field.
  const saved = (await (await page.request.get('/api/console/rules')).json()) as {
    current: { rules: { reasonCode: string }[]; defaultOutcome: string; defaultReasonCode: string };
  };
  const { rules, defaultOutcome, defaultReasonCode } = saved.current;
  const bad = await page.request.put('/api/console/rules', {
    data: {
      ruleSet: { rules: [{ ...rules[0], reasonCode: 'lower' }], defaultOutcome, defaultReasonCode },
      expectedVersion: 1,
    },
  });
  expect(bad.status()).toBe(400);
  expect(bad.headers()['content-type']).toContain('application/problem+json');
  expect(((await bad.json()) as { errors: { path: string }[] }).errors.map((e) => e.path)).toEqual([
    'ruleSet.rules.0.reasonCode',
  ]);

  // Someone else saves version 2 while this editor still holds version 1: the save is refused.
  const fallback = editor.getByRole('region', { name: 'When no rule matches' });
  await fallback.getByLabel('Reason code').fill('NO_MATCH');
  await editor.getByRole('button', { name: 'Backtest', exact: true }).click();
  await expect(result).toBeVisible();
  const elsewhere = await page.request.put('/api/console/rules', {
    data: { ruleSet: { rules, defaultOutcome, defaultReasonCode: 'SAVED_ELSEWHERE' }, expectedVersion: 1 },
  });
  expect(elsewhere.status()).toBe(200);
  await editor.getByRole('button', { name: 'Save as version 2' }).click();
  const conflict = editor
    .getByRole('alert')
    .filter({ hasText: 'Someone saved the rules while you were editing' });
  await expect(conflict).toContainText('now at version 2');
  // The refusal is the answer expected here; the browser logs its 409 as an error.
  expect(consoleErrors).toEqual([expect.stringMatching(/status of 409/)]);
  consoleErrors.splice(0, consoleErrors.length);
  await conflict.getByRole('button', { name: 'Reload the rules' }).click();
  await expect(editor).toContainText('Version 2 is in force.');
  await expect(fallback.getByLabel('Reason code')).toHaveValue('SAVED_ELSEWHERE');
  await expect(editor.getByRole('button', { name: 'Save as version 3' })).toBeDisabled();
  await expect(history.getByRole('row')).toHaveCount(3);

  // Removing every rule turns them off: the next Verify carries no outcome (nor do later specs').
  await editor.getByRole('button', { name: 'Remove rule Blocked email domain' }).click();
  await editor.getByRole('button', { name: 'Backtest', exact: true }).click();
  await expect(result).toBeVisible();
  await editor.getByRole('button', { name: 'Save as version 3' }).click();
  await expect(editor).toContainText('Version 3 is in force.');
  const after = await page.request.post('/api/console/verify', { data: { ipAddress: '10.20.30.42' } });
  expect(after.status()).toBe(201);
  expect(await after.json()).not.toHaveProperty('outcome');
});
