// Rates of the API keys: the workspace default, its bounds, and the body of PUT
// /api/console/rate-limit (the route parses and the Admin form validates with the same schema).
import { z } from 'zod';

/**
 * A new workspace's default rate, per key and per endpoint (docs/api/limits.md):
 * 100 requests a second with a burst of as many is well above one backend's steady Verify
 * traffic, yet stops a runaway client long before it starves the other workspaces.
 */
export const DEFAULT_RATE_LIMIT_PER_SEC = 100;

/** Highest rate the console and the CLI accept: beyond it the limiter protects nothing. */
export const MAX_RATE_LIMIT_PER_SEC = 100_000;

/** A rate in requests per second (fractions allowed: 2 a minute is 1/30). */
export const rateLimitSchema = z
  .number({ error: 'must be a number of requests per second' })
  .positive('must be more than 0')
  .max(MAX_RATE_LIMIT_PER_SEC, `at most ${MAX_RATE_LIMIT_PER_SEC.toLocaleString('en')} per second`);

/** Body of PUT /api/console/rate-limit. */
export const workspaceRateLimitRequestSchema = z.strictObject({ rateLimitPerSec: rateLimitSchema });
export type WorkspaceRateLimitRequest = z.infer<typeof workspaceRateLimitRequestSchema>;
