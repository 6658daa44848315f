// The identity graph on the session page: an analyst opens a session, sees the graph and its
// table twin (axe clean), and expands one identifier one hop by keyboard from the table.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, screenshot, server, test } from './support/fixtures';

/** The applicants' own traffic, with the demo workspace's key: the console's lookups are not sightings. */
async function applicantVerify(page: Page, body: Record<string, unknown>) {
  const response = await page.request.post('/api/verify', {
    data: body,
    headers: { Authorization: `Bearer ${server.demoKey}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { sessionId: string };
}

const suffix = () => String(Math.floor(Math.random() * 9000) + 1000);

test('an analyst opens a session, sees its identity graph and expands one hop', async ({
  signedIn: page,
}) => {
  const tail = suffix();
  const phone = `+1 415 723 ${tail}`;
  const email = `graph.view.${tail}.${Date.now()}@example.com`;
  // Another applicant shares the phone: expanding it shows their email one hop away.
  await applicantVerify(page, { emails: [`graph.other.${tail}.${Date.now()}@example.com`], phones: [phone] });
  const { sessionId } = await applicantVerify(page, { emails: [email], phones: [phone] });

  await page.goto(`/sessions/${sessionId}`);
  const card = page.getByRole('region', { name: 'Identity graph' });
  await expect(card.getByRole('img', { name: /Identity graph: \d+ identifiers/ })).toBeVisible();
  const identifiers = card.getByRole('table', { name: 'Identifiers' });
  await expect(identifiers).toContainText(`g***@example.com`);
  await expect(identifiers).toContainText(`+1******${tail}`);
  await expect(card.getByRole('table', { name: 'Links' })).toContainText('%');
  await expect(card.locator('canvas').first()).toBeVisible();
  await expectAccessible(page, 'session page with the identity graph');

  // The session's identifiers came expanded; one a hop away (the other email) has its Expand button.
  const expand = identifiers.getByRole('button', { name: /^Expand Email / }).first();
  const name = (await expand.getAttribute('aria-label')) ?? '';
  await expand.focus();
  await page.keyboard.press('Enter');
  await expect(card.getByText(/expanded: \d+ new identifiers\./)).toBeAttached();
  await expect(identifiers.getByRole('button', { name, exact: true })).toHaveCount(0);
  await expectAccessible(page, 'identity graph after one expansion');
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, 'identity-graph');
});
