// Issue 32, passkeys: a member adds one on the account page through Chromium's virtual
// authenticator (WebAuthn over CDP: a real browser ceremony, a software authenticator), keeps the
// recovery codes that come with a first second factor, signs in with the passkey after the
// password, and removes it. Passkeys need a host name, so this spec uses `localhost`, not the
// server's 127.0.0.1.
import type { BrowserContext, Page } from '@playwright/test';
import { expect, expectAccessible, screenshot, server, test } from './support/fixtures';
import { newMember, passwordStep, signInWithPassword } from './support/members';

const hostNameUrl = () => server.baseUrl.replace('127.0.0.1', 'localhost');

/** A platform authenticator that says yes at once, as Touch ID would after a touch. */
async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

test('a member adds a passkey, signs in with it after the password, and removes it', async ({
  signedIn: admin,
  browser,
}) => {
  const { email, password, context, page } = await newMember(admin, browser, hostNameUrl(), 'passkey');
  const { cdp, authenticatorId } = await virtualAuthenticator(context, page);
  await signInWithPassword(page, email, password);

  await page.goto('/account/password');
  await expect(page.getByText('None yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  // A first second factor comes with its ten recovery codes, shown once.
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  const passkeys = page.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem');
  await expect(passkeys).toHaveCount(1);
  await expect(passkeys.first()).toContainText(/Chrome \d+ on Linux/);
  await expect(passkeys.first()).toContainText('not used yet');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  await expectAccessible(page, 'account page with a passkey');
  await screenshot(page, 'account-passkey-added');

  // Signed out, the password alone no longer opens the console: the passkey does.
  await context.clearCookies();
  await passwordStep(page, email, password);
  await expect(page.getByText('Use your passkey, or enter')).toBeVisible();
  await expectAccessible(page, 'the second step with a passkey');
  await screenshot(page, 'sign-in-passkey-step');
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
  const [used] = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  expect(used?.signCount).toBeGreaterThan(credentials[0]?.signCount ?? 0);

  await page.goto('/account/password');
  await expect(passkeys.first()).toContainText('last used');
  await passkeys
    .first()
    .getByRole('button', { name: /Remove the passkey/ })
    .click();
  await expect(page.getByText('None yet.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Removed the passkey' })).toBeVisible();

  // With no second factor left, the password alone signs in again.
  await context.clearCookies();
  await signInWithPassword(page, email, password);

  // The admin's audit log names each change and the passkey it concerned.
  for (const action of ['user.passkey_add', 'user.passkey_remove']) {
    const audit = await admin.request.get(`/api/console/audit?action=${action}`);
    expect(audit.status()).toBe(200);
    const { entries } = (await audit.json()) as {
      entries: { actorEmail: string | null; metadata: Record<string, unknown> }[];
    };
    const mine = entries.filter((entry) => entry.actorEmail === email);
    expect(mine, action).toHaveLength(1);
    expect(mine[0]?.metadata.passkey).toMatch(/Chrome \d+ on Linux/);
  }
  await context.close();
});
