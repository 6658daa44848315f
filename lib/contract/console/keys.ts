// The console's key routes: request bodies (the routes parse and the forms validate with the same
// schemas) and the key list's rows.
import { z } from 'zod';
import { SCOPES } from '@/lib/contract/scopes';

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

/**
 * Where a key stands: revoked (soft, immediate), expired (its rotation grace period is over),
 * expiring (rotated, still accepted until expiresAt) or active.
 */
export type KeyStatus = 'active' | 'expiring' | 'expired' | 'revoked';

/** One row of GET /api/console/keys. */
export interface KeySummary {
  id: string;
  name: string | null;
  /** Display prefix of the secret; the secret itself is never stored. */
  start: string;
  scopes: string[];
  status: KeyStatus;
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  rotatedToId: string | null;
  /** The key's own rate (requests per second per endpoint); null: the workspace's default. */
  rateLimitPerSec: number | null;
}
