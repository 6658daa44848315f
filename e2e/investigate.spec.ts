// Investigate: the form built from the request schema, the live request, Verify results (gauge,
// checks by package, evidence, risk filter, waterfall), joining the session, and Signals.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, screenshot, server, test } from './support/fixtures';

// The first person of the demo graph (lib/seed: breach within the last 7 days).
const EMAIL = 'cortez.kuvalis@att.net';
const EMAIL_MD5 = '3c91b0ef713d59ddd98f56af66629796';

async function chooseTheme(page: Page, theme: 'Light' | 'Dark') {
  await page.getByLabel(`Account: ${server.adminEmail}`).click();
  await page.getByRole('radio', { name: theme }).check();
  await page.keyboard.press('Escape');
}

/** "Showing 12 of 41 checks." as numbers. */
async function shownCount(page: Page): Promise<{ shown: number; total: number }> {
  const text = (await page.getByText(/^Showing \d+ of \d+ checks\.$/).textContent()) ?? '';
  const [, shown = '0', total = '0'] = /Showing (\d+) of (\d+)/.exec(text) ?? [];
  return { shown: Number(shown), total: Number(total) };
}

test('an analyst fills the form, runs Verify, reads the checks and joins the session', async ({
  signedIn: page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Investigate' })).toBeVisible();
  await expect(page.getByText('No Verify result yet')).toBeVisible();
  await expectAccessible(page, 'investigate (empty)');
  await screenshot(page, 'investigate-empty');

  // Several emails and a phone, a name and an address.
  await page.getByLabel('Email 1', { exact: true }).fill(EMAIL);
  await page.getByRole('button', { name: 'Add email' }).click();
  await expect(page.getByLabel('Email 2', { exact: true })).toBeFocused();
  await page.getByLabel('Email 2', { exact: true }).fill('cortez9194@yahoo.com');
  await page.getByRole('button', { name: 'Add email' }).click();
  const third = page.getByLabel('Email 3', { exact: true });

  // A malformed address is not a request error: the page says what Verify will make of it.
  await third.fill('cortez at att');
  await third.press('Tab');
  await expect(page.getByText('Not a well-formed address. Verify still runs it')).toBeVisible();

  // The schema's own rule: the hash of an address sent in cleartext too.
  await third.fill(EMAIL_MD5);
  await third.press('Tab');
  const mixed = page.getByText(
    'Is the md5 hash of the address sent in cleartext at emails.0; send each address in one form only',
  );
  await expect(mixed).toBeVisible();
  await expect(third).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Not a well-formed address')).toHaveCount(0);

  await page.getByLabel('Phone 1', { exact: true }).fill('+15032094384');
  await page.getByLabel('Given name').fill('Cortez');
  await page.getByLabel('Family name').fill('Kuvalis');
  await page.getByLabel('Address line 1').fill('16992 Kathryn Neck');
  await page.getByLabel('City').fill('North Gerryfield');
  await page.getByLabel('State', { exact: true }).fill('CO');
  await page.getByLabel('Postal code').fill('81347');
  await page.getByLabel('Country', { exact: true }).fill('US');

  // Running with the error left in place sends nothing and puts the cursor on it.
  await page.getByRole('button', { name: 'Run Verify' }).click();
  await expect(third).toBeFocused();
  await expect(page.getByText('No Verify result yet')).toBeVisible();
  await screenshot(page, 'investigate-validation');

  await page.getByRole('button', { name: 'Remove email 3' }).click();
  await expect(page.getByLabel('Email 2', { exact: true })).toBeFocused();
  await expect(mixed).toHaveCount(0);

  // The live request is the exact body: plural forms, the name and location objects.
  const body = page.getByRole('region', { name: 'Request body for POST /api/verify' });
  await expect(body).toContainText('"emails": [');
  await expect(body).toContainText('"cortez9194@yahoo.com"');
  await expect(body).toContainText('"phones": [');
  await expect(body).toContainText('"addressLine1": "16992 Kathryn Neck"');
  await expect(body).not.toContainText(EMAIL_MD5);

  // Loading: hold the answer back a moment to see the skeleton.
  await page.route(
    '**/api/console/verify',
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    },
    { times: 1 },
  );
  await page.getByRole('button', { name: 'Run Verify' }).click();
  await expect(page.getByRole('status', { name: 'Running Verify' })).toBeVisible();
  await screenshot(page, 'investigate-loading');

  // Results: a new session, the gauge, checks by package.
  const panel = page.getByRole('tabpanel', { name: /Verify/ });
  await expect(panel.getByText('New session')).toBeVisible();
  await expect(panel.getByText('201 Created')).toBeVisible();
  const sessionId = (await panel.locator('code', { hasText: /^ses_/ }).first().textContent()) ?? '';
  expect(sessionId).toMatch(/^ses_[A-Za-z0-9]{22,40}$/);
  await expect(panel.getByRole('link', { name: 'Open session' })).toHaveAttribute(
    'href',
    `/sessions/${sessionId}`,
  );
  const gauge = panel.getByRole('figure', { name: 'Overall risk' });
  await expect(gauge).toContainText(/\d\.\d\d\s*(Low|Medium|High) risk/);

  const breached = panel.getByRole('region', { name: 'Breached' });
  await expect(breached.getByRole('heading', { level: 4, name: 'Breached' })).toBeVisible();
  const breach = breached.getByRole('button', { name: /Identity compromised in a breach/ });
  await expect(breach).toContainText('BREACHED_IDENTITY_COMPROMISED');
  // Its state is its level's word: said once ("High risk"), not "HIGH High".
  await expect(breach).toContainText('High risk');
  await expect(breach).not.toContainText('HIGH');
  await expect(breach).toHaveAttribute('aria-expanded', 'false');

  // Expanding a check shows the evidence behind its state.
  await breach.click();
  await expect(breach).toHaveAttribute('aria-expanded', 'true');
  await expect(
    breached
      .getByRole('definition')
      .filter({ hasText: 'An identifier appeared in a breach within the last 7 days.' }),
  ).toBeVisible();
  await expect(breached.getByText('Data source')).toBeVisible();
  await expect(breached.getByText(/breach records \(POST \/api\/records, kind breach\)/)).toBeVisible();
  // The first HIGH check raised the score: its step is shown signed, to 4 decimals.
  await expect(breached.getByText(/^\+0\.\d{4}$/).first()).toBeVisible();

  // No sanctions list is loaded on the test server: the sanctions checks say "List not loaded",
  // not a grey None risk chip that reads as a pass; expanded, they say what to run.
  const identity = panel.getByRole('region', { name: 'Identity', exact: true });
  const ofac = identity.getByRole('button', { name: /OFAC sanctions list/ });
  await expect(ofac).toContainText('List not loaded');
  await expect(ofac).not.toContainText('None');
  await ofac.click();
  await expect(identity.getByText('List not loaded:')).toBeVisible();
  await expect(identity.getByText('OFAC: Not loaded')).toBeVisible();
  await ofac.click();
  await expect(ofac).toHaveAttribute('aria-expanded', 'false');

  // Filter by risk: high only, then everything again.
  const checks = panel.getByRole('region', { name: 'Checks by package' });
  const all = await shownCount(page);
  expect(all.shown).toBe(all.total);
  const high = checks.getByRole('button', { name: /^High \d+ checks?$/ });
  const highCount = Number((await high.textContent())?.match(/\d+/)?.[0]);
  for (const level of ['Medium', 'Low', 'None']) {
    await checks.getByRole('button', { name: new RegExp(`^${level} \\d+ checks?$`) }).click();
  }
  await expect(checks.getByRole('button', { name: /^None \d+ checks?$/ })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  expect(await shownCount(page)).toEqual({ shown: highCount, total: all.total });
  await expect(checks.locator('[aria-expanded]')).toHaveCount(highCount);
  await expect(high).toHaveAttribute('aria-pressed', 'true');
  await checks.getByRole('button', { name: 'Show all' }).click();
  expect(await shownCount(page)).toEqual(all);

  // The waterfall, and its steps as a table.
  const waterfall = panel.getByRole('region', { name: 'How the score was made' });
  await expect(
    waterfall.getByRole('img', { name: /^Waterfall: \d+ checks? moved the risk from 0 to/ }),
  ).toBeVisible();
  await expect(waterfall.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await waterfall.getByText('Steps as a table').click();
  const firstStep = waterfall.getByRole('row', { name: /Identity compromised in a breach/ });
  // The first step starts at 0 and ends where its own contribution takes it.
  await expect(firstStep).toContainText(/0\.0000\+(0\.\d{4})\1$/);
  await expectAccessible(page, 'investigate (results, light)');
  await screenshot(page, 'investigate-results-light');

  // Join the session and run Verify again from the keyboard: 200 instead of 201.
  await page.getByRole('button', { name: 'Join last session' }).click();
  await expect(page.getByLabel('Session to join')).toHaveValue(sessionId);
  await page.getByLabel('Session to join').focus();
  await page.keyboard.press('Control+Enter');
  await expect(panel.getByText('Joined session')).toBeVisible();
  await expect(panel.getByText('200 OK')).toBeVisible();
  await expect(panel.locator('code', { hasText: sessionId }).first()).toBeVisible();

  // Signals with a pattern window: the Signals tab opens with its panel.
  await page.getByLabel('Pattern window').selectOption('week');
  await page.getByRole('radio', { name: 'Signals' }).check();
  await expect(page.getByRole('region', { name: 'Request body for POST /api/signals' })).toContainText(
    '"patternInterval": "week"',
  );
  await expect(page.getByRole('region', { name: 'Request body for POST /api/signals' })).not.toContainText(
    'sessionId',
  );
  await page.getByRole('button', { name: 'Run Signals' }).click();
  const signalsTab = page.getByRole('tab', { name: /Signals/ });
  await expect(signalsTab).toHaveAttribute('aria-selected', 'true');
  const signals = page.getByRole('tabpanel', { name: /Signals/ });
  await expect(signals).toBeVisible();
  await expect(signals).not.toContainText('No Signals yet');
  await expect(signals).not.toBeEmpty();
  await expect(page.getByRole('status', { name: /Loading signals/ })).toHaveCount(0, { timeout: 20_000 });
  await screenshot(page, 'investigate-signals');

  // Back to Verify with the arrow keys, then the dark theme.
  await signalsTab.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: /Verify/ })).toHaveAttribute('aria-selected', 'true');
  await chooseTheme(page, 'Dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectAccessible(page, 'investigate (results, dark)');
  await screenshot(page, 'investigate-results-dark');
});

test('the example applicant runs in one click; a narrow screen stacks the page', async ({
  signedIn: page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Fill example' }).click();
  await expect(page.getByLabel('Given name')).toHaveValue('Cortez');
  await expect(page.getByLabel('Email 2', { exact: true })).toHaveValue('cortez9194@yahoo.com');

  // The SSN is masked in the form and in the request until shown.
  const ssn = page.getByLabel('SSN', { exact: true });
  await ssn.fill('123-45-6789');
  await expect(ssn).toHaveAttribute('type', 'password');
  const body = page.getByRole('region', { name: 'Request body for POST /api/verify' });
  await expect(body).toContainText('"•••-••-6789"');
  await page.getByRole('button', { name: 'Show SSN' }).click();
  await expect(ssn).toHaveAttribute('type', 'text');
  await expect(body).toContainText('"123-45-6789"');
  await ssn.fill('');

  await page.getByRole('button', { name: 'Run Verify' }).click();
  const panel = page.getByRole('tabpanel', { name: /Verify/ });
  await expect(panel.getByText('New session')).toBeVisible();
  // The gauge and the waterfall agree on the overall risk.
  await panel.getByText('Steps as a table').click();
  const overall =
    (await panel
      .getByRole('row', { name: /^Overall risk/ })
      .getByRole('cell')
      .last()
      .textContent()) ?? '';
  expect(overall).toMatch(/^\d\.\d{4}$/);
  await expect(panel.getByRole('figure', { name: 'Overall risk' })).toContainText(Number(overall).toFixed(2));
  await expect(panel.getByRole('heading', { level: 4 }).first()).toHaveText('Breached');

  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'investigate (narrow)');
  await screenshot(page, 'investigate-narrow');
});

test('an unknown session is refused with the API problem, under the session field', async ({
  signedIn: page,
  consoleErrors,
}) => {
  await page.goto('/');
  await page.getByLabel('Email 1', { exact: true }).fill(EMAIL);
  // Any form is the server's to judge (docs/api/sessions.md): a UUID from another system too.
  await page.getByLabel('Session to join').fill('0b6f1c1e-8a53-4c1c-9d2f-3f4b2a1c9e77');
  await page.getByRole('button', { name: 'Run Verify' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Unknown session' });
  await expect(alert).toContainText('No session with this sessionId exists in this workspace.');
  await expect(alert).toContainText('404 UNKNOWN_SESSION');
  await expect(page.getByLabel('Session to join')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('tab', { name: /Verify/ })).toContainText('failed');
  await expectAccessible(page, 'investigate (error)');
  await screenshot(page, 'investigate-error');
  // The browser itself logs the refused request; that one line is expected, nothing else.
  expect(consoleErrors).toHaveLength(1);
  expect(consoleErrors[0]).toMatch(/status of 404/);
  consoleErrors.length = 0;
});
