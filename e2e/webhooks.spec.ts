// Webhooks (issue 34 item 1): an admin adds an endpoint for session.created pointing at a real
// receiver on loopback and sees its secret once; a Verify with the demo key is delivered, signed
// so that the Standard Webhooks library verifies it with that secret, and shows in the delivery
// log; a test event is delivered; with the receiver failing a test event fails and, once the
// receiver recovers, Replay delivers it; the admin disables the endpoint (the warning at the top
// names it) and turns it back on from there, rotates the secret (both secrets sign), edits the
// events and deletes the endpoint, so later specs see none. axe at 1360 and 390 px, light and dark.
import type { IncomingHttpHeaders } from 'node:http';
import type { Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { startWebhookReceiver, type WebhookReceiver } from '../tests/support/webhook-receiver';
import { expect, expectAccessible, screenshot, server, test } from './support/fixtures';

interface DeliveredEvent {
  type: string;
  data: Record<string, unknown>;
}

/** The receiver's headers as the library takes them (Node gives string arrays for repeats). */
function flatHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])),
  );
}

function verified(secret: string, delivery: { body: string; headers: IncomingHttpHeaders }): DeliveredEvent {
  return new Webhook(secret).verify(delivery.body, flatHeaders(delivery.headers)) as DeliveredEvent;
}

/** Removes this spec's endpoints through the API, whatever happened in the page. */
async function removeEndpoints(page: Page, receiver: WebhookReceiver) {
  const listed = await page.request.get('/api/console/webhooks');
  if (!listed.ok()) return;
  const { endpoints } = (await listed.json()) as { endpoints: { id: string; url: string }[] };
  for (const endpoint of endpoints.filter((e) => e.url === receiver.url)) {
    await page.request.delete(`/api/console/webhooks/${endpoint.id}`);
  }
}

test('an admin adds a webhook endpoint, sees signed deliveries, replays a failed one and removes it', async ({
  signedIn: page,
}) => {
  test.setTimeout(150_000);
  const receiver = await startWebhookReceiver();
  try {
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Webhooks' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    const endpoints = page.getByRole('region', { name: 'Endpoints' });
    await expect(endpoints.getByRole('heading', { name: 'No endpoints yet' })).toBeVisible();
    await expect(endpoints).toContainText('docs/api/webhooks.md');
    await expectAccessible(page, 'webhooks, no endpoints');

    // The form refuses an empty endpoint next to its fields.
    const add = page.getByRole('region', { name: 'Add an endpoint' });
    await add.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(add.getByText('choose at least one event')).toBeVisible();
    await expect(add.getByLabel('URL')).toHaveAttribute('aria-invalid', 'true');

    await add.getByLabel('URL').fill(receiver.url);
    await add.getByLabel('Description (optional)').fill('e2e receiver');
    await add.getByRole('checkbox', { name: /^session\.created/ }).check();
    await add.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(page.getByText('Endpoint added. Copy the signing secret now')).toBeVisible();
    const secret = (await page.locator('.secret code').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await expect(page.getByRole('button', { name: 'Copy secret' })).toBeVisible();
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await expect(page.getByText('Endpoint added. Copy the signing secret now')).toHaveCount(0);
    // Shown once: nothing on the page carries it any more.
    await expect(page.getByText(secret)).toHaveCount(0);

    const item = endpoints
      .getByRole('list', { name: 'Webhook endpoints' })
      .getByRole('listitem')
      .filter({ hasText: receiver.url });
    await expect(item).toContainText('e2e receiver');
    await expect(item).toContainText('Enabled');
    await expect(item.getByRole('list', { name: 'Events' })).toHaveText('session.created');

    // A Verify with the demo key is pushed to the receiver, signed with the secret.
    const verify = await page.request.post('/api/verify', {
      data: { emails: ['e2e.webhooks@example.com'] },
      headers: { Authorization: `Bearer ${server.demoKey}` },
    });
    expect(verify.status()).toBe(201);
    const { sessionId } = (await verify.json()) as { sessionId: string };
    const [created] = await receiver.waitFor(1);
    if (!created) throw new Error('no delivery');
    const event = verified(secret, created);
    expect(event.type).toBe('session.created');
    expect(event.data.sessionId).toBe(sessionId);
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(24, 7).toString('base64')}`).verify(
        created.body,
        flatHeaders(created.headers),
      ),
    ).toThrow();

    // The delivery log shows it.
    await item.getByRole('button', { name: 'Delivery log', exact: true }).click();
    const log = item.getByRole('table', { name: `Deliveries to ${receiver.url}, newest first` });
    const rows = (type: string) => log.getByRole('row').filter({ hasText: type });
    await expect(rows('session.created')).toContainText('Delivered');
    await expect(rows('session.created')).toContainText('200');

    // A test event, delivered.
    await item.getByRole('button', { name: 'Send test event' }).click();
    await expect(item.getByText(/^Test event delivered: 200 in \d+ ms$/)).toBeVisible();
    await expect(rows('webhook.test')).toContainText('Delivered');
    expect(verified(secret, (await receiver.waitFor(2))[1] ?? created).type).toBe('webhook.test');

    // The receiver fails: the test event fails, and is replayed once the receiver is back.
    receiver.always(500);
    await item.getByRole('button', { name: 'Send test event' }).click();
    await expect(item.getByText(/^Test event failed: 500 after \d+ ms$/)).toBeVisible();
    await expect(item).toContainText('failing on purpose (500)');
    const failed = rows('webhook.test').filter({ hasText: 'Failed' });
    await expect(failed).toHaveCount(1);
    await failed.getByText('Response', { exact: true }).click();
    await expect(failed).toContainText('failing on purpose (500)');
    await expect(item.getByRole('button', { name: 'Replay all failed (1)' })).toBeVisible();
    await expectAccessible(page, 'webhooks with a failed delivery');
    await screenshot(page, 'webhooks-failed-delivery');
    const before = receiver.received.length;
    receiver.always(200);
    await failed.getByRole('button', { name: /^Replay webhook\.test msg_/ }).click();
    await expect(rows('webhook.test').filter({ hasText: 'Failed' })).toHaveCount(0);
    await expect(rows('webhook.test').filter({ hasText: 'Delivered' })).toHaveCount(2);
    const replayed = await receiver.waitFor(before + 1);
    expect(verified(secret, replayed[before] ?? created).type).toBe('webhook.test');

    // Dark theme and a phone: readable, nothing wider than the screen.
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page, 'webhooks, dark');
    await screenshot(page, 'webhooks-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 390, height: 844 });
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'webhooks at 390 px');
    await screenshot(page, 'webhooks-phone');
    await page.setViewportSize({ width: 1360, height: 900 });

    // Disabled: the warning at the top names it and why, and turns it back on.
    await item.getByRole('button', { name: 'Disable', exact: true }).click();
    const warning = page.getByRole('region', { name: 'An endpoint is disabled' });
    await expect(warning).toContainText(receiver.url);
    await expect(warning).toContainText('Turned off by an admin.');
    await expect(item).toContainText('Disabled');
    await expectAccessible(page, 'webhooks with a disabled endpoint');
    await warning.getByRole('button', { name: `Turn back on ${receiver.url}` }).click();
    await expect(warning).toHaveCount(0);
    await expect(item).toContainText('Enabled');

    // Rotate: a confirmation, the new secret once, and both secrets sign for now.
    await item.getByRole('button', { name: 'Rotate secret' }).click();
    const rotate = page.getByRole('dialog', { name: `Rotate the secret of ${receiver.url}?` });
    await expect(rotate).toContainText('24 hours');
    await expectAccessible(page, 'rotate secret dialog');
    await rotate.getByRole('button', { name: 'Rotate secret' }).click();
    await expect(page.getByText('Secret rotated. Copy the new signing secret now')).toBeVisible();
    await expect(page.getByText('The previous secret keeps signing beside this one until')).toBeVisible();
    const rotated = (await page.locator('.secret code').textContent()) ?? '';
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await expect(item).toContainText('Rotating');
    const count = receiver.received.length;
    await item.getByRole('button', { name: 'Send test event' }).click();
    const afterRotation = (await receiver.waitFor(count + 1))[count] ?? created;
    expect(verified(rotated, afterRotation).type).toBe('webhook.test');
    expect(verified(secret, afterRotation).type).toBe('webhook.test');

    // Edit: one more event.
    await item.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${receiver.url}` });
    await edit.getByRole('checkbox', { name: /^decision\.recorded/ }).check();
    await expectAccessible(page, 'edit endpoint dialog');
    await edit.getByRole('button', { name: 'Save endpoint' }).click();
    await expect(edit).toBeHidden();
    await expect(item.getByRole('list', { name: 'Events' })).toContainText('decision.recorded');

    // Delete: asked first; Cancel keeps it.
    await item.getByRole('button', { name: 'Delete', exact: true }).click();
    const remove = page.getByRole('dialog', { name: `Delete ${receiver.url}?` });
    await remove.getByRole('button', { name: 'Cancel' }).click();
    await expect(remove).toBeHidden();
    await item.getByRole('button', { name: 'Delete', exact: true }).click();
    await remove.getByRole('button', { name: 'Delete endpoint' }).click();
    await expect(endpoints.getByRole('heading', { name: 'No endpoints yet' })).toBeVisible();
  } finally {
    await removeEndpoints(page, receiver);
    await receiver.close();
  }
});
