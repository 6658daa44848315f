// The workspace a CLI command acts on, by its name (`--workspace NAME`), as the `cli` actor.
import { db } from '@/lib/db/client';
import type { WorkspaceContext } from '@/lib/services/context';
import { workspaceIdByName } from '@/lib/services/risk-policy/change-level';
import { CommandError, connect, UsageError } from './json-command';

export async function cliWorkspace(name: string | undefined): Promise<WorkspaceContext> {
  const trimmed = name?.trim();
  if (!trimmed) throw new UsageError('--workspace is required');
  await connect();
  const workspaceId = await workspaceIdByName(db(), trimmed);
  if (!workspaceId) throw new CommandError('NOT_FOUND', `no workspace named "${trimmed}"`);
  return { workspaceId, actor: 'cli' };
}
