// The analyst's workflow (issues 15 and 31): an analyst works the review queue with the keyboard
// (j/k to move, c to claim, Enter to open), decides on the session with a key (x: decline) and
// Ctrl+Enter records it and opens the next session of the queue, and so on until the queue is
// empty; the decision shows in the history, the case report and the Sessions list. Filters and a
// bulk claim narrow and share the queue.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { cliEnv } from './support/cli-env';
import { expect, expectAccessible, screenshot, signIn, test } from './support/fixtures';

const run = promisify(execFile);

/**
 * An analyst in a workspace of their own, so the queue holds only this test's sessions, and an API
 * key of that workspace for the applicants' traffic (the console's own lookups are not sightings,
 * so the graph learns from keyed calls only).
 */
async function newAnalyst(): Promise<{ email: string; password: string; key: string }> {
  const stamp = `${process.pid}-${Date.now()}`;
  const email = `queue-analyst-${stamp}@example.com`;
  const password = `pw-queue-${stamp}`;
  await run(
    process.execPath,
    [
      'node_modules/tsx/dist/cli.mjs',
      'scripts/users.ts',
      'create',
      '--workspace',
      `queue-${stamp}`,
      '--email',
      email,
      '--role',
      'analyst',
      '--password',
      password,
    ],
    { env: { ...process.env, ...cliEnv() } },
  );
  const created = await run(
    process.execPath,
    [
      'node_modules/tsx/dist/cli.mjs',
      'scripts/keys.ts',
      'create',
      '--workspace',
      `queue-${stamp}`,
      '--scopes',
      'verify',
    ],
    { env: { ...process.env, ...cliEnv() } },
  );
  const { key } = JSON.parse(created.stdout) as { key: string };
  return { email, password, key };
}

/** A risky applicant: an SSN the SSA never issues (HIGH) puts the session above the low band. */
async function riskySession(
  page: Page,
  key: string,
  email: string,
): Promise<{ sessionId: string; risk: number }> {
  const response = await page.request.post('/api/verify', {
    data: { emails: [email], ssns: ['666-12-3456'], ipAddress: '10.1.2.3' },
    headers: { Authorization: `Bearer ${key}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { sessionId: string; risk: number };
  expect(body.risk, 'the applicant must be above the low band').toBeGreaterThan(0.5);
  return body;
}

const focusedRowText = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('tr')?.textContent ?? '');

test('an analyst works the queue with the keyboard, expands the graph one hop, decides, and the session leaves the queue', async ({
  page,
}) => {
  const analyst = await newAnalyst();
  await signIn(page, analyst.email, analyst.password);
  await page.goto('/sessions/queue');
  await expect(page.getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();
  await expect(page.getByText('Nothing waits for a person')).toBeVisible();

  const oldest = await riskySession(page, analyst.key, 'queue.oldest@example.com');
  const newer = await riskySession(page, analyst.key, 'queue.newer@example.com');
  await page.reload();
  const rows = page.getByRole('row');
  await expect(rows).toHaveCount(3);
  // Oldest first.
  await expect(rows.nth(1)).toContainText(oldest.sessionId);
  await expect(rows.nth(2)).toContainText(newer.sessionId);
  // Each row says who applied (masked) and why it is here, without opening it.
  await expect(rows.nth(1)).toContainText('q***@example.com');
  await expect(rows.nth(1)).toContainText('SSN never issued');
  await expect(rows.nth(1)).toContainText('***-**-3456');
  await expect(page.getByText(/High: \d+/)).toBeVisible();
  await expect(page.getByText(/Medium: \d+/)).toBeVisible();
  await expectAccessible(page, 'review queue');
  await screenshot(page, 'review-queue');
  // Highest risk first, then back to the default order.
  const order = page.getByLabel('Order');
  await order.selectOption('risk');
  await expect(page.getByRole('table', { name: /highest risk first/ })).toBeVisible();
  await order.selectOption('age');
  await expect(page.getByRole('table', { name: /oldest first/ })).toBeVisible();
  await expect(rows.nth(1)).toContainText(oldest.sessionId);

  // j moves down, k back up; c claims the session under the cursor.
  await page.locator('body').press('j');
  expect(await focusedRowText(page)).toContain(oldest.sessionId);
  await page.keyboard.press('j');
  expect(await focusedRowText(page)).toContain(newer.sessionId);
  await page.keyboard.press('k');
  expect(await focusedRowText(page)).toContain(oldest.sessionId);
  await page.keyboard.press('c');
  await expect(page.getByRole('status')).toHaveText(`Claimed ${oldest.sessionId}.`);
  await expect(rows.nth(1)).toContainText('Yours');

  // Enter opens it.
  await page.getByRole('link', { name: `Session ${oldest.sessionId}` }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/sessions/${oldest.sessionId}\\?queue=$`));
  await expect(
    page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Review queue' }),
  ).toBeVisible();
  const panel = page.getByRole('region', { name: 'Decision' });
  await expect(panel.getByLabel('Reason')).toBeVisible();

  // The reasons come first, above the decision: the never-issued SSN leads, with its evidence
  // and how far it moved the risk.
  const reasons = page.getByRole('region', { name: 'Why this risk' });
  const top = reasons.getByRole('listitem').first();
  await expect(top).toContainText(/SSN/);
  await expect(top).toContainText('High');
  await expect(top).toContainText(/\+0\.\d\d to the risk/);
  const reasonsBox = await reasons.boundingBox();
  const panelBox = await panel.boundingBox();
  expect(reasonsBox && panelBox && reasonsBox.y < panelBox.y).toBe(true);

  // The identity graph shows the applicant's identifiers; one hop out (the other applicant who
  // shares the SSN and IP) is expanded by keyboard from the table twin.
  const graph = page.getByRole('region', { name: 'Identity graph' });
  const expand = graph
    .getByRole('table', { name: 'Identifiers' })
    .getByRole('button', { name: /^Expand / })
    .first();
  await expect(expand).toBeVisible();
  await expand.focus();
  await page.keyboard.press('Enter');
  await expect(graph.getByText(/expanded: \d+ new identifiers\./)).toBeAttached();

  // x picks decline and puts the cursor on the reason; Ctrl+Enter records it and opens the next.
  await expect(panel.getByRole('button', { name: 'Record and open next' })).toBeVisible();
  await page.locator('body').press('x');
  await expect(panel.getByRole('radio', { name: 'Decline' })).toBeChecked();
  await expect(panel.getByLabel('Reason')).toBeFocused();
  await panel.getByLabel('Reason').selectOption('Synthetic identity');
  await page.keyboard.press('Tab');
  await expect(panel.getByLabel('Note (optional)')).toBeFocused();
  await page.keyboard.type('SSN never issued; x and r typed here are text, not shortcuts.');
  await page.keyboard.press('Control+Enter');
  await expect(page).toHaveURL(new RegExp(`/sessions/${newer.sessionId}\\?queue=$`));
  // The next one is decided the same way; with the queue empty, the queue page says so.
  const nextPanel = page.getByRole('region', { name: 'Decision' });
  await expect(nextPanel.getByLabel('Reason')).toBeVisible();
  await page.locator('body').press('r');
  await expect(nextPanel.getByLabel('Reason')).toBeFocused();
  await nextPanel.getByLabel('Reason').selectOption('Needs documents');
  await page.keyboard.press('Control+Enter');
  await expect(page).toHaveURL(/\/sessions\/queue$/);
  await expect(page.getByText('Nothing waits for a person')).toBeVisible();

  // Both decisions show in the Sessions list.
  await page.goto('/sessions');
  const listed = (id: string) => page.getByRole('row').filter({ hasText: id });
  await expect(listed(oldest.sessionId).getByText('Decline', { exact: true })).toBeVisible();
  await expect(listed(newer.sessionId).getByText('Review', { exact: true })).toBeVisible();

  // The decided session keeps its decision, in force, with its note.
  await page.goto(`/sessions/${oldest.sessionId}`);
  await expect(panel).toContainText('In force:');
  await expect(panel.getByRole('button', { name: 'Record decision' })).toHaveCount(0);
  const history = panel.getByRole('listitem').first();
  await expect(history).toContainText('Decline');
  await expect(history).toContainText('Synthetic identity');
  await expect(history).toContainText('SSN never issued; x and r typed here are text, not shortcuts.');
  await expect(history).toContainText(analyst.email);
  // Dated as the rest of the console is ("Nov 28, 2026, 6:16 AM"), not the browser's default.
  await expect(history.locator('time')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/);
  await expectAccessible(page, 'session page with its decision');
  await screenshot(page, 'session-decision');

  // The case report: masked inputs, the request id of each call, the decision and its note.
  await panel.getByRole('link', { name: 'Case report' }).click();
  await expect(page).toHaveURL(`/sessions/${oldest.sessionId}/report`);
  const report = page.getByRole('article', { name: 'Case report' });
  await expect(report).toContainText(oldest.sessionId);
  await expect(report).toContainText('q***@example.com');
  await expect(report).toContainText('***-**-3456');
  await expect(report).not.toContainText('queue.oldest');
  await expect(report).not.toContainText('666-12');
  await expect(report.getByRole('region', { name: 'Waterfall of the latest call' })).toContainText('SSN');
  await expect(report.getByRole('region', { name: 'Calls' })).toContainText(/req_\w+/);
  await expect(report.getByRole('region', { name: 'Decisions and notes' })).toContainText(
    'Synthetic identity',
  );
  await expect(page.getByRole('button', { name: 'Print or save as PDF' })).toBeVisible();
  await expectAccessible(page, 'case report');
  await screenshot(page, 'case-report');
  // Printed, the console's header and navigation and the toolbar are gone.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Console' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print or save as PDF' })).toBeHidden();
  await screenshot(page, 'case-report-print');
  await page.emulateMedia({ media: 'screen' });
});

test('an analyst filters the queue by band, reason and assignee, and claims in bulk', async ({ page }) => {
  const analyst = await newAnalyst();
  await signIn(page, analyst.email, analyst.password);
  const first = await riskySession(page, analyst.key, 'filter.first@example.com');
  const second = await riskySession(page, analyst.key, 'filter.second@example.com');
  await page.goto('/sessions/queue?reason=SYNTHETIC_SSN_INVALID');
  const rows = page.getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(page.getByLabel('Reason')).toHaveValue('SYNTHETIC_SSN_INVALID');
  // Each reason says how many sessions it holds.
  await expect(
    page
      .getByLabel('Reason')
      .locator('option', { hasText: /\(2\)$/ })
      .first(),
  ).toBeAttached();

  // A filter nothing matches says so and offers to clear it.
  await page.getByLabel('Assigned').selectOption('me');
  await expect(page).toHaveURL(/assignee=me/);
  await expect(page.getByText('No waiting session matches these filters')).toBeVisible();
  await page.getByRole('button', { name: 'Clear the filters' }).click();
  await expect(rows).toHaveCount(3);
  await expect(page).toHaveURL(/\/sessions\/queue$/);

  // Tick both with the keyboard (x) and claim them at once.
  await page.locator('body').press('j');
  await page.keyboard.press('x');
  await page.keyboard.press('j');
  await page.keyboard.press('x');
  await expect(
    page.getByRole('checkbox', { name: `Tick session ${first.sessionId} for a bulk claim` }),
  ).toBeChecked();
  await page.getByRole('button', { name: 'Claim ticked (2)' }).click();
  await expect(page.getByRole('status')).toHaveText('Claimed 2 of 2.');
  await page.getByLabel('Assigned').selectOption('me');
  await expect(page.getByRole('link', { name: `Session ${first.sessionId}` })).toBeVisible();
  await expect(page.getByRole('link', { name: `Session ${second.sessionId}` })).toBeVisible();
  await page.getByLabel('Assigned').selectOption('unassigned');
  await expect(page.getByText('No waiting session matches these filters')).toBeVisible();
  await page.getByLabel('Band').selectOption('high');
  await expectAccessible(page, 'review queue with filters');
  await screenshot(page, 'review-queue-filtered');
});
