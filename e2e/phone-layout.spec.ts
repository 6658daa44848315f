// Issue 31 item 7: every table the analyst and the admin work in is usable at 390 px: no page
// scrolls sideways, no table hides columns behind a horizontal scroll, no cell wraps a character
// a line, and every control is on screen. Screenshots at 390 px land in e2e/output/screenshots.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, screenshot, server, test } from './support/fixtures';

const PAGES = [
  { path: '/sessions', name: 'sessions' },
  { path: '/sessions/queue', name: 'review-queue' },
  { path: '/admin', name: 'admin-keys' },
  { path: '/admin/members', name: 'admin-members' },
  { path: '/admin/audit', name: 'admin-audit' },
  { path: '/admin/request-log', name: 'admin-request-log' },
  { path: '/admin/risk-policy', name: 'admin-risk-policy' },
  { path: '/admin/settings', name: 'admin-settings' },
  { path: '/lists', name: 'lists' },
  { path: '/account/password', name: 'account' },
] as const;

/** What does not fit a phone: sideways page scroll, clipped tables, tall cells, off-screen controls. */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 1)
      problems.push(`the page is ${document.documentElement.scrollWidth}px wide`);
    const main = document.querySelector('main');
    if (!main) return ['no main'];
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    for (const table of main.querySelectorAll('table')) {
      if (table.getBoundingClientRect().width === 0) continue;
      const wrap = table.parentElement;
      if (wrap && table.scrollWidth > wrap.clientWidth + 1)
        problems.push(
          `${name(table.querySelector('caption') ?? table)} needs ${table.scrollWidth}px in ${wrap.clientWidth}px`,
        );
      for (const cell of table.querySelectorAll('td, th')) {
        const box = cell.getBoundingClientRect();
        // Prose (a paragraph of evidence) may run long, but on the card's full width, not squeezed.
        if (cell.classList.contains('cell-prose')) {
          const card = table.getBoundingClientRect().width;
          if (box.width < card * 0.9)
            problems.push(`prose ${Math.round(box.width)}px wide of ${card}px: ${name(cell)}`);
        } else if (box.height > 160) problems.push(`a cell ${Math.round(box.height)}px tall: ${name(cell)}`);
      }
    }
    for (const control of main.querySelectorAll('button, select, input, a[href]')) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (control.closest('.visually-hidden')) continue;
      if (box.right > width + 1 || box.left < -1)
        problems.push(`${name(control)} is off-screen (${Math.round(box.left)}..${Math.round(box.right)})`);
    }
    return problems;
  });
}

test('the console tables and controls fit a 390 px phone', async ({ signedIn: page }) => {
  // A waiting session with an assignee, so the queue has rows and a claim column to show.
  const verify = await page.request.post('/api/console/verify', {
    data: { emails: ['phone.layout@example.com'], ssns: ['666-12-3456'], ipAddress: '10.1.2.3' },
  });
  expect(verify.status(), await verify.text()).toBeLessThan(300);
  // A long unbroken value in a table (a key's label, and the audit row that records it) must wrap.
  const key = await page.request.post('/api/console/keys', {
    data: { name: `phone-layout-${'x'.repeat(60)}`, scopes: ['verify'] },
  });
  expect(key.status(), await key.text()).toBe(201);
  // A deletion's audit row carries its counts: long details that must fold (CI found a 212 px cell).
  const deletion = await page.request.post('/api/console/deletions', {
    data: { emails: ['phone.layout@example.com'], phones: [], ssns: [], profiles: [] },
  });
  expect(deletion.status(), await deletion.text()).toBeLessThan(300);
  await page.setViewportSize({ width: 390, height: 844 });
  const found: string[] = [];
  for (const { path, name } of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Tables load through the data routes: wait until no skeleton remains.
    await expect(page.locator('.skeleton')).toHaveCount(0);
    found.push(...(await layoutProblems(page)).map((problem) => `${path}: ${problem}`));
    await screenshot(page, `${name}-390`);
  }
  expect(found).toEqual([]);
  await expectAccessible(page, 'lists at 390 px');
});

const BATCH_CSV = [
  'customer_id,email,phone,first_name,last_name,ip,birthday',
  'p-1,phone.batch.one@example.com,+14155552671,Jane,Doe,73.223.14.201,1988-04-12',
  'p-2,phone.batch.two@example.com,,,,999.1.1.1,1990-02-30',
].join('\n');

test("the analyst's working views fit a 390 px phone: session, graph, checks, Signals, batch", async ({
  signedIn: page,
}) => {
  // The applicant's own traffic (an API key), so the graph has links and Signals has activity.
  const stamp = Date.now();
  const email = `phone.walk.${stamp}@example.com`;
  const applicant = await page.request.post('/api/verify', {
    data: { emails: [email], phones: ['+1 415 723 8811'], ipAddress: '73.223.14.201', ssns: ['666-12-3456'] },
    headers: { Authorization: `Bearer ${server.demoKey}` },
  });
  expect(applicant.status(), await applicant.text()).toBe(201);
  const { sessionId } = (await applicant.json()) as { sessionId: string };
  await page.setViewportSize({ width: 390, height: 844 });
  const found: string[] = [];
  const walk = async (label: string, name: string, settled = page.locator('.skeleton')) => {
    await expect(settled).toHaveCount(0);
    found.push(...(await layoutProblems(page)).map((problem) => `${label}: ${problem}`));
    await screenshot(page, `${name}-390`);
  };

  await page.goto(`/sessions/${sessionId}`);
  await expect(page.getByRole('table', { name: 'Identifiers' })).toBeVisible();
  await page.getByRole('button', { name: 'Expand all' }).click();
  await walk('session', 'session');

  await page.goto('/signals');
  await page.getByLabel('Email or hash').fill(email);
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByRole('article', { name: email })).toBeVisible();
  // The activity draws once near the viewport: scroll down until its figures can be opened.
  const figures = page.getByText('Show the figures as a table');
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(figures.first()).toBeVisible({ timeout: 500 });
  }).toPass();
  for (const summary of await figures.all()) await summary.click();
  await walk('signals', 'signals', page.getByRole('status', { name: /^Loading/ }).locator('visible=true'));

  await page.goto('/batch');
  await page.getByLabel('Choose a CSV file').setInputFiles({
    name: 'applicants.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(BATCH_CSV),
  });
  await expect(page.getByRole('table', { name: 'The first 2 rows' })).toBeVisible();
  await walk('batch preview', 'batch-preview');
  await page.getByRole('button', { name: 'Verify 1 row' }).click();
  await expect(page.getByRole('table', { name: 'Verify results per row' })).toBeVisible();
  await expect(page.getByText('1 of 1 rows verified')).toBeVisible();
  await walk('batch results', 'batch-results');

  expect(found).toEqual([]);
  await expectAccessible(page, 'batch results at 390 px');
});
