// `npm run --silent keys -- create|rotate|revoke`: one JSON line on stdout, errors as JSON on
// stderr with a non-zero exit. Works with or without the server running (same database).
import { parseArgs } from 'node:util';
import { CommandError, connect, runJsonCommand, UsageError } from '@/lib/cli/json-command';
import {
  createdKeyLine,
  KEY_OPTIONS,
  keyCreateInput,
  rateOption,
  scopesOption,
  shareOption,
} from '@/lib/cli/key-options';
import { parseDurationSeconds } from '@/lib/cli/parse-duration';
import { MAX_GRACE_SECONDS } from '@/lib/contract/console/keys';
import { db } from '@/lib/db/client';
import { OPERATOR } from '@/lib/services/context';
import { getGraphSharing, setGraphSharing } from '@/lib/services/graph-sharing';
import { createKey, revokeKey, rotateKey, setKeyRateLimit } from '@/lib/services/keys/manage-keys';
import { updateKey } from '@/lib/services/keys/update-key';
import { listKeys } from '@/lib/services/keys/workspace-keys';
import { getWorkspaceRateLimit, setWorkspaceRateLimit } from '@/lib/services/keys/workspace-rate-limit';

const USAGE = `usage:
  keys create --workspace NAME --scopes verify,signals,ingest,lists [--name LABEL] [--expires 90d|ISO-DATE-TIME]
              [--trial-quota N] [--rate-limit N/s] [--share on|off]
  keys list --workspace NAME
  keys update KEY_ID [--name LABEL] [--scopes verify,signals,ingest,lists] [--rate-limit N/s|default]
  keys rotate KEY_ID [--grace 1h]
  keys revoke KEY_ID
  keys limit KEY_ID --rate-limit N/s|default
  keys workspace-limit --workspace NAME [--rate-limit N/s]
  keys workspace-share --workspace NAME [--share on|off]
--rate-limit on create, update and limit is the key's own rate (default: none, the workspace's applies);
--expires: when the key stops working (a duration from now, or a date-time); --grace of rotate: how
long the old key keeps working (at most 30d, and never past its own expiry); list shows each key's
last use and requests over 24 hours and 30 days; update --name "" removes the label.
workspace-limit shows or sets the default of the workspace's keys without one;
workspace-share shows or sets whether other workspaces see this one's contributions to the graph
(off for a new workspace unless create's --share on says otherwise).`;

async function run(argv: string[]): Promise<Record<string, unknown>> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: KEY_OPTIONS,
  });
  const [command, id] = positionals;
  if (command === 'create') {
    const input = keyCreateInput(values);
    await connect();
    return createdKeyLine(await createKey(db(), input), input.expiresAt);
  }
  if (command === 'list') {
    const workspaceName = values.workspace?.trim();
    if (!workspaceName) throw new UsageError('--workspace is required');
    await connect();
    const workspace = await getWorkspaceRateLimit(db(), { workspaceName });
    if (!workspace) throw new CommandError('NOT_FOUND', `workspace ${workspaceName}: no such workspace`);
    return {
      workspace: workspaceName,
      keys: await listKeys(db(), { workspaceId: workspace.workspaceId, actor: 'cli' }),
    };
  }
  if (command === 'update') {
    if (!id) throw new UsageError('update needs a key id (key_...)');
    const text = values['rate-limit']?.trim();
    const changes = {
      ...(values.name !== undefined ? { name: values.name.trim() === '' ? null : values.name.trim() } : {}),
      ...(values.scopes !== undefined ? { scopes: scopesOption(values.scopes) } : {}),
      ...(text !== undefined ? { rateLimitPerSec: text === 'default' ? null : rateOption(text) } : {}),
    };
    if (Object.keys(changes).length === 0)
      throw new UsageError('update needs --name, --scopes or --rate-limit');
    await connect();
    const result = await updateKey(db(), OPERATOR, { id, ...changes });
    if (!result.ok)
      throw new CommandError(
        result.reason === 'not_found' ? 'NOT_FOUND' : 'KEY_REVOKED',
        `key ${id}: ${result.reason === 'not_found' ? 'no such key' : 'revoked or expired'}`,
      );
    return { ...result.value };
  }
  if (command === 'workspace-limit') {
    const workspaceName = values.workspace?.trim();
    if (!workspaceName) throw new UsageError('--workspace is required');
    const rateLimitPerSec = values['rate-limit'] === undefined ? undefined : rateOption(values['rate-limit']);
    await connect();
    const notFound = new CommandError('NOT_FOUND', `workspace ${workspaceName}: no such workspace`);
    if (rateLimitPerSec === undefined) {
      const current = await getWorkspaceRateLimit(db(), { workspaceName });
      if (!current) throw notFound;
      return { workspace: current.workspace, rateLimitPerSec: current.rateLimitPerSec };
    }
    const result = await setWorkspaceRateLimit(db(), { workspaceName, rateLimitPerSec, actor: 'cli' });
    if (!result.ok) throw notFound;
    return { workspace: workspaceName, rateLimitPerSec: result.value.rateLimitPerSec };
  }
  if (command === 'workspace-share') {
    const workspaceName = values.workspace?.trim();
    if (!workspaceName) throw new UsageError('--workspace is required');
    const share = shareOption(values.share);
    await connect();
    const notFound = new CommandError('NOT_FOUND', `workspace ${workspaceName}: no such workspace`);
    if (share === undefined) {
      const current = await getGraphSharing(db(), { workspaceName });
      if (!current) throw notFound;
      return { workspace: current.workspace, shareGraph: current.shareGraph };
    }
    const result = await setGraphSharing(db(), { workspaceName, shareGraph: share, actor: 'cli' });
    if (!result.ok) throw notFound;
    return {
      workspace: result.value.workspace,
      shareGraph: result.value.shareGraph,
      changed: result.value.changed,
    };
  }
  if (command === 'limit') {
    if (!id) throw new UsageError('limit needs a key id (key_...)');
    const text = values['rate-limit']?.trim();
    if (text === undefined) throw new UsageError('limit needs --rate-limit N/s, or --rate-limit default');
    const rateLimitPerSec = text === 'default' ? null : rateOption(text);
    await connect();
    const result = await setKeyRateLimit(db(), OPERATOR, { id, rateLimitPerSec });
    if (!result.ok) throw new CommandError('NOT_FOUND', `key ${id}: no such key`);
    return result.value;
  }
  if (command === 'rotate' || command === 'revoke') {
    if (!id) throw new UsageError(`${command} needs a key id (key_...)`);
    await connect();
    if (command === 'rotate') {
      const graceSeconds = parseDurationSeconds(values.grace ?? '1h');
      if (graceSeconds === null || graceSeconds > MAX_GRACE_SECONDS)
        throw new UsageError('--grace takes a duration such as 30m, 1h or 7d, at most 30d');
      const result = await rotateKey(db(), OPERATOR, { id, graceSeconds });
      if (!result.ok)
        throw new CommandError(
          result.reason === 'not_found' ? 'NOT_FOUND' : 'KEY_REVOKED',
          `key ${id}: ${result.reason === 'not_found' ? 'no such key' : 'already revoked or expired'}`,
        );
      const { id: newId, key, workspace, scopes, previousExpiresAt } = result.value;
      return { id: newId, key, workspace, scopes, previousKeyId: id, previousExpiresAt };
    }
    const result = await revokeKey(db(), OPERATOR, { id });
    if (!result.ok)
      throw new CommandError(
        result.reason === 'not_found' ? 'NOT_FOUND' : 'KEY_REVOKED',
        `key ${id}: ${result.reason === 'not_found' ? 'no such key' : 'already revoked'}`,
      );
    return result.value;
  }
  throw new UsageError(command ? `unknown command "${command}"` : 'missing command');
}

runJsonCommand(() => run(process.argv.slice(2)), USAGE);
