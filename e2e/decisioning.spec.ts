// Issue 33, the whole decisioning flow as an admin lives it, in a workspace of its own: block a
// session's e-mail domain from the session page, write a rule that sends that domain to review,
// backtest it, save it, and see the next applicant at that domain answered with the rule's
// outcome and waiting in the review queue with it. axe on the queue.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { cliEnv } from './support/cli-env';
import { expect, expectAccessible, screenshot, signIn, test } from './support/fixtures';

const run = promisify(execFile);
const tsx = 'node_modules/tsx/dist/cli.mjs';

async function newAdmin(): Promise<{ email: string; password: string; key: string }> {
  const stamp = `${process.pid}-${Date.now()}`;
  const workspace = `decide-${stamp}`;
  const email = `decide-admin-${stamp}@example.com`;
  const password = `pw-decide-${stamp}`;
  const env = { ...process.env, ...cliEnv() };
  await run(
    process.execPath,
    [
      tsx,
      'scripts/users.ts',
      'create',
      '--workspace',
      workspace,
      '--email',
      email,
      '--role',
      'admin',
      '--password',
      password,
    ],
    { env },
  );
  const created = await run(
    process.execPath,
    [tsx, 'scripts/keys.ts', 'create', '--workspace', workspace, '--scopes', 'verify'],
    { env },
  );
  return { email, password, key: (JSON.parse(created.stdout) as { key: string }).key };
}

test('block from a session, write a rule, backtest, save: the next applicant waits in the queue with its outcome', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const admin = await newAdmin();
  await signIn(page, admin.email, admin.password);
  const domain = `ring-${Date.now()}.example`;
  const apply = async (local: string) => {
    const response = await page.request.post('/api/verify', {
      data: { emails: [`${local}@${domain}`], ipAddress: '198.51.100.40' },
      headers: { Authorization: `Bearer ${admin.key}` },
    });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as { sessionId: string; outcome?: unknown };
  };

  // The first applicant's session: its domain goes on the block list in one click.
  const first = await apply('mallory');
  expect(first).not.toHaveProperty('outcome');
  await page.goto(`/sessions/${first.sessionId}`);
  const card = page.getByRole('region', { name: 'Block or allow' });
  await card.getByRole('button', { name: `Block e-mail domain ${domain}` }).click();
  const dialog = page.getByRole('dialog', { name: `Block ${domain}` });
  await dialog.getByLabel('Reason').fill('Fraud ring domain');
  await dialog.getByLabel('Reason').press('Enter');
  await expect(card.getByRole('status')).toHaveText(`${domain} added to the block list.`);

  // A rule: a block-listed e-mail domain goes to review.
  await page.goto('/admin/rules');
  const editor = page.getByRole('region', { name: 'Rules', exact: true });
  await editor.getByRole('button', { name: 'Add rule' }).click();
  await page.keyboard.type('Blocked domain to review');
  const rule = editor.getByRole('region', { name: /^Rule 1/ });
  await rule.getByRole('combobox', { name: 'Condition 1' }).selectOption('list');
  await rule.getByRole('checkbox', { name: 'E-mail domain' }).check();
  await rule.getByLabel('Outcome').selectOption('review');
  await rule.getByLabel('Reason code').fill('BLOCKED_DOMAIN_REVIEW');
  await editor.getByLabel('Sessions of the last').selectOption('30');
  await editor.getByRole('button', { name: 'Backtest', exact: true }).click();
  const result = editor.getByRole('region', { name: 'Backtest of the last 30 days' });
  await expect(result).toContainText('Replayed 1 session of the last 30 days');
  await editor.getByRole('button', { name: 'Save as version 1' }).click();
  await expect(editor).toContainText('Version 1 is in force.');

  // The next applicant at that domain: the answer carries the rule's outcome...
  const next = await apply('eve');
  expect(next.outcome).toEqual({
    decision: 'review',
    reasonCode: 'BLOCKED_DOMAIN_REVIEW',
    rule: { id: expect.any(String), name: 'Blocked domain to review' },
    rulesVersion: 1,
  });
  // ...and the session waits in the queue, marked as the rules' review.
  await page.goto('/sessions/queue');
  const row = page.getByRole('row').filter({ hasText: next.sessionId });
  await expect(row).toContainText('Rules: Review');
  await expectAccessible(page, 'review queue with a rules outcome');
  await screenshot(page, 'queue-rules-outcome');

  // The session page says which rule and version decided.
  await row.getByRole('link', { name: new RegExp(next.sessionId) }).click();
  await expect(page.getByText('Rule "Blocked domain to review", rules version 1.')).toBeVisible();
});
