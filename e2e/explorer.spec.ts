// API explorer and reference: requests go out with the pasted key exactly as from a backend,
// the answer is shown in full with its curl twin, and the reference renders the document offline.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, screenshot, server, test } from './support/fixtures';

const viewportShot = (page: Page, name: string) =>
  page.screenshot({ path: `e2e/output/screenshots/${name}.png` });

async function openExplorer(page: Page) {
  await page.goto('/explorer');
  await expect(page.getByLabel('Operation')).toHaveValue('verify');
}

test('Verify with the demo key: 201, headers, checks and a copyable curl', async ({
  signedIn: page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openExplorer(page);
  await expect(page.getByLabel('Body (JSON)')).toHaveValue(/"jane\.doe@gmail\.com"/);
  await expect(page.getByText('No request sent yet')).toBeVisible();
  await expectAccessible(page, 'explorer');

  await page.getByLabel('Operation').selectOption('verify');
  await page.getByLabel('API key').fill(server.demoKey);
  const curl = page.locator('pre').filter({ hasText: 'curl -i -X POST' });
  await expect(curl).toContainText('-H "Authorization: Bearer $VERITY_API_KEY"');
  await expect(curl).not.toContainText(server.demoKey);

  // Ctrl+Enter sends from the key field too.
  await page.getByLabel('API key').press('Control+Enter');
  await expect(page.getByTestId('explorer-status')).toHaveText('201 Created');
  await expect(page.getByRole('heading', { name: 'Response to POST /api/verify' })).toBeFocused();
  const body = page.locator('pre').filter({ hasText: '"sessionId"' });
  await expect(body).toContainText('"checks": [');
  await expect(body).toContainText('"risk":');
  // The body first; the headers folded below it, without the framework's own.
  const headers = page.getByRole('table', { name: 'Response headers' });
  await expect(headers).toBeHidden();
  await page.getByText(/^Headers \(\d+/).click();
  await expect(headers.getByRole('row', { name: /x-request-id/ })).toBeVisible();
  // Anchored: x-content-type-options (a security header) is a row too.
  await expect(headers.getByRole('row', { name: /^content-type\b/ })).toContainText('application/json');
  await expect(headers).not.toContainText('next-router');
  const bodyBox = await body.boundingBox();
  const headersBox = await headers.boundingBox();
  expect(bodyBox && headersBox && bodyBox.y < headersBox.y).toBe(true);

  await page.getByRole('button', { name: 'Copy curl command' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(`curl -i -X POST '${server.baseUrl}/api/verify'`);
  expect(copied).toContain('$VERITY_API_KEY');
  expect(copied).toContain('"jane.doe@gmail.com"');

  await page.getByLabel('Include the key in the command').check();
  await expect(curl).toContainText(`Authorization: Bearer ${server.demoKey}`);
  await expectAccessible(page, 'explorer with a response');
  await screenshot(page, 'explorer-201');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, 'explorer with a response, dark');
  await screenshot(page, 'explorer-201-dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'explorer with a response, phone');
  await screenshot(page, 'explorer-201-phone');
});

test('a wrong key answers 401 as a problem, shown with its detail', async ({
  signedIn: page,
  consoleErrors,
}) => {
  await openExplorer(page);
  await page.getByLabel('API key').fill('vty_thisIsNotAKeyOfThisServer');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByTestId('explorer-status')).toHaveText('401 Unauthorized');
  const problem = page.locator('.explorer-problem');
  await expect(problem).toContainText('UNAUTHORIZED');
  await page.getByText(/^Headers \(\d+/).click();
  await expect(page.getByRole('table', { name: 'Response headers' })).toContainText('www-authenticate');
  await expect(page.locator('pre').filter({ hasText: '"code": "UNAUTHORIZED"' })).toBeVisible();
  await screenshot(page, 'explorer-401');
  // Chromium logs every 4xx fetch as a console error; this one is the point of the test.
  const expected = consoleErrors.filter((message) => /status of 401/.test(message));
  expect(expected.length).toBeLessThanOrEqual(1);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((m) => !/status of 401/.test(m)));
});

test('the key is kept for the tab only when asked to', async ({ signedIn: page }) => {
  await openExplorer(page);
  const key = page.getByLabel('API key');
  await key.fill(server.demoKey);
  await page.reload();
  await expect(key).toHaveValue('');
  await key.fill(server.demoKey);
  await page.getByLabel('Remember for this tab').check();
  await page.reload();
  await expect(key).toHaveValue(server.demoKey);
  await expect(page.getByLabel('Remember for this tab')).toBeChecked();
  await page.getByLabel('Remember for this tab').uncheck();
  await page.reload();
  await expect(key).toHaveValue('');
});

test('broken JSON is caught before sending, and a non-JSON answer is shown as text', async ({
  signedIn: page,
  consoleErrors,
}) => {
  await openExplorer(page);
  const bodyField = page.getByLabel('Body (JSON)');
  await bodyField.fill('{"emails": ["a@b.co"],}');
  await expect(bodyField).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/^Not valid JSON:/)).toBeVisible();
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(bodyField).toBeFocused();
  await expect(page.getByText('No request sent yet')).toBeVisible();

  // A proxy in front of the API answering HTML: shown as it came, not as a crash.
  await page.route('**/api/verify', (route) =>
    route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
  );
  await bodyField.fill('{"emails": ["a@b.co"]}');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByTestId('explorer-status')).toHaveText('502 Bad Gateway');
  await expect(
    page.getByText('The body is not JSON (Content-Type: text/html); shown as text.'),
  ).toBeVisible();
  await expect(page.locator('pre').filter({ hasText: '<h1>Bad gateway</h1>' })).toBeVisible();

  await page.route('**/api/verify', (route) => route.abort('connectionrefused'));
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('No answer: the request did not reach the server')).toBeVisible();
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter((m) => !/status of 502|ERR_CONNECTION_REFUSED|Failed to fetch/.test(m)),
  );
});

test('the API reference renders the OpenAPI document, offline and themed', async ({ signedIn: page }) => {
  // Two axe passes over Scalar's whole reference (some 20,000 px) and four themed shots take 50-58 s
  // on two cores, at the default 60 s limit (a second server process tipped it over): not a speed test.
  test.setTimeout(120_000);
  const origin = new URL(server.baseUrl).origin;
  const external: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== origin)
      external.push(url.href);
  });
  const failed: string[] = [];
  page.on('requestfailed', (request) => {
    const error = request.failure()?.errorText ?? '';
    // Aborted by the page itself (prefetches and chunk loads dropped when navigating on), not
    // unreachable; anything fetched from elsewhere is caught by the origin check above.
    if (error === 'net::ERR_ABORTED') return;
    failed.push(`${request.url()}: ${error}`);
  });

  await page.goto('/reference');
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
  const reference = page.getByTestId('api-reference');
  await expect(reference.getByRole('heading', { name: 'Verify an identity' }).first()).toBeVisible();
  await expect(reference.getByRole('heading', { name: 'Signals about an identity' }).first()).toBeVisible();
  await expect(reference.getByText('/api/verify').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(external, 'requests to other origins').toEqual([]);
  expect(failed, 'failed requests').toEqual([]);

  // Scalar's own markup is a third-party widget with known axe findings (kept in the report);
  // the console around it is held to the full bar.
  const all = await new AxeBuilder({ page }).analyze();
  test.info().annotations.push({
    type: 'axe findings inside Scalar',
    description: all.violations.map((v) => `${v.id} (${v.impact})`).join(', ') || 'none',
  });
  const results = await new AxeBuilder({ page }).exclude('[data-testid="api-reference"]').analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  // Viewport shots: the whole reference is some 20,000 px tall.
  await viewportShot(page, 'reference');
  const verify = reference.getByRole('heading', { name: 'Verify an identity' }).first();
  await verify.scrollIntoViewIfNeeded();
  await viewportShot(page, 'reference-verify');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('body')).toHaveClass(/dark-mode/);
  await expect(verify).toBeVisible();
  await verify.scrollIntoViewIfNeeded();
  await viewportShot(page, 'reference-verify-dark');
});
