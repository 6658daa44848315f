// `npm run --silent keys -- create|rotate|revoke`: one JSON line on stdout, errors as JSON on
// stderr with a non-zero exit. Works with or without the server running (same database).
import { parseArgs } from 'node:util';
import { openDatabase } from '@/lib/cli/database-url';
import { parseDurationSeconds, parseRate } from '@/lib/cli/parse-duration';
import { closeDb, configureDatabase, db } from '@/lib/db/client';
import { isScope, SCOPES, type Scope } from '@/lib/services/keys/key-material';
import { createKey, revokeKey, rotateKey } from '@/lib/services/keys/manage-keys';

const USAGE = `usage:
  keys create --workspace NAME --scopes verify,signals,ingest [--name LABEL] [--trial-quota N] [--rate-limit N/s]
  keys rotate KEY_ID [--grace 1h]
  keys revoke KEY_ID`;

class UsageError extends Error {}

function fail(code: string, message: string, exitCode: number): never {
  process.stderr.write(`${JSON.stringify({ error: code, message })}\n`);
  process.exit(exitCode);
}

async function run(argv: string[]): Promise<Record<string, unknown>> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      workspace: { type: 'string' },
      scopes: { type: 'string' },
      name: { type: 'string' },
      'trial-quota': { type: 'string' },
      'rate-limit': { type: 'string' },
      grace: { type: 'string' },
    },
  });
  const [command, id] = positionals;
  if (command === 'create') {
    if (!values.workspace?.trim()) throw new UsageError('--workspace is required');
    const scopeList = (values.scopes ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = scopeList.filter((s) => !isScope(s));
    if (scopeList.length === 0 || bad.length > 0) {
      throw new UsageError(
        `--scopes takes a comma-separated subset of ${SCOPES.join(', ')}${bad.length ? ` (unknown: ${bad.join(', ')})` : ''}`,
      );
    }
    let trialQuota: number | undefined;
    if (values['trial-quota'] !== undefined) {
      trialQuota = Number(values['trial-quota']);
      if (!Number.isInteger(trialQuota) || trialQuota < 0)
        throw new UsageError('--trial-quota takes a whole number >= 0');
    }
    let rateLimitPerSec: number | undefined;
    if (values['rate-limit'] !== undefined) {
      const parsed = parseRate(values['rate-limit']);
      if (parsed === null) throw new UsageError('--rate-limit takes N/s, N/m or N/h (e.g. 10/s)');
      rateLimitPerSec = parsed;
    }
    await openDatabase().then(setHandle);
    const issued = await createKey(db(), {
      workspace: values.workspace.trim(),
      scopes: [...new Set(scopeList)] as Scope[],
      name: values.name,
      trialQuota,
      rateLimitPerSec,
      actor: 'cli',
    });
    return { id: issued.id, key: issued.key, workspace: issued.workspace, scopes: issued.scopes };
  }
  if (command === 'rotate' || command === 'revoke') {
    if (!id) throw new UsageError(`${command} needs a key id (key_...)`);
    await openDatabase().then(setHandle);
    if (command === 'rotate') {
      const graceSeconds = parseDurationSeconds(values.grace ?? '1h');
      if (graceSeconds === null) throw new UsageError('--grace takes a duration such as 30m, 1h or 7d');
      const result = await rotateKey(db(), { id, graceSeconds, actor: 'cli' });
      if (!result.ok)
        fail(
          result.reason === 'not_found' ? 'NOT_FOUND' : 'KEY_REVOKED',
          `key ${id}: ${result.reason === 'not_found' ? 'no such key' : 'already revoked or expired'}`,
          1,
        );
      const { id: newId, key, workspace, scopes, previousExpiresAt } = result.value;
      return { id: newId, key, workspace, scopes, previousKeyId: id, previousExpiresAt };
    }
    const result = await revokeKey(db(), { id, actor: 'cli' });
    if (!result.ok)
      fail(
        result.reason === 'not_found' ? 'NOT_FOUND' : 'KEY_REVOKED',
        `key ${id}: ${result.reason === 'not_found' ? 'no such key' : 'already revoked'}`,
        1,
      );
    return result.value;
  }
  throw new UsageError(command ? `unknown command "${command}"` : 'missing command');
}

let handle: { stop(): Promise<void> } | undefined;
function setHandle(h: { url: string; stop(): Promise<void> }): void {
  handle = h;
  configureDatabase(h.url);
}

run(process.argv.slice(2))
  .then(async (result) => {
    process.stdout.write(`${JSON.stringify(result)}\n`);
    await closeDb();
    await handle?.stop();
    process.exit(0);
  })
  .catch(async (error: unknown) => {
    await closeDb().catch(() => undefined);
    await handle?.stop().catch(() => undefined);
    if (error instanceof UsageError) fail('USAGE', `${error.message}\n${USAGE}`, 2);
    fail('FAILED', error instanceof Error ? error.message : String(error), 1);
  });
