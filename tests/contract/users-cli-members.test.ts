// The users CLI's member verbs (add, role, remove, list): the Members tab's services from the shell,
// one JSON line each, audited as `cli`, refusing the last admin with LAST_ADMIN.
import { describe, expect, it } from 'vitest';
import { newUser, usersCli } from './console-session';
import { query, unique } from './support';

const run = async (args: string[]) => {
  const result = await usersCli(args);
  return { ...result, json: result.stdout ? (JSON.parse(result.stdout) as Record<string, unknown>) : null };
};

describe('users add, role, remove and list', () => {
  it('adds a member with a one-time password, changes the role, removes them, refuses the last admin', async () => {
    const admin = await newUser('admin');
    const email = `${unique('cli-member')}@example.com`;
    const ws = ['--workspace', admin.workspace];

    const added = await run(['add', ...ws, '--email', email, '--role', 'analyst']);
    expect(added.code, added.stderr).toBe(0);
    expect(added.json).toMatchObject({ workspace: admin.workspace, email, role: 'analyst' });
    expect(added.json?.password).toEqual(expect.stringMatching(/^\S{16,}$/));

    const again = await run(['add', ...ws, '--email', email, '--role', 'admin']);
    expect(again.code).toBe(1);
    expect(JSON.parse(again.stderr)).toMatchObject({ error: 'ALREADY_MEMBER' });

    const promoted = await run(['role', ...ws, '--email', email, '--role', 'admin']);
    expect(promoted.json).toMatchObject({ email, role: 'admin', previousRole: 'analyst', changed: true });
    const removed = await run(['remove', ...ws, '--email', email]);
    expect(removed.json).toMatchObject({ email, removed: true });

    const last = await run(['remove', ...ws, '--email', admin.email]);
    expect(last.code).toBe(1);
    expect(JSON.parse(last.stderr)).toMatchObject({ error: 'LAST_ADMIN' });
    const stranger = await run(['role', ...ws, '--email', 'nobody@example.com', '--role', 'admin']);
    expect(JSON.parse(stranger.stderr)).toMatchObject({ error: 'NOT_FOUND' });
    const noWorkspace = await run(['list', '--workspace', unique('missing')]);
    expect(JSON.parse(noWorkspace.stderr)).toMatchObject({ error: 'NOT_FOUND' });

    const listed = await run(['list', ...ws]);
    expect(
      ((listed.json?.members ?? []) as { email: string; role: string }[]).map((m) => [m.email, m.role]),
    ).toEqual([[admin.email, 'admin']]);
    const audit = await query<{ actor: string; action: string }>(
      "select actor, action from audit_log where workspace_id = $1 and action like 'member.%' order by created_at, id",
      [admin.workspaceId],
    );
    expect(audit).toEqual([
      { actor: 'cli', action: 'member.add' },
      { actor: 'cli', action: 'member.change_role' },
      { actor: 'cli', action: 'member.remove' },
    ]);
  });
});
