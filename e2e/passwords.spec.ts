// Issue 32, passwords and sessions: an admin resets a member's password from the Members tab; the
// member, signed in elsewhere, is signed out at once; signing in with the one-time password they
// can do nothing but choose their own (a weak one is refused next to the field); then the console
// opens. From a second browser they see both sessions, end the first, then every one.
import type { Browser, Page } from '@playwright/test';
import { expect, expectAccessible, screenshot, signIn, test } from './support/fixtures';

async function newPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

test('an admin resets a member, who must choose a new password before anything else', async ({
  signedIn: page,
  browser,
  baseURL,
}) => {
  const email = `reset.${Date.now()}@example.com`;
  const added = await page.request.post('/api/console/members', { data: { email, role: 'analyst' } });
  expect(added.status(), await added.text()).toBe(201);
  const first = ((await added.json()) as { password: string }).password;

  // The member is signed in on their own browser.
  const member = await newPage(browser, baseURL);
  await signIn(member, email, first);
  await expect(member.getByRole('heading', { level: 1 })).toBeVisible();

  await page.goto('/admin/members');
  const members = page.getByRole('table', { name: 'Members of this workspace' });
  await expect(members.getByRole('button', { name: 'Reset the password of admin@verity.local' })).toHaveCount(
    0,
  );
  await members.getByRole('button', { name: `Reset the password of ${email}` }).click();
  const dialog = page.getByRole('dialog', { name: `Reset the password of ${email}?` });
  await expectAccessible(page, 'the reset confirmation');
  await dialog.getByRole('button', { name: 'Reset password' }).click();
  await expect(dialog.getByRole('status')).toContainText('signed out everywhere');
  const oneTime = (await dialog.locator('.secret code').textContent()) ?? '';
  expect(oneTime).toMatch(/^\S{20,}$/);
  await screenshot(page, 'admin-member-password-reset');
  await dialog.getByRole('button', { name: 'I have handed it over' }).click();

  // Their open session is over: the next page they open is the sign-in page, saying why.
  await member.goto('/sessions');
  await expect(member).toHaveURL(/\/sign-in/);
  await expect(member.getByRole('alert').filter({ hasText: 'signed out' })).toBeVisible();
  // The old password no longer works; the one-time one leads to the password page only.
  await signIn(member, email, oneTime);
  await expect(member).toHaveURL(/\/account\/password$/);
  await member.goto('/sessions');
  await expect(member).toHaveURL(/\/account\/password$/);
  await expect(member.getByRole('heading', { name: 'Choose your own password' })).toBeVisible();
  await expectAccessible(member, 'the password page after a reset');

  await member.getByLabel('One-time password').fill(oneTime);
  await member.getByLabel('New password', { exact: true }).fill('password12345678');
  await member.getByLabel('New password again').fill('password12345678');
  await member.getByRole('button', { name: 'Change password' }).click();
  await expect(member.locator('#newPassword-error')).toContainText('easy to guess');
  await expect(member.getByLabel('New password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await screenshot(member, 'account-password-refused');

  const chosen = 'velvet harbor quietly tangerine';
  await member.getByLabel('One-time password').fill(oneTime);
  await member.getByLabel('New password', { exact: true }).fill(chosen);
  await member.getByLabel('New password again').fill(chosen);
  await member.getByRole('button', { name: 'Change password' }).click();
  await expect(member).toHaveURL(/\/account\/password\?changed=1$/);
  await expect(member.getByRole('status').filter({ hasText: 'Password changed' })).toBeVisible();
  await member.goto('/sessions');
  await expect(member).toHaveURL(/\/sessions$/);

  // Signed in on a second browser, the member sees both sessions and signs the first one out.
  const second = await newPage(browser, baseURL);
  await signIn(second, email, chosen);
  await second.goto('/account/password');
  await expect(second.getByRole('heading', { name: 'Change your password' })).toBeVisible();
  const list = second.getByRole('list', { name: 'Signed-in sessions' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByText('This session')).toHaveCount(1);
  await expectAccessible(second, 'the account page with two sessions');
  await screenshot(second, 'account-sessions');
  await list.getByRole('button', { name: /^Sign out / }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await member.goto('/sessions');
  await expect(member).toHaveURL(/\/sign-in/);
  // Then everywhere, this browser included.
  await second.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(second).toHaveURL(/\/sign-in/);
  await second.goto('/sessions');
  await expect(second).toHaveURL(/\/sign-in/);

  // The audit log has both verbs.
  await page.goto('/admin/audit');
  await expect(page.getByRole('table').getByText('user.password_reset').first()).toBeVisible();
  await member.context().close();
  await second.context().close();
});
