// Shared e2e fixtures: the server's address and credentials from global setup, a page that is
// already signed in as the demo admin, an axe scan that fails on serious violations, console
// errors collected and asserted empty, and full-page screenshots saved under e2e/output.
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: the e2e global setup did not run`);
  return value;
}

export const server = {
  get baseUrl() {
    return env('E2E_BASE_URL');
  },
  get demoKey() {
    return env('E2E_DEMO_KEY');
  },
  get adminEmail() {
    return env('E2E_ADMIN_EMAIL');
  },
  get adminPassword() {
    return env('E2E_ADMIN_PASSWORD');
  },
};

/** Signs in through the form, as a person would, and waits for the console. */
export async function signIn(page: Page, email = server.adminEmail, password = server.adminPassword) {
  await page.goto(`${server.baseUrl}/sign-in`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
}

/** Fails on serious or critical axe violations, listing them. */
export async function expectAccessible(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
    `axe violations on ${label}`,
  ).toEqual([]);
}

/** A full-page screenshot kept as a CI artifact (e2e/output is not committed). */
export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `e2e/output/screenshots/${name}.png`, fullPage: true });
}

export const test = base.extend<{ consoleErrors: string[]; signedIn: Page }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use) => {
    await use(server.baseUrl);
  },
  // Every console error or uncaught exception fails the test that caused it.
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'browser console errors').toEqual([]);
    },
    { auto: true },
  ],
  signedIn: async ({ page }, use) => {
    await signIn(page);
    await use(page);
  },
});

export { expect };
