// Issue 32, two-step sign-in: a member sets up an authenticator app on the account page (the
// key read off the page, codes computed as an app would), keeps the recovery codes shown once,
// then signs in with a code (a used one is refused), and with a recovery code (once); an admin
// resets it for a member who lost it; an admin without one cannot require it of the workspace.
import { Secret, TOTP } from 'otpauth';
import { expect, expectAccessible, screenshot, test } from './support/fixtures';
import { newMember, passwordStep, signInWithPassword } from './support/members';

const codeAt = (key: string, ms: number) =>
  TOTP.generate({ secret: Secret.fromBase32(key), timestamp: ms, digits: 6, period: 30 });

test('a member turns on two-step sign-in and signs in with a code, then a recovery code', async ({
  signedIn: admin,
  browser,
  baseURL,
}) => {
  const { email, password, context, page } = await newMember(admin, browser, baseURL, 'mfa');
  await signInWithPassword(page, email, password);

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

  // The member lost the phone and the codes: an admin resets it from Members, and the password
  // alone signs in again.
  await admin.goto('/admin/members');
  const row = admin.getByRole('row').filter({ hasText: email });
  await expect(row.getByText('On', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Reset two-step sign-in of ${email}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Reset two-step sign-in of ${email}?` });
  await expectAccessible(admin, 'reset two-step sign-in, confirmation');
  await dialog.getByRole('button', { name: 'Reset two-step sign-in' }).click();
  await expect(admin.getByText(`Two-step sign-in of ${email} was reset`)).toBeVisible();
  await expect(row.getByText('Off', { exact: true })).toBeVisible();
  await context.clearCookies();
  await signInWithPassword(page, email, password);
  await context.close();
});

test('an admin without a second factor cannot require one of the workspace: Settings says why', async ({
  signedIn: page,
  consoleErrors,
}) => {
  await page.goto('/admin/settings');
  const card = page.getByRole('region', { name: 'Two-step sign-in' });
  await expect(card.getByText('Not required.')).toBeVisible();
  await expect(card).toContainText(/\d+ of \d+ members use it\./);
  await card.getByRole('switch', { name: 'Require two-step sign-in of every member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Require two-step sign-in?' });
  await expect(dialog).toContainText('will reach only their account page');
  await expectAccessible(page, 'require two-step sign-in, confirmation');
  await dialog.getByRole('button', { name: 'Require it' }).click();
  await expect(dialog).toContainText('set up two-step sign-in for yourself first');
  // The refusal is the answer expected here; the browser logs its 409 as an error.
  expect(consoleErrors).toEqual([expect.stringMatching(/status of 409/)]);
  consoleErrors.splice(0, consoleErrors.length);
  await screenshot(page, 'admin-require-second-factor-refused');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(card.getByText('Not required.')).toBeVisible();
  await expect(card.getByRole('switch')).not.toBeChecked();
});

test('guessing codes to turn two-step sign-in off is throttled like sign-in', async ({
  signedIn: admin,
  browser,
  baseURL,
}) => {
  const { email, password, context, page } = await newMember(admin, browser, baseURL, 'mfa.guess');
  await signInWithPassword(page, email, password);
  await page.goto('/account/password');
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const key = ((await page.locator('p', { hasText: 'Key:' }).locator('code').textContent()) ?? '').trim();
  const enrolAt = Date.now();
  await page.getByLabel('Code from the app').fill(codeAt(key, enrolAt));
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.goto('/account/password');

  // A stolen session tries codes: five wrong ones, then even the right one waits.
  const field = page.getByLabel('Code to turn it off');
  for (let guess = 0; guess < 5; guess += 1) {
    await field.fill(String(100000 + guess));
    await page.getByRole('button', { name: 'Turn off' }).click();
    // The form clears once the action has answered: one guess at a time, each counted.
    await expect(field).toHaveValue('');
    await expect(page.getByRole('alert').filter({ hasText: 'not right' })).toBeVisible();
  }
  await field.fill(codeAt(key, enrolAt + 30_000));
  await page.getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Too many wrong codes' })).toBeVisible();
  await expect(page.getByText(/^On since/)).toBeVisible();
  await context.close();
});
