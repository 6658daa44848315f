// Parses the console's key route bodies with the contract's schemas (lib/contract/console/keys.ts).

import {
  type CreateKeyRequest,
  createKeyRequestSchema,
  type RotateKeyRequest,
  rotateKeyRequestSchema,
} from '@/lib/contract/console/keys';
import { fieldErrors } from '@/lib/contract/field-errors';
import type { ParseResult } from '@/lib/engine/types';

export function parseCreateKeyRequest(body: unknown): ParseResult<CreateKeyRequest> {
  const result = createKeyRequestSchema.safeParse(body);
  if (!result.success) return { ok: false, code: 'INVALID_INPUT', errors: fieldErrors(result.error.issues) };
  const name = result.data.name === '' ? undefined : result.data.name;
  return { ok: true, value: { scopes: [...new Set(result.data.scopes)], ...(name ? { name } : {}) } };
}

export function parseRotateKeyRequest(body: unknown): ParseResult<RotateKeyRequest> {
  const result = rotateKeyRequestSchema.safeParse(body ?? {});
  if (!result.success) return { ok: false, code: 'INVALID_INPUT', errors: fieldErrors(result.error.issues) };
  return { ok: true, value: result.data };
}
