import { z } from 'zod';
import { SCOPES } from '@/lib/contract/scopes';
import type { FieldError, ParseResult } from '@/lib/engine/types';

/** The scopes a key can hold (lib/contract/scopes.ts), for the console's form. */
export const KEY_SCOPES = SCOPES;

/** Longest rotation grace period the console offers: a month covers any deploy cycle. */
export const MAX_GRACE_SECONDS = 30 * 24 * 60 * 60;

/** Body of POST /api/console/keys; the console's form validates with the same schema. */
export const createKeyRequestSchema = z.strictObject({
  name: z.string().trim().max(80, 'at most 80 characters').optional(),
  scopes: z
    .array(z.enum(KEY_SCOPES, { error: `must be one of ${KEY_SCOPES.join(', ')}` }))
    .min(1, 'choose at least one scope'),
});
export type CreateKeyRequest = z.infer<typeof createKeyRequestSchema>;

/** Body of POST /api/console/keys/{id}/rotate: how long the old key keeps working. */
export const rotateKeyRequestSchema = z.strictObject({
  graceSeconds: z.int().min(0).max(MAX_GRACE_SECONDS).default(3600),
});
export type RotateKeyRequest = z.infer<typeof rotateKeyRequestSchema>;

/** zod issues as the API's field errors, each message led by its path. */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  return issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    const message =
      issue.code === 'unrecognized_keys' ? `unknown field(s): ${issue.keys.join(', ')}` : issue.message;
    return { path, message: `${path || 'body'}: ${message}`, code: 'INVALID_INPUT' };
  });
}

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
