// Sessions: a session built from two Verify calls shows up first in the list, opens on a page
// with both calls in order and the risk step between them; filter, paging and empty states.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { cliEnv } from './support/cli-env';
import { expect, expectAccessible, screenshot, server, signIn, test } from './support/fixtures';

const run = promisify(execFile);

/** A project CLI run as documented, against the e2e server's DATA_DIR. */
async function projectCli(script: string, args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['node_modules/tsx/dist/cli.mjs', script, ...args], {
    env: { ...process.env, ...cliEnv() },
  });
  return stdout;
}

/** POST /api/console/verify with the page's session cookies. */
async function consoleVerify(page: Page, body: Record<string, unknown>, status: number) {
  const response = await page.request.post('/api/console/verify', { data: body });
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as {
    sessionId: string;
    risk: number;
    checks: { id: string; description: string }[];
  };
}

const band = (risk: number) => (risk > 0.75 ? 'High' : risk > 0.5 ? 'Medium' : 'Low');
const signed = (delta: number) => {
  const rounded = Math.round(delta * 100) / 100;
  return rounded === 0
    ? '±0.00'
    : rounded > 0
      ? `+${rounded.toFixed(2)}`
      : `−${Math.abs(rounded).toFixed(2)}`;
};

test('a two-call session: listed first, its calls in order and the risk change', async ({
  signedIn: page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const first = await consoleVerify(
    page,
    { emails: ['nadia.okafor@example.com'], name: { given: 'Nadia', family: 'Okafor' } },
    201,
  );
  const second = await consoleVerify(
    page,
    { sessionId: first.sessionId, phones: ['+1 415 555 2671'], ssns: ['666-12-3456'] },
    200,
  );
  expect(second.sessionId).toBe(first.sessionId);

  await page.goto('/sessions');
  await expect(page.getByRole('heading', { level: 1, name: 'Sessions' })).toBeVisible();
  const link = page.getByRole('link', { name: `Session ${first.sessionId}` });
  await expect(link).toBeVisible();
  // Newest activity first: the session just joined is the first row.
  await expect(page.getByRole('row').nth(1)).toContainText(first.sessionId.slice(0, 8));
  const row = page.getByRole('row').filter({ has: link });
  await expect(row.getByRole('cell').nth(2)).toContainText('n***@example.com');
  await expect(row.getByRole('cell').nth(2)).toContainText('+1******2671');
  await expect(row.getByRole('cell').nth(3)).toHaveText('2');
  await expect(row.getByRole('cell').nth(4)).toContainText(`${second.risk.toFixed(2)}${band(second.risk)}`);
  await expect(row).not.toContainText('nadia.okafor');
  await expectAccessible(page, 'sessions list');
  await screenshot(page, 'sessions-list');
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, 'sessions-list-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // Keyboard: the row's link opens the session.
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/sessions/${first.sessionId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Session' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary).toContainText(first.sessionId);
  await expect(summary).toContainText(`${second.risk.toFixed(2)}${band(second.risk)}`);
  await summary.getByRole('button', { name: 'Copy id' }).click();
  await expect(summary.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first.sessionId);
  await expect(page.getByRole('link', { name: 'Continue this session in Investigate' })).toHaveAttribute(
    'href',
    `/?session=${first.sessionId}`,
  );

  // Two calls in order: the first created the session, the second added the phone and SSN.
  const calls = page.getByRole('list', { name: 'Calls in order' });
  const callOne = calls.locator(':scope > li').nth(0);
  const callTwo = calls.locator(':scope > li').nth(1);
  await expect(calls.locator(':scope > li')).toHaveCount(2);
  await expect(callOne.getByRole('heading', { name: 'Call 1' })).toBeVisible();
  await expect(callOne).toContainText('Created the session');
  await expect(callOne).toContainText('n***@example.com');
  await expect(callOne).toContainText(first.risk.toFixed(2));
  await expect(callTwo.getByRole('heading', { name: 'Call 2' })).toBeVisible();
  await expect(callTwo).toContainText('Joined');
  await expect(callTwo).toContainText('+1******2671');
  await expect(callTwo).toContainText('***-**-3456');
  await expect(callTwo).not.toContainText('n***@example.com');
  await expect(callTwo).toContainText(second.risk.toFixed(2));
  // The call's risk step (its own element: a check's contribution may show the same figure).
  const delta = second.risk - first.risk;
  const step = callTwo.getByText(
    `${delta > 0 ? 'up' : 'down'} ${Math.abs(delta).toFixed(2)} from the previous call`,
  );
  await expect(step.locator('..')).toContainText(signed(delta));

  // The second call's changed checks unfold: the never-issued SSN went from absent to HIGH.
  const changed = callTwo.locator('details');
  await changed.locator('summary').click();
  await expect(changed).toHaveAttribute('open', '');
  await expect(changed).toContainText('SSN never issued');
  await expect(changed).toContainText('SYNTHETIC_SSN_INVALID');
  const ssnCheck = changed.getByRole('listitem').filter({ hasText: 'SYNTHETIC_SSN_INVALID' });
  await expect(ssnCheck.getByText('TRUE', { exact: true })).toBeVisible();
  await expect(ssnCheck.getByText('High', { exact: true })).toBeVisible();

  // Every check of the latest call is on the page with its evidence, as Verify answered them.
  const everyCheck = page.getByRole('region', { name: 'Every check' });
  await expect(
    everyCheck.getByText(`Showing ${second.checks.length} of ${second.checks.length} checks.`),
  ).toBeVisible();
  const answered = second.checks.find((check) => check.id === 'SYNTHETIC_SSN_INVALID');
  expect(answered).toBeDefined();
  const ssnRow = everyCheck
    .getByRole('listitem')
    .filter({ has: page.getByText('SYNTHETIC_SSN_INVALID', { exact: true }) });
  // As Verify answered it, with the SSN's digits masked as every stored call keeps them.
  await expect(ssnRow).toContainText((answered?.description ?? '').replace('666', '***'));
  await ssnRow.getByRole('button', { expanded: false }).click();
  await expect(ssnRow.locator('#check-SYNTHETIC_SSN_INVALID-evidence')).toBeVisible();
  await expect(ssnRow.getByText('All states of this check')).toBeVisible();

  // The chart has a text equivalent of the same steps.
  await expect(page.locator('.recharts-wrapper svg').first()).toBeVisible();
  await expect(page.locator('[aria-label^="Risk over 2 calls"]')).toHaveCount(1);
  await expectAccessible(page, 'session page');
  await screenshot(page, 'session-detail');
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, 'session-detail-dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'session-detail-narrow');

  // Continue in Investigate: the session to join is already filled in.
  await page.getByRole('link', { name: 'Continue this session in Investigate' }).click();
  await expect(page).toHaveURL(`/?session=${first.sessionId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Investigate' })).toBeVisible();
  await expect(page.getByLabel('Session to join')).toHaveValue(first.sessionId);
  await expect(page.getByRole('button', { name: 'Start a new session' })).toBeVisible();
});

test('the band filter and Load more', async ({ signedIn: page }) => {
  // Enough sessions for a second page whatever other specs created; the first one ends up on it.
  const pagers: string[] = [];
  for (let i = 0; i < 26; i += 1) {
    pagers.push((await consoleVerify(page, { emails: [`pager.${i}@example.com`] }, 201)).sessionId);
  }
  const risky = await consoleVerify(
    page,
    { ssns: ['666-12-3456'], name: { given: 'Ola', family: 'Berg' } },
    201,
  );
  const riskyBand = band(risky.risk);
  expect(riskyBand).not.toBe('Low');

  await page.goto('/sessions');
  const oldestPager = page.getByRole('link', { name: `Session ${pagers[0]}` });
  const riskyLink = page.getByRole('link', { name: `Session ${risky.sessionId}` });
  await expect(page.locator('tbody tr')).toHaveCount(25);
  await expect(riskyLink).toBeVisible();
  await expect(oldestPager).toHaveCount(0);
  await expect(page.getByText('25 sessions shown; more are older.')).toBeVisible();
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(oldestPager).toBeVisible();
  // Focus moves to the first row that arrived, so keyboard users carry on from there.
  await expect(page.locator('tr[data-row="25"] a')).toBeFocused();

  await page.getByRole('radio', { name: riskyBand }).check();
  await expect(page).toHaveURL(new RegExp(`band=${riskyBand.toLowerCase()}`));
  await expect(riskyLink).toBeVisible();
  for (const risk of await page.locator('tbody tr td:nth-child(5)').allInnerTexts()) {
    expect(risk).toContain(riskyBand);
  }
  const other = riskyBand === 'High' ? 'Medium' : 'High';
  await page.getByRole('radio', { name: other }).check();
  await expect(page).toHaveURL(new RegExp(`band=${other.toLowerCase()}`));
  await expect(
    page
      .getByRole('table')
      .or(page.getByRole('heading', { name: `No ${other.toLowerCase()}-risk sessions` })),
  ).toBeVisible();
  await expect(riskyLink).toHaveCount(0);
  // The filter survives a reload.
  await page.reload();
  await expect(page.getByRole('radio', { name: other })).toBeChecked();
  await expectAccessible(page, 'sessions filtered');
});

test('a new workspace has no sessions yet, and an unknown id says so', async ({ page }) => {
  const stamp = `${process.pid}-${Date.now()}`;
  const email = `empty-${stamp}@example.com`;
  const password = `pw-empty-${stamp}`;
  await projectCli('scripts/users.ts', [
    'create',
    '--workspace',
    `empty-${stamp}`,
    '--email',
    email,
    '--role',
    'analyst',
    '--password',
    password,
  ]);
  await signIn(page, email, password);
  await page.goto('/sessions');
  await expect(page.getByRole('heading', { name: 'No sessions yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Run a Verify in Investigate' })).toHaveAttribute('href', '/');
  await expectAccessible(page, 'sessions empty');
  await screenshot(page, 'sessions-empty');

  await page.getByRole('radio', { name: 'High' }).check();
  await expect(page.getByRole('heading', { name: 'No high-risk sessions' })).toBeVisible();
  await page.getByRole('button', { name: 'Show every band' }).click();
  await expect(page.getByRole('radio', { name: 'All' })).toBeChecked();

  await page.goto('/sessions/ses_1111111111111111111111');
  await expect(page.getByRole('heading', { name: 'No such session in this workspace' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to sessions' }).click();
  await expect(page).toHaveURL(/\/sessions$/);
});

test('a decided session looks decided, and deciding over someone else asks first', async ({
  signedIn: page,
  consoleErrors,
}) => {
  const { sessionId } = await consoleVerify(page, { emails: [`decided.${Date.now()}@example.com`] }, 201);
  await page.goto(`/sessions/${sessionId}`);
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary.getByText('Undecided')).toBeVisible();
  const panel = page.getByRole('region', { name: 'Decision' });
  await expect(panel.getByLabel('Reason')).toBeVisible();

  // Another analyst decides while this page is open (the same console route, outside the page).
  const other = await page.request.post(`/api/console/sessions/${sessionId}/decisions`, {
    data: { decision: 'approve', reason: 'Verified identity' },
  });
  expect(other.status(), await other.text()).toBe(201);

  // This analyst, still seeing no decision, declines: refused, with who decided and a way on.
  await panel.getByRole('radio', { name: 'Decline' }).check();
  await panel.getByLabel('Reason').selectOption('Stolen identity');
  await panel.getByRole('button', { name: 'Record decision' }).click();
  const alert = panel.getByRole('alert');
  await expect(alert).toContainText(
    'Someone decided since you opened this session: Approve, Verified identity, by',
  );
  await expect(panel.getByText(/^Replaces/)).toContainText('Approve');
  await expectAccessible(page, 'session page: a decision conflict');
  await screenshot(page, 'session-decision-conflict');
  // The browser logs the refused request (409): expected here, and only that.
  expect(consoleErrors).toEqual([expect.stringMatching(/status of 409/)]);
  consoleErrors.splice(0, consoleErrors.length);
  await alert.getByRole('button', { name: 'Record mine, replacing it' }).click();
  await expect(panel.getByRole('status')).toHaveText('Recorded: Decline, Stolen identity.');

  // Decided: the summary, the panel (no form until "Change decision") and the list say so.
  await expect(summary.getByText('Decline', { exact: true })).toBeVisible();
  await expect(panel.getByText('In force:')).toBeVisible();
  await expect(panel.getByLabel('Reason')).toHaveCount(0);
  await expect(panel.getByRole('listitem')).toHaveCount(2);
  await panel.getByRole('button', { name: 'Change decision' }).click();
  await expect(panel.getByLabel('Reason')).toBeVisible();
  await expect(panel.getByText(/^Replaces/)).toContainText('Decline');
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel.getByText('In force:')).toBeVisible();

  await page.goto('/sessions');
  const row = page.getByRole('row').filter({ hasText: sessionId });
  await expect(row.getByText('Decline', { exact: true })).toBeVisible();
});

test('an analyst finds a session by request id and pivots from its phone to the ring', async ({
  signedIn: page,
}) => {
  const tail = String(Math.floor(Math.random() * 9000) + 1000);
  const phone = `+1 415 726 ${tail}`;
  const members: { sessionId: string; requestId: string }[] = [];
  const names: [string, string][] = [
    ['Rina', 'Marsh'],
    ['Otto', 'Vale'],
    ['Pia', 'Stone'],
  ];
  for (const [given, family] of names) {
    const response = await page.request.post('/api/verify', {
      data: {
        emails: [`${given.toLowerCase()}.${tail}.${Date.now()}@example.com`],
        phones: [phone],
        name: { given, family },
      },
      headers: { Authorization: `Bearer ${server.demoKey}` },
    });
    expect(response.status(), await response.text()).toBe(201);
    const body = (await response.json()) as { sessionId: string };
    members.push({ sessionId: body.sessionId, requestId: response.headers()['x-request-id'] ?? '' });
  }
  const [first] = members;
  if (!first) throw new Error('no ring member');

  await page.goto('/sessions');
  const box = page.getByRole('searchbox', { name: 'Search sessions' });
  await box.fill(first.requestId);
  await page.keyboard.press('Enter');
  await expect(page.getByText('One session: the session of this request id.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`q=${first.requestId}`));
  await page.getByRole('link', { name: `Session ${first.sessionId}` }).click();
  await expect(page).toHaveURL(`/sessions/${first.sessionId}`);

  // From the member's phone (masked in the graph) to everyone who used it, in one click.
  const graph = page.getByRole('region', { name: 'Identity graph' });
  const pivot = graph.getByRole('link', { name: /^3 sessions used Phone / });
  await expect(pivot).toBeVisible();
  await pivot.click();
  await expect(page).toHaveURL(/\/sessions\?q=idn_/);
  await expect(page.getByText('3 sessions: sessions that used this phone.')).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText(`726${tail}`);
  for (const member of members)
    await expect(page.getByRole('link', { name: `Session ${member.sessionId}` })).toBeVisible();

  // Decide one member of the ring; the list shows it.
  const last = members[members.length - 1];
  if (!last) throw new Error('no ring member');
  await page.getByRole('link', { name: `Session ${last.sessionId}` }).click();
  const panel = page.getByRole('region', { name: 'Decision' });
  await panel.getByRole('radio', { name: 'Decline' }).check();
  await panel.getByLabel('Reason').selectOption('Stolen identity');
  await panel.getByRole('button', { name: 'Record decision' }).click();
  await expect(panel.getByRole('status')).toHaveText('Recorded: Decline, Stolen identity.');
  await page.goBack();
  await expect(page).toHaveURL(/\/sessions\?q=idn_/);
  await expect(
    page.getByRole('row').filter({ hasText: last.sessionId }).getByText('Decline', { exact: true }),
  ).toBeVisible();

  // Typed in the clear, the phone finds the same ring.
  await page.goto(`/sessions?q=${encodeURIComponent(phone)}`);
  await expect(page.getByText('3 sessions: sessions that used this phone.')).toBeVisible();
  for (const member of members)
    await expect(page.getByRole('link', { name: `Session ${member.sessionId}` })).toBeVisible();
  await expectAccessible(page, 'sessions search: a ring by phone');
  await screenshot(page, 'sessions-search-ring');
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page).not.toHaveURL(/q=/);
});
