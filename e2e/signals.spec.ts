// Signals lookup: a seeded email's card (seen, confidence), its sparklines with real activity and
// event-type toggles, linked identifiers, an unknown email's empty state and an input error.
import type { Page } from '@playwright/test';
import { Claims } from '@/lib/seed/claims';
import { DEMO_PERSONS, DEMO_SEED } from '@/lib/seed/demo';
import { generatePersons, SCENARIOS } from '@/lib/seed/population';
import { expect, expectAccessible, screenshot, test } from './support/fixtures';

/**
 * The demo graph's planted power user (hundreds to thousands of events, active this month),
 * regenerated as `npm start` seeds it: same seed, same people, same order of claims.
 */
function powerUserEmail(): string {
  const position = SCENARIOS.findIndex((scenario) => scenario.includes('power-user'));
  const claims = new Claims(DEMO_PERSONS * 8 + 1000);
  const people = generatePersons(
    { seed: DEMO_SEED, now: Date.now(), claim: (tag) => claims.claim(tag) },
    0,
    position + 1,
  );
  const email = people.at(-1)?.emails[0];
  if (!email) throw new Error('the demo seed has no power user');
  return email;
}

async function lookUp(page: Page, email: string) {
  await page.getByLabel('Email or hash').fill(email);
  await page.getByRole('button', { name: 'Look up' }).click();
}

async function useTheme(page: Page, theme: 'Light' | 'Dark') {
  await page.getByLabel(/^Account:/).click();
  await page.getByRole('radio', { name: theme }).check();
  await page.keyboard.press('Escape');
}

const countOf = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, '') || '0');

test('a seeded email shows its card, sparklines with activity, toggles and linked identifiers', async ({
  signedIn: page,
}) => {
  const email = powerUserEmail();
  // No React or chart warnings either (errors already fail every test).
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.getByRole('link', { name: 'Signals' }).click();
  await expect(page).toHaveURL(/\/signals$/);
  await expect(page.getByRole('link', { name: 'Signals' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 1, name: 'Signals lookup' })).toBeVisible();
  await expect(page.getByText(/Looking it up here is not activity of the applicant/)).toBeVisible();

  // An empty lookup is refused at the field, without a request.
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByText('Enter an email address, or its MD5, SHA1 or SHA-256 hash.')).toBeVisible();
  await expect(page.getByLabel('Email or hash')).toBeFocused();

  await lookUp(page, email);
  const card = page.getByRole('article', { name: email });
  await expect(card).toBeVisible();
  await expect(card.getByText('First seen', { exact: true })).toBeVisible();
  await expect(card.getByText('Last seen', { exact: true })).toBeVisible();
  await expect(card.locator('dd time')).toHaveCount(2);
  const confidence = card.getByRole('meter', { name: `Confidence for ${email}` });
  await expect(confidence).toHaveAttribute('aria-valuetext', /^\d+%$/);
  await expect(card.getByRole('button', { name: 'Copy email' })).toBeVisible();

  // The year's sparkline: bars drawn, its total as text, the same count in the chart's label.
  const year = card.getByRole('figure', { name: /Last 12 months/ });
  await expect(year.locator('.recharts-bar-rectangle path').first()).toBeVisible();
  const yearTotal = year.getByTestId('total-year');
  await expect(yearTotal).toHaveText(/^[\d,.\s]+ observations?$/);
  const total = countOf(await yearTotal.textContent());
  expect(total).toBeGreaterThan(0);
  await expect(year.locator('svg[role="application"]')).toHaveAttribute(
    'aria-label',
    /Last 12 months: .*observation/,
  );
  // An analyst's lookup is not the applicant's activity (issue 31): looking again adds nothing.
  // A fresh page (no cached series) reads the same counts after a second lookup.
  const hour = (await card.getByTestId('total-hour').textContent()) ?? '';
  const yearText = (await yearTotal.textContent()) ?? '';
  await page.reload();
  await lookUp(page, email);
  await expect(card.getByTestId('total-hour')).toHaveText(hour);
  await expect(year.getByTestId('total-year')).toHaveText(yearText);
  for (const window of ['Last hour', 'Last 24 hours', 'Last 7 days', 'Last 30 days', 'Last 6 months'])
    await expect(card.getByRole('figure', { name: new RegExp(window) })).toBeVisible();

  // Pointer and keyboard both open a bar's tooltip.
  const yearChart = year.locator('svg[role="application"]');
  await yearChart.hover({ position: { x: 20, y: 30 } });
  await expect(year.getByText(/^Week of /)).toBeVisible();
  await page.mouse.move(0, 0);
  await expect(year.getByText(/^Week of /)).toBeHidden();
  await yearChart.focus();
  await page.keyboard.press('ArrowRight');
  await expect(year.getByText(/^Week of /)).toBeVisible();

  // Hiding visits leaves fewer observations drawn; showing them again restores the total.
  const visits = card.getByRole('button', { name: /^Visits/ });
  await expect(visits).toHaveAttribute('aria-pressed', 'true');
  const visitCount = countOf(await visits.locator('span').last().textContent());
  expect(visitCount).toBeGreaterThan(0);
  await visits.click();
  await expect(visits).toHaveAttribute('aria-pressed', 'false');
  await expect(yearTotal).toHaveText(/ of /);
  const shown = countOf((await yearTotal.textContent())?.split(' of ')[0] ?? '');
  expect(shown).toBe(total - visitCount);
  await screenshot(page, 'signals-visits-hidden');
  await visits.press('Enter');
  await expect(visits).toHaveAttribute('aria-pressed', 'true');
  await expect(yearTotal).not.toHaveText(/ of /);

  // The figures as a table, per window.
  await card.getByText('Show the figures as a table').click();
  const table = card.getByRole('table', { name: 'Observations per window and event type' });
  const yearRow = table.getByRole('row', { name: /Last 12 months/ });
  expect(countOf(await yearRow.getByRole('cell').first().textContent())).toBe(total);

  // What the graph links to the person.
  const phones = page.getByRole('region', { name: /^Phones/ });
  await expect(phones.getByRole('listitem').first()).toBeVisible();
  await expect(phones.getByRole('button', { name: 'Copy number' }).first()).toBeVisible();
  // Each phone and the email link to the workspace's sessions that used them (the Sessions search).
  await expect(phones.getByRole('link', { name: /^Sessions that used \+/ }).first()).toHaveAttribute(
    'href',
    /^\/sessions\?q=%2B\d+$/,
  );
  await expect(card.getByRole('link', { name: `Sessions that used ${email}` })).toHaveAttribute(
    'href',
    `/sessions?q=${encodeURIComponent(email)}`,
  );
  await expect(
    page
      .getByRole('region', { name: /^Locations/ })
      .getByRole('listitem')
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: /^IP addresses/ })).toBeVisible();

  await expectAccessible(page, 'signals: seeded email (light)');
  await screenshot(page, 'signals-light');
  await useTheme(page, 'Dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectAccessible(page, 'signals: seeded email (dark)');
  await screenshot(page, 'signals-dark');
  await useTheme(page, 'Light');

  // A phone-sized screen: one sparkline per row, nothing wider than the viewport.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card.getByRole('figure', { name: /Last hour/ })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  await screenshot(page, 'signals-mobile');
  expect(warnings).toEqual([]);
});

test('an unknown email says the graph knows nothing, and so does a malformed one', async ({
  signedIn: page,
  consoleErrors,
}) => {
  await page.goto('/signals');
  await lookUp(page, 'nobody.ever.seen.e2e@example.com');
  await expect(page.getByRole('heading', { name: 'Nothing known yet' })).toBeVisible();
  await expect(page.getByText(/^The identity graph knows nothing about these identifiers yet/)).toBeVisible();
  await expectAccessible(page, 'signals: unknown email');
  await screenshot(page, 'signals-unknown');

  // docs/api/request-fields.md: a malformed or over-long email is evaluated, not refused; the graph never keys
  // one, so it is simply unknown.
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/console/signals'));
  await lookUp(page, `${'x'.repeat(600)}@example.com`);
  expect((await answered).status()).toBe(204);
  await expect(page.getByRole('heading', { name: 'Nothing known yet' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'The request was not accepted' })).toHaveCount(0);
  expect(consoleErrors.filter((text) => text.includes('status of 400'))).toEqual([]);
});

test('with a window summary the answer is per email, with that window and the sparklines', async ({
  signedIn: page,
}) => {
  const email = powerUserEmail();
  await page.goto('/signals');
  await page.getByLabel('Window summary').selectOption({ label: 'Last 30 days' });
  await lookUp(page, email);
  const card = page.getByRole('article', { name: email });
  const requested = card.locator('p').filter({ hasText: /^Last 30 days:/ });
  await expect(requested).toHaveText(/^Last 30 days: [\d,]+ observations? from [\d,]+ sources?/);
  const [, summarised = ''] =
    /^Last 30 days: ([\d,]+) observations?/.exec((await requested.textContent()) ?? '') ?? [];
  expect(countOf(summarised)).toBeGreaterThan(0);
  // The summary and the month's tile count the same sightings: the lookup itself is none of them
  // (it said 5 and 6 while lookups were sightings).
  await expect(card.getByTestId('total-month')).toHaveText(new RegExp(`^${summarised} observations?$`));
  await expect(page.getByText(/run it without one to see linked phones/)).toBeVisible();
  await expect(page.getByRole('region', { name: /^Phones/ })).toHaveCount(0);
  await expectAccessible(page, 'signals: window summary');
  await screenshot(page, 'signals-window-summary');
});
