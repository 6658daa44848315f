// `npm run --silent users -- create|add|role|remove|list|reset-password|reset-second-factor`: one JSON line on stdout, errors as JSON
// on stderr with a non-zero exit. Works with or without the server running (same database), like
// `keys`. add, role and remove are the console Members page's service verbs, audited as `cli`.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { isRole, ROLES } from '@/lib/auth/roles';
import { CommandError, connect, runJsonCommand, UsageError } from '@/lib/cli/json-command';
import { db } from '@/lib/db/client';
import { createConsoleUser } from '@/lib/services/console-users';
import type { WorkspaceContext } from '@/lib/services/context';
import { addMember } from '@/lib/services/members/add-member';
import { changeMemberRole, removeMember } from '@/lib/services/members/change-member';
import { listMembers } from '@/lib/services/members/list-members';
import { resetPasswordByEmail } from '@/lib/services/passwords';
import { workspaceIdByName } from '@/lib/services/risk-policy/change-level';
import { removeSecondFactorByEmail } from '@/lib/services/second-factor';

const USAGE = `usage:
  users create --workspace NAME --email EMAIL --role admin|analyst [--password PASSWORD] [--name NAME]
    Creates the console user (and the workspace if needed) with a generated password, printed
    once, unless --password is given. For an existing e-mail it adds the workspace membership
    (or changes its role) and leaves the password alone.
  users add --workspace NAME --email EMAIL --role admin|analyst
    Adds a member to an existing workspace; a new account's generated password is printed once.
  users role --workspace NAME --email EMAIL --role admin|analyst
  users remove --workspace NAME --email EMAIL
    The last admin of a workspace can be neither demoted nor removed.
  users list --workspace NAME
  users reset-password --email EMAIL
    Replaces the account's password with a one-time one, printed once and valid for 24 hours,
    which must be changed at the next sign-in; every console session of the account ends now.
  users reset-second-factor --email EMAIL
    Turns two-step sign-in off for the account (it lost the app, its passkeys and the recovery
    codes): the app and the passkeys are removed, and the password then signs in alone until the
    user sets up a second factor again.`;

// The same rules as ADMIN_EMAIL and ADMIN_PASSWORD (lib/config/env.ts).
const emailSchema = z.email();
const passwordSchema = z.string().min(12);

async function run(argv: string[]): Promise<Record<string, unknown>> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      workspace: { type: 'string' },
      email: { type: 'string' },
      role: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
    },
  });
  const [command] = positionals;
  if (command === 'reset-password') return resetPassword(values.email);
  if (command === 'reset-second-factor') return resetSecondFactor(values.email);
  const workspace = values.workspace?.trim();
  if (!workspace) throw new UsageError('--workspace is required');
  if (command === 'add' || command === 'role' || command === 'remove' || command === 'list') {
    return member(command, workspace, values);
  }
  if (command !== 'create')
    throw new UsageError(command ? `unknown command "${command}"` : 'missing command');
  const email = values.email?.trim() ?? '';
  if (!emailSchema.safeParse(email).success) throw new UsageError('--email takes an e-mail address');
  if (!isRole(values.role)) throw new UsageError(`--role takes one of ${ROLES.join(', ')}`);
  if (values.password !== undefined && !passwordSchema.safeParse(values.password).success) {
    throw new UsageError('--password must be at least 12 characters');
  }
  await connect();
  const result = await createConsoleUser(db(), {
    email,
    workspace,
    role: values.role,
    password: values.password,
    name: values.name?.trim() || undefined,
    actor: 'cli',
  });
  if (!result.ok) {
    throw new CommandError(
      'USER_EXISTS',
      `${email} already has an account; create does not change passwords`,
    );
  }
  return { ...result.value };
}

/** `--email` of the account-wide commands (reset-password, reset-second-factor). */
function accountEmail(option: string | undefined): string {
  const email = option?.trim() ?? '';
  if (!emailSchema.safeParse(email).success) throw new UsageError('--email takes an e-mail address');
  return email;
}

/** Two-step sign-in removed, for a member who lost the app and the recovery codes. */
async function resetSecondFactor(emailOption: string | undefined): Promise<Record<string, unknown>> {
  const email = accountEmail(emailOption);
  await connect();
  const removed = await removeSecondFactorByEmail(db(), { email });
  if (removed === null) throw new CommandError('NOT_FOUND', `${email} has no console account`);
  return { email, removed };
}

/** The operator's reset: any account (an admin who locked themselves out included). */
async function resetPassword(emailOption: string | undefined): Promise<Record<string, unknown>> {
  const email = accountEmail(emailOption);
  await connect();
  const issued = await resetPasswordByEmail(db(), { email });
  if (!issued) throw new CommandError('NOT_FOUND', `${email} has no console account`);
  return { ...issued, expiresAt: issued.expiresAt.toISOString(), mustChangePassword: true };
}

const refusals = {
  not_found: ['NOT_FOUND', 'is not a member of this workspace'],
  last_admin: ['LAST_ADMIN', "is the workspace's last admin; make another member admin first"],
} as const;

/** The member verbs, in a workspace that must exist (unlike create, they never make one). */
async function member(
  command: 'add' | 'role' | 'remove' | 'list',
  workspace: string,
  values: { email?: string; role?: string },
): Promise<Record<string, unknown>> {
  const email = values.email?.trim() ?? '';
  if (command !== 'list' && !emailSchema.safeParse(email).success) {
    throw new UsageError('--email takes an e-mail address');
  }
  if ((command === 'add' || command === 'role') && !isRole(values.role)) {
    throw new UsageError(`--role takes one of ${ROLES.join(', ')}`);
  }
  const role = isRole(values.role) ? values.role : 'analyst';
  await connect();
  const workspaceId = await workspaceIdByName(db(), workspace);
  if (!workspaceId) throw new CommandError('NOT_FOUND', `no workspace named "${workspace}"`);
  const ctx: WorkspaceContext = { workspaceId, actor: 'cli' };
  if (command === 'list') return { workspace, members: await listMembers(db(), ctx) };
  if (command === 'add') {
    const added = await addMember(db(), ctx, { email, role });
    if (!added.ok) throw new CommandError('ALREADY_MEMBER', `${email} is already a member, as ${added.role}`);
    return { workspace, ...added.value };
  }
  const result =
    command === 'role'
      ? await changeMemberRole(db(), ctx, { email, role })
      : await removeMember(db(), ctx, { email });
  if (!result.ok) {
    const [code, message] = refusals[result.reason];
    throw new CommandError(code, `${email} ${message}`);
  }
  return { workspace, ...(command === 'remove' ? { removed: true } : {}), ...result.value };
}

runJsonCommand(() => run(process.argv.slice(2)), USAGE);
