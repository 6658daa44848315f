// `npm run --silent users -- create`: one JSON line on stdout, errors as JSON on stderr with a
// non-zero exit. Works with or without the server running (same database), like `keys`.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { isRole, ROLES } from '@/lib/auth/roles';
import { CommandError, connect, runJsonCommand, UsageError } from '@/lib/cli/json-command';
import { db } from '@/lib/db/client';
import { createConsoleUser } from '@/lib/services/console-users';

const USAGE = `usage:
  users create --workspace NAME --email EMAIL --role admin|analyst [--password PASSWORD] [--name NAME]
    Creates the console user (and the workspace if needed) with a generated password, printed
    once, unless --password is given. For an existing e-mail it adds the workspace membership
    (or changes its role) and leaves the password alone.`;

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
  if (command !== 'create')
    throw new UsageError(command ? `unknown command "${command}"` : 'missing command');
  const workspace = values.workspace?.trim();
  if (!workspace) throw new UsageError('--workspace is required');
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

runJsonCommand(() => run(process.argv.slice(2)), USAGE);
