import 'server-only';
import type { Database } from '@/lib/db/client';
import { keyCacheFor } from './key-cache';
import { hashKey, KEY_PREFIX, type Scope } from './key-material';

export interface AuthContext {
  keyId: string;
  workspaceId: string;
  scopes: readonly string[];
  trialQuota: number | null;
  /** The key's own rate if it has one, else its workspace's default: every key has a limit. */
  rateLimitPerSec: number;
}

export type AuthResult =
  | { ok: true; auth: AuthContext }
  | { ok: false; status: 401; detail: string }
  /** A known key outside its scopes: its workspace's request log and usage still count the call. */
  | { ok: false; status: 403; detail: string; keyId: string; workspaceId: string };

/** Resolves a bearer key to its workspace and checks it may call an endpoint of `scope`. */
export async function authenticate(
  db: Database,
  authorization: string | null,
  scope: Scope,
): Promise<AuthResult> {
  const match = authorization?.match(/^Bearer\s+(\S+)\s*$/i);
  const key = match?.[1];
  if (!key) {
    return { ok: false, status: 401, detail: 'Send an API key as `Authorization: Bearer <key>`.' };
  }
  if (!key.startsWith(KEY_PREFIX)) {
    return { ok: false, status: 401, detail: 'The API key is invalid, expired or revoked.' };
  }
  // In-process, stale-while-revalidate (key-cache.ts): no round trip for a key seen recently.
  const row = await keyCacheFor(db).lookup(hashKey(key));
  // One message for unknown, revoked and expired keys: no oracle for which it was.
  if (!row || row.revoked || (row.expiresAt !== null && row.expiresAt <= Date.now())) {
    return { ok: false, status: 401, detail: 'The API key is invalid, expired or revoked.' };
  }
  if (!row.scopes.includes(scope)) {
    return {
      ok: false,
      status: 403,
      detail: `This API key is not enabled for ${scope}.`,
      keyId: row.keyId,
      workspaceId: row.workspaceId,
    };
  }
  return {
    ok: true,
    auth: {
      keyId: row.keyId,
      workspaceId: row.workspaceId,
      scopes: row.scopes,
      trialQuota: row.trialQuota,
      rateLimitPerSec: row.rateLimitPerSec,
    },
  };
}
