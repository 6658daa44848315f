// The console's key routes: request bodies (the routes parse and the forms validate with the same
// schemas) and the key list's rows.
import { z } from 'zod';
import { rateLimitSchema } from '@/lib/contract/console/rate-limit';
import { SCOPES } from '@/lib/contract/scopes';

/** The scopes a key can hold (lib/contract/scopes.ts), for the console's form. */
export const KEY_SCOPES = SCOPES;

/** Longest rotation grace period the console offers: a month covers any deploy cycle. */
export const MAX_GRACE_SECONDS = 30 * 24 * 60 * 60;

/** A key can be set to expire at most this far ahead (five years). */
export const MAX_KEY_LIFETIME_DAYS = 5 * 366;

const nameSchema = z.string().trim().max(80, 'at most 80 characters');
const scopesSchema = z
  .array(z.enum(KEY_SCOPES, { error: `must be one of ${KEY_SCOPES.join(', ')}` }))
  .min(1, 'choose at least one scope');
/** The key's own rate; null (or absent on create): the workspace's default applies. */
const keyRateSchema = rateLimitSchema.nullable();

/** When a key stops working: an ISO 8601 date-time in the future, within MAX_KEY_LIFETIME_DAYS. */
export const keyExpirySchema = z.iso
  .datetime({ offset: true, error: 'must be a date and time (ISO 8601)', abort: true })
  .refine((value) => Date.parse(value) > Date.now(), { error: 'must be in the future', abort: true })
  .refine(
    (value) => Date.parse(value) <= Date.now() + MAX_KEY_LIFETIME_DAYS * 86_400_000,
    'at most five years ahead',
  );

/** Body of POST /api/console/keys; the console's form validates with the same schema. */
export const createKeyRequestSchema = z.strictObject({
  /** Required (issue 32): an unlabelled live key cannot be told apart from the others later. */
  name: z
    .string({ error: 'give the key a label' })
    .trim()
    .min(1, 'give the key a label')
    .max(80, 'at most 80 characters'),
  scopes: scopesSchema,
  /** Absent or null: the key never expires (it can still be rotated or revoked). */
  expiresAt: keyExpirySchema.nullable().optional(),
  rateLimitPerSec: keyRateSchema.optional(),
});
export type CreateKeyRequest = z.infer<typeof createKeyRequestSchema>;

/** Body of PATCH /api/console/keys/{id}: the fields to change (an empty label removes it). */
export const updateKeyRequestSchema = z
  .strictObject({
    name: nameSchema.nullable().optional(),
    scopes: scopesSchema.optional(),
    rateLimitPerSec: keyRateSchema.optional(),
  })
  .refine(
    (body) => body.name !== undefined || body.scopes !== undefined || body.rateLimitPerSec !== undefined,
    'send at least one of name, scopes, rateLimitPerSec',
  );
export type UpdateKeyRequest = z.infer<typeof updateKeyRequestSchema>;

/** Answer of PATCH /api/console/keys/{id}: the key's settings now, and which of them changed. */
export interface UpdatedKey {
  id: string;
  name: string | null;
  scopes: string[];
  rateLimitPerSec: number | null;
  changed: ('name' | 'scopes' | 'rateLimitPerSec')[];
}

/** Body of POST /api/console/keys/{id}/rotate: how long the old key keeps working. */
export const rotateKeyRequestSchema = z.strictObject({
  graceSeconds: z.int().min(0).max(MAX_GRACE_SECONDS).default(3600),
});
export type RotateKeyRequest = z.infer<typeof rotateKeyRequestSchema>;

/** A key whose expiry is this close shows as expiring. */
export const EXPIRING_SOON_DAYS = 7;

/**
 * Where a key stands: revoked (soft, immediate), expired (past expiresAt), expiring (rotated and
 * in its grace period, or expiring within EXPIRING_SOON_DAYS) or active (perhaps with a later expiry).
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
  /** Last authenticated request, seconds behind at most (usage is counted in batches). */
  lastUsedAt: string | null;
  /** Requests with this key over the last 24 hours (by the hour) and the last 30 days. */
  requests24h: number;
  requests30d: number;
}
