// Sign-in: the console is closed without a session, wrong passwords say so, the admin gets in.
import { expect, expectAccessible, screenshot, server, signIn, test } from './support/fixtures';

test('an anonymous visitor is sent to sign in, and comes back after', async ({ page }) => {
  await page.goto('/sessions');
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=/);
  await expect(page.getByRole('heading', { name: /sign in/i })).toBeVisible();
  await expectAccessible(page, 'sign-in');
  await screenshot(page, 'sign-in');
  await page.getByLabel('Email').fill(server.adminEmail);
  await page.getByLabel('Password').fill(server.adminPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/sessions$/);
});

test('a wrong password is refused with a clear message', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(server.adminEmail);
  await page.getByLabel('Password').fill('not-the-password-at-all');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('The email or password is incorrect.')).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);
});

test('the admin signs in and out', async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('navigation', { name: 'Console' })).toBeVisible();
  await page.getByLabel(`Account: ${server.adminEmail}`).click();
  await page.getByRole('button', { name: /sign out/i }).click();
  await expect(page).toHaveURL(/\/sign-in/);
});
