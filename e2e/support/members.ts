// A new member of the admin's workspace in a browser of their own, and the sign-in's two steps
// as they would go through them (paths relative to the context's base URL, which may be
// `localhost` where a host name is needed).
import { type Browser, expect, type Page } from '@playwright/test';

/** Signs in with the password alone and waits for the console. */
export async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
}

/** The password step of an account with a second factor: the code step follows. */
export async function passwordStep(page: Page, email: string, password: string) {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Code')).toBeFocused();
}

/** A new analyst of the admin's workspace, signed in with the password in a browser of their own. */
export async function newMember(admin: Page, browser: Browser, baseURL: string | undefined, prefix: string) {
  const email = `${prefix}.${Date.now()}@example.com`;
  const added = await admin.request.post('/api/console/members', { data: { email, role: 'analyst' } });
  expect(added.status(), await added.text()).toBe(201);
  const password = ((await added.json()) as { password: string }).password;
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  return { email, password, context, page };
}
