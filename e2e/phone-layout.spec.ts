// Issue 31 item 7: every table the analyst and the admin work in is usable at 390 px: no page
// scrolls sideways, no table hides columns behind a horizontal scroll, no cell wraps a character
// a line, and every control is on screen. Screenshots at 390 px land in e2e/output/screenshots.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, screenshot, test } from './support/fixtures';

const PAGES = [
  { path: '/sessions', name: 'sessions' },
  { path: '/sessions/queue', name: 'review-queue' },
  { path: '/admin', name: 'admin-keys' },
  { path: '/admin/members', name: 'admin-members' },
  { path: '/admin/audit', name: 'admin-audit' },
  { path: '/admin/risk-policy', name: 'admin-risk-policy' },
  { path: '/lists', name: 'lists' },
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
        if (box.height > 160) problems.push(`a cell ${Math.round(box.height)}px tall: ${name(cell)}`);
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
