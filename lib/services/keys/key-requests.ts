// Parses the console's key route bodies with the contract's schemas (lib/contract/console/keys.ts).

import {
  type CreateKeyRequest,
  createKeyRequestSchema,
  type RotateKeyRequest,
  rotateKeyRequestSchema,
  type UpdateKeyRequest,
  updateKeyRequestSchema,
} from '@/lib/contract/console/keys';
import { type UsageQuery, usageQuerySchema } from '@/lib/contract/console/usage';
import { fieldErrors } from '@/lib/contract/field-errors';
import type { ParseResult } from '@/lib/engine/types';

export function parseCreateKeyRequest(body: unknown): ParseResult<CreateKeyRequest> {
  const result = createKeyRequestSchema.safeParse(body);
  if (!result.success) return { ok: false, code: 'INVALID_INPUT', errors: fieldErrors(result.error.issues) };
  return { ok: true, value: { ...result.data, scopes: [...new Set(result.data.scopes)] } };
}

export function parseUpdateKeyRequest(body: unknown): ParseResult<UpdateKeyRequest> {
  const result = updateKeyRequestSchema.safeParse(body);
  if (!result.success) return { ok: false, code: 'INVALID_INPUT', errors: fieldErrors(result.error.issues) };
  const { name, scopes } = result.data;
  return {
    ok: true,
    value: {
      ...result.data,
      // An empty label removes it.
      ...(name !== undefined ? { name: name === '' ? null : name } : {}),
      ...(scopes ? { scopes: [...new Set(scopes)] } : {}),
    },
  };
}

export function parseRotateKeyRequest(body: unknown): ParseResult<RotateKeyRequest> {
  const result = rotateKeyRequestSchema.safeParse(body ?? {});
  if (!result.success) return { ok: false, code: 'INVALID_INPUT', errors: fieldErrors(result.error.issues) };
  return { ok: true, value: result.data };
}

/** The query of GET /api/console/usage (`key`, `endpoint`; empty means all). */
export function parseUsageQuery(params: URLSearchParams): ParseResult<UsageQuery> {
  const result = usageQuerySchema.safeParse(Object.fromEntries(params));
  if (!result.success) return { ok: false, code: 'INVALID_INPUT', errors: fieldErrors(result.error.issues) };
  const { key, endpoint } = result.data;
  return { ok: true, value: { ...(key ? { key } : {}), ...(endpoint ? { endpoint } : {}) } };
}
