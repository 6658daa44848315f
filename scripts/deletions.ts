// `npm run --silent deletions -- create --workspace NAME --email E ...`: a workspace's erasure of
// what it contributed (as its admin's console deletion). `deletions erase --email E ...`: an
// operator's data-subject erasure everywhere (the person's whole cluster, every workspace, global
// tombstones, an audit row per workspace touched; resumable by running it again). Each prints one
// JSON line (counts per table); errors as JSON on stderr.
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { CommandError, connect, runJsonCommand, UsageError } from '@/lib/cli/json-command';
import { db } from '@/lib/db/client';
import { workspaces } from '@/lib/db/schema';
import { eraseEverywhere, recordDeletion } from '@/lib/services/deletion';
import { parseDeletionRequest } from '@/lib/services/deletion/request';

const USAGE = `usage:
  deletions create --workspace NAME [--email E]... [--phone P]... [--ssn 123-45-6789] [--profile SERVICE:HANDLE]...
    erases what workspace NAME contributed about these identifiers and its own sessions carrying them
  deletions erase [--email E]... [--phone P]... [--ssn 123-45-6789] [--profile SERVICE:HANDLE]...
    erases the person everywhere: every workspace, the person's other identifiers, global tombstones
  (at least one identifier; repeat an option for several values)`;

/** `github:jdoe` as a profile; a handle without a service is accepted as is. */
function profileOf(text: string): { service: string | null; username: string } {
  const at = text.indexOf(':');
  return at > 0
    ? { service: text.slice(0, at), username: text.slice(at + 1) }
    : { service: null, username: text };
}

async function run(argv: string[]): Promise<Record<string, unknown>> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      workspace: { type: 'string' },
      email: { type: 'string', multiple: true },
      phone: { type: 'string', multiple: true },
      ssn: { type: 'string' },
      profile: { type: 'string', multiple: true },
    },
  });
  const [command] = positionals;
  if (command !== 'create' && command !== 'erase')
    throw new UsageError(command ? `unknown command "${command}"` : 'missing command');
  const workspaceName = values.workspace?.trim();
  if (command === 'create' && !workspaceName) throw new UsageError('--workspace is required');
  if (command === 'erase' && values.workspace !== undefined)
    throw new UsageError('erase reaches every workspace: it takes no --workspace');
  const body = {
    emails: values.email ?? [],
    phones: values.phone ?? [],
    ssns: values.ssn === undefined ? [] : [values.ssn],
    profiles: (values.profile ?? []).map(profileOf),
  };
  const parsed = parseDeletionRequest(body);
  if (!parsed.ok) {
    // The parser's paths name body fields: say which option they came from.
    const options: Record<string, string> = {
      emails: '--email',
      phones: '--phone',
      ssns: '--ssn',
      profiles: '--profile',
    };
    const message = parsed.errors
      .map((e) => {
        const [field = '', index] = e.path.split('.');
        const option = options[field];
        if (!option) return e.message;
        const detail = e.message.slice(e.message.indexOf(': ') + 2);
        return `${option}${index === undefined ? '' : ` #${Number(index) + 1}`}: ${detail}`;
      })
      .join('; ');
    if (parsed.code === 'NO_MINIMUM_IDENTIFIER') throw new UsageError(message);
    throw new CommandError(parsed.code, message);
  }
  await connect();
  if (command === 'erase')
    return { ...(await eraseEverywhere(db(), { identifiers: parsed.value, actor: 'cli' })) };
  const [workspace] = await db()
    .select({ id: workspaces.id, name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.name, workspaceName ?? ''));
  if (!workspace) throw new CommandError('NOT_FOUND', `workspace "${workspaceName}": no such workspace`);
  const result = await recordDeletion(db(), {
    workspaceId: workspace.id,
    identifiers: parsed.value,
    actor: 'cli',
  });
  return { workspace: workspace.name, ...result };
}

runJsonCommand(() => run(process.argv.slice(2)), USAGE);
