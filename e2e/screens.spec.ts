// Issues 31 and 32: the analyst's, the account holder's and the admin's views at a desktop's 1440 px in both themes,
// each scanned by axe (the dark theme's contrast included) and kept as a screenshot in
// e2e/output/screenshots beside the 390 px ones of phone-layout.spec.ts.
import { expect, expectAccessible, screenshot, server, test } from './support/fixtures';

test('the casework and account views pass axe at 1440 px in the light and the dark theme', async ({
  signedIn: page,
}) => {
  const stamp = Date.now();
  const phone = '+1 415 723 8812';
  // Two applicants share a phone (a ring of two), through the demo key: real sightings.
  let sessionId = '';
  for (const who of ['one', 'two']) {
    const response = await page.request.post('/api/verify', {
      data: { emails: [`screens.${who}.${stamp}@example.com`], phones: [phone], ssns: ['666-12-3456'] },
      headers: { Authorization: `Bearer ${server.demoKey}` },
    });
    expect(response.status(), await response.text()).toBe(201);
    sessionId = ((await response.json()) as { sessionId: string }).sessionId;
  }
  const views = [
    {
      path: `/sessions/${sessionId}`,
      name: 'session',
      ready: page.getByRole('table', { name: 'Identifiers' }),
    },
    { path: '/sessions/queue', name: 'review-queue', ready: page.getByRole('heading', { level: 1 }) },
    {
      path: `/sessions?q=${encodeURIComponent(phone)}`,
      name: 'sessions-search',
      ready: page.getByRole('heading', { level: 1 }),
    },
    { path: '/lists', name: 'lists', ready: page.getByRole('heading', { level: 1 }) },
    { path: '/account/password', name: 'account', ready: page.getByRole('heading', { level: 1 }) },
    { path: '/admin/members', name: 'admin-members', ready: page.getByRole('heading', { level: 1 }) },
    { path: '/admin/settings', name: 'admin-settings', ready: page.getByRole('heading', { level: 1 }) },
    { path: '/admin/rules', name: 'admin-rules', ready: page.getByRole('heading', { level: 1 }) },
  ];
  await page.setViewportSize({ width: 1440, height: 900 });
  for (const theme of ['light', 'dark'] as const) {
    await page.context().addCookies([{ name: 'verity-theme', value: theme, url: server.baseUrl }]);
    for (const view of views) {
      await page.goto(view.path);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(view.ready).toBeVisible();
      await expect(page.locator('.skeleton')).toHaveCount(0);
      await expectAccessible(page, `${view.name} at 1440 px, ${theme} theme`);
      await screenshot(page, `${view.name}-1440-${theme}`);
    }
  }
});
