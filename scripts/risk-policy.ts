// `npm run --silent risk-policy -- show|set|reset|backtest`: a workspace's risk policy from the
// shell, through the same service code as the console. One JSON line on stdout; errors as JSON
// on stderr with a non-zero exit. Works with or without the server running (same database).
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { CommandError, connect, runJsonCommand, UsageError } from '@/lib/cli/json-command';
import { db } from '@/lib/db/client';
import { overrideEntries, parseRiskOverrides, RISK_LEVELS } from '@/lib/engine/risk-policy/overrides';
import type { RiskLevel } from '@/lib/engine/types';
import { backtest } from '@/lib/services/risk-policy/backtest';
import { changeLevel, workspaceIdByName } from '@/lib/services/risk-policy/change-level';
import { latestPolicy } from '@/lib/services/risk-policy/get-policy';
import { POLICY_CACHE_MS } from '@/lib/services/risk-policy/policy-cache';

const USAGE = `usage:
  risk-policy show --workspace NAME
  risk-policy set --workspace NAME --check ID --state S --risk HIGH|MED|LOW|NONE
  risk-policy reset --workspace NAME --check ID --state S
  risk-policy backtest --workspace NAME --file overrides.json [--days 30]`;

const isLevel = (value: string): value is RiskLevel => RISK_LEVELS.some((level) => level === value);

async function workspaceId(name: string | undefined): Promise<string> {
  if (!name?.trim()) throw new UsageError('--workspace is required');
  await connect();
  const id = await workspaceIdByName(db(), name.trim());
  if (!id) throw new CommandError('NOT_FOUND', `no workspace named "${name.trim()}"`);
  return id;
}

async function run(argv: string[]): Promise<Record<string, unknown>> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      workspace: { type: 'string' },
      check: { type: 'string' },
      state: { type: 'string' },
      risk: { type: 'string' },
      file: { type: 'string' },
      days: { type: 'string' },
    },
  });
  const [command] = positionals;
  const workspace = values.workspace?.trim();
  if (command === 'show') {
    const id = await workspaceId(workspace);
    const policy = await latestPolicy(db(), id);
    return { workspace, version: policy.version, overrides: overrideEntries(policy.overrides) };
  }
  if (command === 'set' || command === 'reset') {
    const { check, state, risk } = values;
    if (!check || !state) throw new UsageError(`${command} needs --check and --state`);
    let level: RiskLevel | null = null;
    if (command === 'set') {
      if (!risk || !isLevel(risk)) throw new UsageError(`--risk takes one of ${RISK_LEVELS.join(', ')}`);
      level = risk;
    }
    const id = await workspaceId(workspace);
    const outcome = await changeLevel(db(), {
      workspaceId: id,
      checkId: check,
      state,
      risk: level,
      actor: 'cli',
    });
    if (outcome.kind === 'invalid')
      throw new CommandError('INVALID_INPUT', outcome.errors.map((e) => e.message).join('; '));
    if (outcome.kind === 'conflict')
      throw new CommandError('CONFLICT', 'the policy changed meanwhile; run the command again');
    const policy = outcome.policy;
    return {
      workspace,
      version: policy.version,
      changed: outcome.kind === 'saved',
      overrides: overrideEntries(policy.overrides),
      // A running server reads the new version once its cached copy expires.
      effectiveWithinMs: POLICY_CACHE_MS,
    };
  }
  if (command === 'backtest') {
    if (!values.file) throw new UsageError('backtest needs --file overrides.json');
    const days = values.days === undefined ? undefined : Number(values.days);
    if (days !== undefined && (!Number.isInteger(days) || days < 1 || days > 365))
      throw new UsageError('--days takes a whole number from 1 to 365');
    let body: unknown;
    try {
      body = JSON.parse(await readFile(values.file, 'utf8'));
    } catch (error) {
      throw new UsageError(`--file: ${error instanceof Error ? error.message : String(error)}`);
    }
    const parsed = parseRiskOverrides(body);
    if (!parsed.ok) throw new CommandError('INVALID_INPUT', parsed.errors.map((e) => e.message).join('; '));
    const id = await workspaceId(workspace);
    const result = await backtest(db(), { workspaceId: id, actor: 'cli' }, parsed.value, { days });
    return { workspace, ...result };
  }
  throw new UsageError(command ? `unknown command "${command}"` : 'missing command');
}

runJsonCommand(() => run(process.argv.slice(2)), USAGE);
