// Issue 32, single sign-on: the console signs people in through a real OpenID Connect provider on
// loopback (oidc-provider, started by the global setup; its development login page takes any
// name). A first sign-in of an allowed domain (sso.example) makes an account without a password,
// an analyst of the oldest workspace; a foreign domain and an unverified e-mail are refused back
// on the sign-in page; with OIDC_ONLY an sso.example password is refused.
import type { Browser, Locator, Page } from '@playwright/test';
import { SSO_DOMAIN } from '../tests/support/oidc-server';
import { expect, expectAccessible, screenshot, server, test } from './support/fixtures';

/** Back on the console from the provider: anywhere but the plain sign-in page the trip began on. */
const backOnConsole = (url: URL) =>
  url.origin === new URL(server.baseUrl).origin && !(url.pathname === '/sign-in' && url.search === '');

/** Whichever comes first: the locator showing, or the page back on the console. */
function firstOf(page: Page, locator: Locator) {
  return Promise.race([
    locator.waitFor().then(
      () => 'shown' as const,
      () => 'none' as const,
    ),
    page.waitForURL(backOnConsole).then(
      () => 'back' as const,
      () => 'none' as const,
    ),
  ]);
}

/**
 * From the console's sign-in page through the identity provider: its login page (skipped while
 * the provider's own session lasts, as a real one would) and its consent page (asked once per
 * account and client), back to the console.
 */
async function throughIdentityProvider(page: Page, login: string) {
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Continue with Example ID' }).click();
  const loginField = page.getByPlaceholder('Enter any login');
  if ((await firstOf(page, loginField)) === 'shown') {
    await loginField.fill(login);
    await page.getByPlaceholder('and password').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    const consent = page.getByRole('button', { name: 'Continue', exact: true });
    if ((await firstOf(page, consent)) === 'shown') await consent.click();
  }
  await page.waitForURL(backOnConsole);
}

/** A browser of its own: the provider's session cookie is per browser, like a person's. */
async function freshPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  return { context, page: await context.newPage() };
}

test('a first single sign-on makes an analyst without a password, audited; the next one finds the account', async ({
  signedIn: admin,
  browser,
  baseURL,
}) => {
  const email = `ana.${Date.now()}@${SSO_DOMAIN}`;
  const { context, page } = await freshPage(browser, baseURL);
  await page.goto('/sign-in');
  await expect(page.getByText('or with a password')).toBeVisible();
  await expectAccessible(page, 'sign-in with single sign-on');
  await screenshot(page, 'sign-in-sso');
  await throughIdentityProvider(page, email);
  await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));

  await page.goto('/account/password');
  await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible();
  await expect(page.getByText('You sign in with single sign-on')).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveCount(0);
  await screenshot(page, 'account-sso');

  await admin.goto('/admin/members');
  const row = admin.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('analyst');
  const audit = await admin.request.get('/api/console/audit?action=user.create');
  const { entries } = (await audit.json()) as { entries: { metadata: Record<string, unknown> }[] };
  expect(entries.find((entry) => entry.metadata.email === email)?.metadata).toMatchObject({
    role: 'analyst',
    via: 'sso',
  });

  // Admins see how single sign-on is set up (never the client secret).
  await admin.goto('/admin/settings');
  const card = admin.getByRole('region', { name: 'Single sign-on' });
  await expect(card).toContainText('Example ID');
  await expect(card).toContainText(`People with an e-mail at ${SSO_DOMAIN}`);
  await expect(card).toContainText('Refused for these domains');
  await expect(card).not.toContainText('oidc-test-client-secret');

  // Signed out of the console and back through the provider (still signed in there, so it
  // answers at once): the same account, no second one.
  await context.clearCookies({ name: /authjs/ });
  await throughIdentityProvider(page, email);
  await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
  await admin.goto('/admin/members');
  await expect(admin.getByRole('row').filter({ hasText: email })).toHaveCount(1);
  await context.close();
});

test('the provider cannot sign in a foreign domain or an unverified e-mail; an sso.example password is refused', async ({
  signedIn: admin,
  browser,
  baseURL,
}) => {
  const { context, page } = await freshPage(browser, baseURL);
  await throughIdentityProvider(page, `mallory.${Date.now()}@elsewhere.example`);
  await page.waitForURL(
    (url) => url.pathname.startsWith('/sign-in') && url.searchParams.get('error') === 'SsoRefused',
  );
  await expect(
    page.getByRole('alert').filter({ hasText: 'open to e-mail addresses of this organisation' }),
  ).toBeVisible();
  await screenshot(page, 'sign-in-sso-refused');

  const unverified = await freshPage(browser, baseURL);
  await throughIdentityProvider(unverified.page, `unverified.${Date.now()}@${SSO_DOMAIN}`);
  await expect(
    unverified.page.getByRole('alert').filter({ hasText: 'has not verified your e-mail address' }),
  ).toBeVisible();
  await unverified.context.close();

  // OIDC_ONLY: an sso.example account with a password still signs in only through the provider.
  const email = `bob.${Date.now()}@${SSO_DOMAIN}`;
  const added = await admin.request.post('/api/console/members', { data: { email, role: 'analyst' } });
  expect(added.status(), await added.text()).toBe(201);
  const password = ((await added.json()) as { password: string }).password;
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'signs in with single sign-on only' }),
  ).toBeVisible();
  await context.close();
});
