// `npm run --silent webhooks -- list|add|update|remove|rotate|replay`: a workspace's webhook
// endpoints from the shell (issue 34), the console's service verbs audited as `cli`. One JSON line
// on stdout; errors as JSON on stderr: exit 2 for bad arguments, 1 for a refusal.
import { parseArgs } from 'node:util';
import type { z } from 'zod';
import { CommandError, runJsonCommand, UsageError } from '@/lib/cli/json-command';
import { cliWorkspace } from '@/lib/cli/workspace-context';
import {
  createWebhookEndpointSchema,
  updateWebhookEndpointSchema,
  WEBHOOK_ENDPOINT_ID,
  WEBHOOK_MESSAGE_ID,
} from '@/lib/contract/console/webhooks';
import { db } from '@/lib/db/client';
import {
  createEndpoint,
  listEndpoints,
  removeEndpoint,
  replayFailed,
  rotateEndpointSecret,
  updateEndpoint,
} from '@/lib/services/webhooks/endpoints';

const USAGE = `usage:
  webhooks list --workspace NAME
  webhooks add --workspace NAME --url URL --events TYPE[,TYPE…] [--description TEXT]
    TYPE: session.created, decision.recorded, monitoring.hit, key.created, key.rotated, key.revoked.
    Prints the signing secret once.
  webhooks update --workspace NAME --id whe_… [--url URL] [--events …] [--description TEXT] [--enabled true|false]
  webhooks remove --workspace NAME --id whe_…
  webhooks rotate --workspace NAME --id whe_…       a new secret; the old one signs for 24 hours more
  webhooks replay --workspace NAME --id whe_… [--message msg_…]
                                                    failed messages sent again (all, or one)`;

/** The schema's first offence as a usage error naming the option. */
function parsed<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  const field = String(issue?.path[0] ?? 'endpoint');
  throw new UsageError(`--${field === 'eventTypes' ? 'events' : field}: ${issue?.message ?? 'invalid'}`);
}

function endpointId(values: Record<string, string | undefined>): string {
  const id = values.id ?? '';
  if (!WEBHOOK_ENDPOINT_ID.test(id)) throw new UsageError('--id takes an endpoint id (whe_…)');
  return id;
}

const events = (text: string | undefined) =>
  text === undefined ? undefined : text.split(',').map((t) => t.trim());
const notFound = (id: string) => new CommandError('NOT_FOUND', `no webhook endpoint ${id} in this workspace`);

async function run(argv: string[]): Promise<Record<string, unknown>> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      workspace: { type: 'string' },
      url: { type: 'string' },
      events: { type: 'string' },
      description: { type: 'string' },
      enabled: { type: 'string' },
      id: { type: 'string' },
      message: { type: 'string' },
    },
  });
  const [command] = positionals;
  const known = ['list', 'add', 'update', 'remove', 'rotate', 'replay'];
  if (!command || !known.includes(command)) {
    throw new UsageError(command ? `unknown command "${command}"` : 'missing command');
  }
  if (command === 'list') {
    const ctx = await cliWorkspace(values.workspace);
    return { endpoints: await listEndpoints(db(), ctx) };
  }
  if (command === 'add') {
    const input = parsed(createWebhookEndpointSchema, {
      url: values.url,
      eventTypes: events(values.events),
      description: values.description,
    });
    const ctx = await cliWorkspace(values.workspace);
    const created = await createEndpoint(db(), ctx, input);
    if (!created.ok) throw new CommandError('INVALID_INPUT', 'the workspace keeps the most endpoints it may');
    return { endpoint: created.endpoint, secret: created.secret };
  }
  if (command === 'update') {
    const id = endpointId(values);
    if (values.enabled !== undefined && values.enabled !== 'true' && values.enabled !== 'false') {
      throw new UsageError('--enabled takes true or false');
    }
    const change = parsed(updateWebhookEndpointSchema, {
      ...(values.url === undefined ? {} : { url: values.url }),
      ...(values.events === undefined ? {} : { eventTypes: events(values.events) }),
      ...(values.description === undefined ? {} : { description: values.description }),
      ...(values.enabled === undefined ? {} : { enabled: values.enabled === 'true' }),
    });
    const ctx = await cliWorkspace(values.workspace);
    const endpoint = await updateEndpoint(db(), ctx, id, change);
    if (!endpoint) throw notFound(id);
    return { endpoint };
  }
  if (command === 'remove') {
    const id = endpointId(values);
    const ctx = await cliWorkspace(values.workspace);
    if (!(await removeEndpoint(db(), ctx, id))) throw notFound(id);
    return { removed: id };
  }
  if (command === 'rotate') {
    const id = endpointId(values);
    const ctx = await cliWorkspace(values.workspace);
    const rotated = await rotateEndpointSecret(db(), ctx, id);
    if (!rotated) throw notFound(id);
    return rotated;
  }
  if (command === 'replay') {
    const id = endpointId(values);
    if (values.message !== undefined && !WEBHOOK_MESSAGE_ID.test(values.message)) {
      throw new UsageError('--message takes a message id (msg_…)');
    }
    const ctx = await cliWorkspace(values.workspace);
    const replayed = await replayFailed(db(), ctx, id, values.message);
    if (replayed === null)
      throw new CommandError('NOT_FOUND', 'no such endpoint, or no failed message with this id on it');
    return { replayed };
  }
  throw new UsageError(`unknown command "${command}"`);
}

runJsonCommand(() => run(process.argv.slice(2)), USAGE);
