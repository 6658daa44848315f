// Issue 32, two-step sign-in: a member sets up an authenticator app on the account page (the
// key read off the page, codes computed as an app would), keeps the recovery codes shown once,
// then signs in with a code (a used one is refused), and with a recovery code (once).
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, expectAccessible, screenshot, test } from './support/fixtures';

const codeAt = (key: string, ms: number) =>
  TOTP.generate({ secret: Secret.fromBase32(key), timestamp: ms, digits: 6, period: 30 });

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Code')).toBeFocused();
}

test('a member turns on two-step sign-in and signs in with a code, then a recovery code', async ({
  signedIn: admin,
  browser,
  baseURL,
}) => {
  const email = `mfa.${Date.now()}@example.com`;
  const added = await admin.request.post('/api/console/members', { data: { email, role: 'analyst' } });
  expect(added.status(), await added.text()).toBe(201);
  const password = ((await added.json()) as { password: string }).password;

  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));

  await page.goto('/account/password');
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code of the authenticator key' })).toBeVisible();
  const key = ((await page.locator('p', { hasText: 'Key:' }).locator('code').textContent()) ?? '').trim();
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  await expectAccessible(page, 'authenticator setup');
  await screenshot(page, 'account-totp-setup');
  await page.getByLabel('Code from the app').fill('000000');
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'does not match' })).toBeVisible();
  const enrolAt = Date.now();
  const used = codeAt(key, enrolAt);
  await page.getByLabel('Code from the app').fill(used);
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.allTextContents()).map((text) => text.trim());
  await screenshot(page, 'account-totp-recovery-codes');

  // Signed out, the password alone no longer opens the console.
  await context.clearCookies();
  await passwordStep(page, email, password);
  await expectAccessible(page, 'the code step of sign-in');
  await screenshot(page, 'sign-in-code-step');
  // The code used at enrolment is refused; the next one is taken.
  await page.getByLabel('Code').fill(used);
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'used already' })).toBeVisible();
  await page.getByLabel('Code').fill(codeAt(key, enrolAt + 30_000));
  await page.getByRole('button', { name: 'Verify code' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));

  // A recovery code works once.
  await context.clearCookies();
  await passwordStep(page, email, password);
  await page.getByLabel('Code').fill(recovery[0] ?? '');
  await page.getByRole('button', { name: 'Verify code' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
  await context.clearCookies();
  await passwordStep(page, email, password);
  await page.getByLabel('Code').fill(recovery[0] ?? '');
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'not right' })).toBeVisible();
  await context.close();
});
