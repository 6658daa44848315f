// For the contract tests that call the services directly (beside the HTTP server): a request as
// the parser returns it, and the workspace of a fresh API key.
import { parseVerifyRequest } from '@/lib/engine/request';
import type { NormalizedRequest } from '@/lib/engine/types';
import { newKey, query } from './support';

export function parsed(body: unknown): NormalizedRequest {
  const result = parseVerifyRequest(body);
  if (!result.ok) throw new Error(JSON.stringify(result));
  return result.value;
}

export async function workspaceOfNewKey(): Promise<string> {
  const created = await newKey('verify');
  const [row] = await query<{ workspace_id: string }>('select workspace_id from api_keys where id = $1', [
    created.id,
  ]);
  if (!row) throw new Error('key not stored');
  return row.workspace_id;
}
