// Parses PUT /api/console/rate-limit with the contract's schema (lib/contract/console/rate-limit.ts).
import {
  type WorkspaceRateLimitRequest,
  workspaceRateLimitRequestSchema,
} from '@/lib/contract/console/rate-limit';
import { fieldErrors } from '@/lib/contract/field-errors';
import type { ParseResult } from '@/lib/engine/types';

export function parseWorkspaceRateLimitRequest(body: unknown): ParseResult<WorkspaceRateLimitRequest> {
  const result = workspaceRateLimitRequestSchema.safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, code: 'INVALID_INPUT', errors: fieldErrors(result.error.issues) };
}
